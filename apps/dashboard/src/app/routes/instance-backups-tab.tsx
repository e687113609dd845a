import { PageSpinner } from '@/components/ui/spinner.tsx';
import { BackupsScreen } from '@/features/backups/components/backups-screen.tsx';
import { startDownload } from '@/features/files/download-link.ts';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewerCan } from '../use-viewer.ts';

/**
 * The Backups tab (Hearth, issue 13): reading the files lists, makes and downloads backups;
 * writing them locks and sets retention; restoring and deleting also need the stop permission.
 */
export function InstanceBackupsTab({ instance }: InstanceTabProps) {
  const can = useViewerCan();
  if (!can) return <PageSpinner />;
  const on = instance.uuid;
  const read = can({ type: 'ReadInstanceFile', instance: on });
  const write = can({ type: 'WriteInstanceFile', instance: on });
  const stop = can({ type: 'StopInstance', instance: on });
  return (
    <BackupsScreen
      instance={instance}
      rights={{ read, write, replace: write && stop }}
      download={startDownload}
    />
  );
}
