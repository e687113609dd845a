import { PageSpinner } from '@/components/ui/spinner.tsx';
import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { AddonsScreen } from '@/features/addons/components/addons-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/**
 * The Add-ons tab (Hearth, issue 27): reading files searches Modrinth and lists what is
 * installed; writing them installs, updates and removes datapacks, and with the protected-file
 * right (global file write) mods and plugins too.
 */
export function InstanceAddonsTab({ instance }: InstanceTabProps) {
  const user = useCurrentUser();
  const viewer = useViewer();
  if (user.isPending) return <PageSpinner />;
  const on = instance.uuid;
  const read = viewerCan(viewer, { type: 'ReadInstanceFile', instance: on });
  const write = viewerCan(viewer, { type: 'WriteInstanceFile', instance: on });
  const writeJar = viewerCan(viewer, { type: 'WriteGlobalFile' });
  return <AddonsScreen instance={instance} rights={{ read, write, writeJar }} />;
}
