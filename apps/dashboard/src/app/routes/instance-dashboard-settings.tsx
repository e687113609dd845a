import { useAppNavigate } from '@/lib/url-state.ts';
import { SettingsTab } from '@/features/instances/components/settings-tab.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/** Instance Settings; after a delete the instance is deselected (dashboard.md §7). */
export function InstanceSettingsTab({ instance }: InstanceTabProps) {
  const viewer = useViewer();
  const navigate = useAppNavigate();
  return (
    <SettingsTab
      instance={instance}
      viewer={viewer}
      onDeleted={() => void navigate('/', { clear: ['instance'] })}
    />
  );
}
