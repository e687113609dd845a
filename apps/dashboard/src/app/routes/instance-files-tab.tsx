import { PageSpinner } from '@/components/ui/spinner.tsx';
import { hasInstancePermission } from '@/lib/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { FilesScreen } from '@/features/files/components/files-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';

/** The Files tab: the files feature, gated by can_read / can_write_instance_file (dashboard.md §6). */
export function InstanceFilesTab({ instance }: InstanceTabProps) {
  const user = useCurrentUser();
  if (user.isPending) return <PageSpinner />;
  const canRead = hasInstancePermission(user.data, 'can_read_instance_file', instance.uuid);
  const canWrite = hasInstancePermission(user.data, 'can_write_instance_file', instance.uuid);
  return <FilesScreen instance={instance} canRead={canRead} canWrite={canWrite} />;
}
