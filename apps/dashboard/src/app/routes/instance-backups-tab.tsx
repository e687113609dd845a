import { PageSpinner } from '@/components/ui/spinner.tsx';
import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { BackupsScreen } from '@/features/backups/components/backups-screen.tsx';
import { startDownload } from '@/features/files/download-link.ts';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/**
 * The Backups tab (Hearth, issue 13): reading the files lists, makes and downloads backups;
 * writing them locks and sets retention; restoring and deleting also need the stop permission.
 */
export function InstanceBackupsTab({ instance }: InstanceTabProps) {
  const user = useCurrentUser();
  const viewer = useViewer();
  if (user.isPending) return <PageSpinner />;
  const on = instance.uuid;
  const read = viewerCan(viewer, { type: 'ReadInstanceFile', instance: on });
  const write = viewerCan(viewer, { type: 'WriteInstanceFile', instance: on });
  const stop = viewerCan(viewer, { type: 'StopInstance', instance: on });
  return (
    <BackupsScreen
      instance={instance}
      rights={{ read, write, replace: write && stop }}
      download={startDownload}
    />
  );
}
