import { PageSpinner } from '@/components/ui/spinner.tsx';
import { SchedulesScreen } from '@/features/schedules/components/schedules-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewerCan } from '../use-viewer.ts';

/**
 * The Schedules tab (Hearth, issue 13): viewing needs can_view_instance, editing
 * can_access_instance_setting; each step also needs its own permission when it runs.
 */
export function InstanceSchedulesTab({ instance }: InstanceTabProps) {
  const can = useViewerCan();
  if (!can) return <PageSpinner />;
  return (
    <SchedulesScreen
      instance={instance}
      canView={can({ type: 'ViewInstance', instance: instance.uuid })}
      canEdit={can({ type: 'AccessSetting', instance: instance.uuid })}
    />
  );
}
