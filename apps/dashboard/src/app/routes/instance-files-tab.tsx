import { PageSpinner } from '@/components/ui/spinner.tsx';
import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { FilesScreen } from '@/features/files/components/files-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/** The Files tab: the files feature, gated by can_read / can_write_instance_file (dashboard.md §6). */
export function InstanceFilesTab({ instance }: InstanceTabProps) {
  const user = useCurrentUser();
  const viewer = useViewer();
  if (user.isPending) return <PageSpinner />;
  const canRead = viewerCan(viewer, { type: 'ReadInstanceFile', instance: instance.uuid });
  const canWrite = viewerCan(viewer, { type: 'WriteInstanceFile', instance: instance.uuid });
  return <FilesScreen instance={instance} canRead={canRead} canWrite={canWrite} />;
}
