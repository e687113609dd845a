import { Trans } from '@lingui/react/macro';
import { useSearchParams } from '@/lib/router/router.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { useCurrentCore } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { useAccessOverview } from '@/features/access/api/get-access-overview.ts';
import { MemberAccess } from '@/features/access/components/member-access.tsx';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { useInstances } from '@/features/instances/api/get-instances.ts';
import { useGlobalSettings } from '@/features/settings/api/get-global-settings.ts';
import { UsersPanel } from '@/features/users/components/users-panel.tsx';

/**
 * /settings/users — User Settings; the `user` query parameter selects a member; the instance list
 * feeds the permission lists. Each member shows whether they have two-factor sign-in on, and a
 * selected member their sign-in and sessions (issue 28).
 */
export function SettingsUsersRoute() {
  const core = useCurrentCore();
  const me = useCurrentUser();
  const settings = useGlobalSettings();
  const instances = useInstances();
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  // Who has two-factor sign-in on (a Lodestone core has no such route: no badges then).
  const access = useAccessOverview(core, me.data?.is_owner === true);
  if (!core || me.isPending) return <PageSpinner />;
  if (!me.data) return null;
  const twoFactorOn = (uid: string) => access.data?.find((a) => a.uid === uid)?.two_factor;
  return (
    <UsersPanel
      core={core}
      me={me.data}
      selectedUid={params.get('user')}
      onSelect={(uid) =>
        void navigate(
          '/settings/users',
          uid === null ? { clear: ['user'] } : { set: { user: uid } },
        )
      }
      safeMode={settings.data?.safe_mode ?? true}
      instances={instances.data ?? []}
      instancesError={instances.isError ? toUserMessage(instances.error) : null}
      memberExtra={(user) =>
        twoFactorOn(user.uid) ? (
          <Badge tone="success">
            <Trans>Two-factor</Trans>
          </Badge>
        ) : null
      }
      selectedExtra={(user) =>
        // Your own sign-in is managed in your Profile.
        user.uid === me.data?.uid ? null : (
          <MemberAccess key={`access-${user.uid}`} core={core} user={user} />
        )
      }
    />
  );
}
