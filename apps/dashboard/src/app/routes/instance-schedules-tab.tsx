import { PageSpinner } from '@/components/ui/spinner.tsx';
import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { SchedulesScreen } from '@/features/schedules/components/schedules-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/**
 * The Schedules tab (Hearth, issue 13): viewing needs can_view_instance, editing
 * can_access_instance_setting; each step also needs its own permission when it runs.
 */
export function InstanceSchedulesTab({ instance }: InstanceTabProps) {
  const user = useCurrentUser();
  const viewer = useViewer();
  if (user.isPending) return <PageSpinner />;
  return (
    <SchedulesScreen
      instance={instance}
      canView={viewerCan(viewer, { type: 'ViewInstance', instance: instance.uuid })}
      canEdit={viewerCan(viewer, { type: 'AccessSetting', instance: instance.uuid })}
    />
  );
}
