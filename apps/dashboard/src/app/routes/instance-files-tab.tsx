import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useCurrentCore } from '@/lib/session.ts';
import { FilesScreen } from '@/features/files/components/files-screen.tsx';
import { SftpFilesHint } from '@/features/sftp/components/sftp-files-hint.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewerCan } from '../use-viewer.ts';

/**
 * The Files tab: the files feature, gated by can_read / can_write_instance_file (dashboard.md §6),
 * with the viewer's SFTP address for this instance in its footer.
 */
export function InstanceFilesTab({ instance }: InstanceTabProps) {
  const can = useViewerCan();
  const core = useCurrentCore();
  if (!can) return <PageSpinner />;
  const canRead = can({ type: 'ReadInstanceFile', instance: instance.uuid });
  const canWrite = can({ type: 'WriteInstanceFile', instance: instance.uuid });
  return (
    <FilesScreen
      instance={instance}
      canRead={canRead}
      canWrite={canWrite}
      footerExtra={core ? <SftpFilesHint core={core} instance={instance.uuid} /> : null}
    />
  );
}
