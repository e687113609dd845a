import { formatBytes, formatHost } from '@hearth/protocol';
import type { InstanceInfo } from '@hearth/protocol';
import { Badge } from '@/components/ui/badge.tsx';
import type { BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { InstanceGrid } from '@/features/instances/components/instance-grid.tsx';
import { countByState } from '@/features/instances/fleet.ts';
import type { FleetCoreState, FleetCoreView } from './use-fleet.ts';

const STATE_BADGE: Record<FleetCoreState, { text: string; tone: BadgeTone }> = {
  connecting: { text: 'Connecting', tone: 'neutral' },
  connected: { text: 'Connected', tone: 'success' },
  down: { text: 'Down', tone: 'danger' },
  'signed-out': { text: 'Signed out', tone: 'neutral' },
};

function usedOf({ total, free }: { total: number; free: number }): string {
  return `${formatBytes(Math.max(0, total - free))} / ${formatBytes(total)}`;
}

function HostFigures({ core }: { core: FleetCoreView }) {
  const host = core.host;
  const figures: [string, string][] = [
    ['Version', core.version ?? '—'],
    ['Host CPU', host ? `${host.cpu.cpu_load.toFixed(0)} %` : '—'],
    ['Host memory', host ? usedOf(host.ram) : '—'],
    ['Host disk', host ? usedOf(host.disk) : '—'],
  ];
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs">
      {figures.map(([label, value]) => (
        <div key={label} className="flex gap-1.5">
          <dt className="text-faint">{label}</dt>
          <dd aria-label={label} className="tabular-nums text-muted">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "2 Running · 1 Stopped": the core's instances by state. */
export function stateCounts(instances: readonly InstanceInfo[]): string {
  const counts = Object.entries(countByState(instances));
  if (counts.length === 0) return 'No instances';
  return counts.map(([state, n]) => `${n} ${state}`).join(' · ');
}

/**
 * One core on the fleet home: its name, address, connection, version, host figures and
 * instance counts, then its instance cards — or why they are not shown (down, not signed in).
 */
export function CoreSection({
  core,
  visible,
  onSignIn,
  onOpen,
}: {
  core: FleetCoreView;
  /** Its instances that pass the filters (null: not known). */
  visible: readonly InstanceInfo[] | null;
  onSignIn: (core: FleetCoreView) => void;
  onOpen: (core: FleetCoreView, uuid: string) => void;
}) {
  const badge = STATE_BADGE[core.state];
  return (
    <section
      aria-label={core.name}
      className="flex flex-col gap-4 rounded-2xl border border-line p-4"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            {core.name}
            {core.isCurrent ? (
              <span className="text-xs font-normal text-faint">current</span>
            ) : null}
          </h2>
          <span className="truncate text-xs text-muted">{`${core.connection.protocol}://${formatHost(core.connection.address)}:${core.connection.port}`}</span>
          <HostFigures core={core} />
        </div>
        <div className="flex flex-col items-end gap-1">
          <span role="status" aria-label={`${core.name}: ${badge.text}`}>
            <Badge tone={badge.tone}>{badge.text}</Badge>
          </span>
          {core.instances ? (
            <span className="text-xs text-muted">{stateCounts(core.instances)}</span>
          ) : null}
        </div>
      </header>
      <CoreBody core={core} visible={visible} onSignIn={onSignIn} onOpen={onOpen} />
    </section>
  );
}

function CoreBody({
  core,
  visible,
  onSignIn,
  onOpen,
}: {
  core: FleetCoreView;
  visible: readonly InstanceInfo[] | null;
  onSignIn: (core: FleetCoreView) => void;
  onOpen: (core: FleetCoreView, uuid: string) => void;
}) {
  if (core.state === 'down')
    return (
      <p className="text-sm text-danger">
        This core cannot be reached. The others are not affected; it shows here again when it is
        back.
      </p>
    );
  if (core.state === 'signed-out')
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">Sign in to this core to see its instances.</p>
        <Button variant="primary" size="sm" onClick={() => onSignIn(core)}>
          Sign in
        </Button>
      </div>
    );
  if (core.instancesPending || visible === null) return <PageSpinner />;
  if (visible.length === 0)
    return (
      <p className="text-sm text-muted">
        {core.instances?.length ? 'No instances match the filters.' : 'No instances yet.'}
      </p>
    );
  return (
    <InstanceGrid
      instances={visible}
      viewer={core.viewer}
      host={core.gameHost}
      onOpen={(uuid) => onOpen(core, uuid)}
      core={core.isCurrent ? undefined : core.connection}
      label={core.isCurrent ? 'Instances' : `Instances on ${core.name}`}
    />
  );
}
