import { PageSpinner } from '@/components/ui/spinner.tsx';
import { ConsoleScreen } from '@/features/console/components/console-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewerCan } from '../use-viewer.ts';

/** The Console tab: the console feature, gated by can_access_instance_console (dashboard.md §6). */
export function InstanceConsoleTab({ instance }: InstanceTabProps) {
  const can = useViewerCan();
  if (!can) return <PageSpinner />;
  const canAccess = can({ type: 'AccessConsole', instance: instance.uuid });
  return <ConsoleScreen instance={instance} canAccessConsole={canAccess} />;
}
