import { PageSpinner } from '@/components/ui/spinner.tsx';
import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { ConsoleScreen } from '@/features/console/components/console-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/** The Console tab: the console feature, gated by can_access_instance_console (dashboard.md §6). */
export function InstanceConsoleTab({ instance }: InstanceTabProps) {
  const user = useCurrentUser();
  const viewer = useViewer();
  if (user.isPending) return <PageSpinner />;
  const canAccess = viewerCan(viewer, { type: 'AccessConsole', instance: instance.uuid });
  return <ConsoleScreen instance={instance} canAccessConsole={canAccess} />;
}
