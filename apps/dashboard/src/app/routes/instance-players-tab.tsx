import { PageSpinner } from '@/components/ui/spinner.tsx';
import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { PlayersScreen } from '@/features/players/components/players-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/** The Players tab (Hearth, issue 27): kick, ban, op and whitelist, gated by can_manage_instance_players. */
export function InstancePlayersTab({ instance }: InstanceTabProps) {
  const user = useCurrentUser();
  const viewer = useViewer();
  if (user.isPending) return <PageSpinner />;
  return (
    <PlayersScreen
      instance={instance}
      canManage={viewerCan(viewer, { type: 'ManagePlayers', instance: instance.uuid })}
    />
  );
}
