import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentCore } from '@/lib/session.ts';
import { useCoreInfo } from '@/features/connection/api/get-core-info.ts';
import { OverviewTab } from '@/features/instances/components/overview-tab.tsx';
import { PlayerMenu } from '@/features/players/components/player-menu.tsx';
import { useGlobalSettings } from '@/features/settings/api/get-global-settings.ts';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/**
 * Overview: the core's public domain (else its address) and total RAM come from other features, and
 * so do the player list's actions (kick, ban, op, whitelist) for those who may manage players.
 */
export function InstanceOverviewTab({ instance }: InstanceTabProps) {
  const viewer = useViewer();
  const info = useCoreInfo();
  const settings = useGlobalSettings();
  const core = useCurrentCore();
  const domain = settings.data?.domain?.trim();
  const host = domain || core?.address || 'localhost';
  const canManage = viewerCan(viewer, { type: 'ManagePlayers', instance: instance.uuid });
  return (
    <OverviewTab
      instance={instance}
      viewer={viewer}
      host={host}
      totalRam={info.data?.total_ram}
      {...(canManage
        ? { playerActions: (name: string) => <PlayerMenu instance={instance} name={name} /> }
        : {})}
    />
  );
}
