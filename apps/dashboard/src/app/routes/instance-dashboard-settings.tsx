import { useAppNavigate } from '@/lib/url-state.ts';
import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentCore, useSession } from '@/lib/session.ts';
import { MoveInstance } from '@/features/instances/components/move-instance.tsx';
import { SettingsTab } from '@/features/instances/components/settings-tab.tsx';
import { useGlobalSettings } from '@/features/settings/api/get-global-settings.ts';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { coreReachableUrl, useMoveTargets } from '../fleet/use-move-targets.ts';
import { useViewer } from '../use-viewer.ts';

/**
 * Instance Settings; after a delete the instance is deselected (dashboard.md §7). With other saved
 * cores, its Danger Zone offers to move the instance to one of them (issue 26).
 */
export function InstanceSettingsTab({ instance }: InstanceTabProps) {
  const viewer = useViewer();
  const navigate = useAppNavigate();
  const core = useCurrentCore();
  const domain = useGlobalSettings().data?.domain;
  const targets = useMoveTargets();
  // Only with other saved cores: the single-core screen stays as it was.
  const fleet = useSession().cores.length > 1;
  const move =
    core && fleet ? (
      <MoveInstance
        instance={instance}
        source={core}
        sourceUrl={coreReachableUrl(core, domain)}
        targets={targets}
        canExport={viewerCan(viewer, { type: 'ReadInstanceFile', instance: instance.uuid })}
      />
    ) : null;
  return (
    <SettingsTab
      instance={instance}
      viewer={viewer}
      onDeleted={() => void navigate('/', { clear: ['instance'] })}
      dangerExtra={move}
    />
  );
}
