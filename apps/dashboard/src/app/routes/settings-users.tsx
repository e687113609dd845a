import { useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useCurrentCore } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { useGlobalSettings } from '@/features/settings/api/get-global-settings.ts';
import { UsersPanel } from '@/features/users/components/users-panel.tsx';

/** /settings/users — User Settings; the `user` query parameter selects a member. */
export function SettingsUsersRoute() {
  const core = useCurrentCore();
  const me = useCurrentUser();
  const settings = useGlobalSettings();
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  if (!core || me.isPending) return <PageSpinner />;
  if (!me.data) return null;
  return (
    <UsersPanel
      core={core}
      me={me.data}
      selectedUid={params.get('user')}
      onSelect={(uid) => void navigate('/settings/users', uid === null ? { clear: ['user'] } : { set: { user: uid } })}
      safeMode={settings.data?.safe_mode ?? true}
    />
  );
}
