import { PageSpinner } from '@/components/ui/spinner.tsx';
import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentCore } from '@/lib/session.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { FilesScreen } from '@/features/files/components/files-screen.tsx';
import { SftpFilesHint } from '@/features/sftp/components/sftp-files-hint.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/**
 * The Files tab: the files feature, gated by can_read / can_write_instance_file (dashboard.md §6),
 * with the viewer's SFTP address for this instance in its footer.
 */
export function InstanceFilesTab({ instance }: InstanceTabProps) {
  const user = useCurrentUser();
  const viewer = useViewer();
  const core = useCurrentCore();
  if (user.isPending) return <PageSpinner />;
  const canRead = viewerCan(viewer, { type: 'ReadInstanceFile', instance: instance.uuid });
  const canWrite = viewerCan(viewer, { type: 'WriteInstanceFile', instance: instance.uuid });
  return (
    <FilesScreen
      instance={instance}
      canRead={canRead}
      canWrite={canWrite}
      footerExtra={core ? <SftpFilesHint core={core} instance={instance.uuid} /> : null}
    />
  );
}
