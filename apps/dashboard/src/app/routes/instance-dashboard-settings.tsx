import { useAppNavigate } from '@/lib/url-state.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { SettingsTab } from '@/features/instances/components/settings-tab.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';

/** Instance Settings; after a delete the instance is deselected (dashboard.md §7). */
export function InstanceSettingsTab({ instance }: InstanceTabProps) {
  const user = useCurrentUser();
  const navigate = useAppNavigate();
  return (
    <SettingsTab
      instance={instance}
      user={user.data}
      onDeleted={() => void navigate('/', { clear: ['instance'] })}
    />
  );
}
