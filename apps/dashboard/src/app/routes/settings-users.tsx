import { useSearchParams } from '@/lib/router/router.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { useCurrentCore } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { useInstances } from '@/features/instances/api/get-instances.ts';
import { useGlobalSettings } from '@/features/settings/api/get-global-settings.ts';
import { UsersPanel } from '@/features/users/components/users-panel.tsx';

/** /settings/users — User Settings; the `user` query parameter selects a member; the instance list feeds the permission lists. */
export function SettingsUsersRoute() {
  const core = useCurrentCore();
  const me = useCurrentUser();
  const settings = useGlobalSettings();
  const instances = useInstances();
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  if (!core || me.isPending) return <PageSpinner />;
  if (!me.data) return null;
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
    />
  );
}
