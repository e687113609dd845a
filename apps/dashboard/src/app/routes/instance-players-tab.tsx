import { PageSpinner } from '@/components/ui/spinner.tsx';
import { PlayersScreen } from '@/features/players/components/players-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewerCan } from '../use-viewer.ts';

/** The Players tab (Hearth, issue 27): kick, ban, op and whitelist, gated by can_manage_instance_players. */
export function InstancePlayersTab({ instance }: InstanceTabProps) {
  const can = useViewerCan();
  if (!can) return <PageSpinner />;
  return (
    <PlayersScreen
      instance={instance}
      canManage={can({ type: 'ManagePlayers', instance: instance.uuid })}
    />
  );
}
