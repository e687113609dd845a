import { PageSpinner } from '@/components/ui/spinner.tsx';
import { AddonsScreen } from '@/features/addons/components/addons-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewerCan } from '../use-viewer.ts';

/**
 * The Add-ons tab (Hearth, issue 27): reading files searches Modrinth and lists what is
 * installed; writing them installs, updates and removes datapacks, and with the protected-file
 * right (global file write) mods and plugins too.
 */
export function InstanceAddonsTab({ instance }: InstanceTabProps) {
  const can = useViewerCan();
  if (!can) return <PageSpinner />;
  const on = instance.uuid;
  const read = can({ type: 'ReadInstanceFile', instance: on });
  const write = can({ type: 'WriteInstanceFile', instance: on });
  const writeJar = can({ type: 'WriteGlobalFile' });
  return <AddonsScreen instance={instance} rights={{ read, write, writeJar }} />;
}
