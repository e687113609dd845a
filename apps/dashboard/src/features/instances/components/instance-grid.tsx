import { useLingui } from '@lingui/react/macro';
import type { InstanceInfo, InstanceState } from '@hearth/protocol';
import type { Viewer } from '@/lib/permissions.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { InstanceCard } from './instance-card.tsx';

/** Live cards on home at most: each holds a monitor socket open. */
export const HOME_LIVE_MONITORS = 12;

/** A monitor socket is worth opening only while a process runs. */
const HAS_PROCESS: ReadonlySet<InstanceState> = new Set(['Starting', 'Running', 'Stopping']);

/**
 * Which cards show live CPU and memory: those with a process, in grid order, at most
 * HOME_LIVE_MONITORS — each is one monitor socket, and a core may hold many instances.
 */
export function liveCards(instances: readonly InstanceInfo[]): ReadonlySet<string> {
  const live = new Set<string>();
  for (const instance of instances) {
    if (live.size >= HOME_LIVE_MONITORS) break;
    if (HAS_PROCESS.has(instance.state)) live.add(instance.uuid);
  }
  return live;
}

/** Every instance at a glance (issue 15 #11), in the list's order. */
export function InstanceGrid({
  instances,
  viewer,
  host,
  onOpen,
  core,
  label,
}: {
  instances: readonly InstanceInfo[];
  viewer: Viewer | undefined;
  host: string;
  onOpen: (uuid: string) => void;
  /**
   * Another saved core than the current one (the fleet home): actions go there, and no monitor
   * socket is opened (live figures are the current core's).
   */
  core?: CoreConnection | undefined;
  label?: string;
}) {
  const { t } = useLingui();
  const live = core ? new Set<string>() : liveCards(instances);
  return (
    <ul
      aria-label={label ?? t`Instances`}
      className="grid grid-cols-[repeat(auto-fill,minmax(18rem,1fr))] gap-4"
    >
      {instances.map((instance) => (
        <li key={instance.uuid} className="min-w-0">
          <InstanceCard
            instance={instance}
            viewer={viewer}
            host={host}
            live={live.has(instance.uuid)}
            onOpen={onOpen}
            core={core}
          />
        </li>
      ))}
    </ul>
  );
}
