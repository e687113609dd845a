import { formatHost } from '@hearth/protocol';
import type { InstanceInfo, InstanceState } from '@hearth/protocol';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@/components/ui/badge.tsx';
import type { BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { InstanceGrid } from '@/features/instances/components/instance-grid.tsx';
import { countByState } from '@/features/instances/fleet.ts';
import { formatNumber, formatSize } from '@/lib/i18n/format.ts';
import type { FleetCoreState, FleetCoreView } from './use-fleet.ts';

const STATE_BADGE: Record<FleetCoreState, { text: MessageDescriptor; tone: BadgeTone }> = {
  connecting: { text: msg`Connecting`, tone: 'neutral' },
  connected: { text: msg`Connected`, tone: 'success' },
  down: { text: msg`Down`, tone: 'danger' },
  'signed-out': { text: msg`Signed out`, tone: 'neutral' },
};

function usedOf({ total, free }: { total: number; free: number }): string {
  return `${formatSize(Math.max(0, total - free))} / ${formatSize(total)}`;
}

function HostFigures({ core }: { core: FleetCoreView }) {
  const { t } = useLingui();
  const host = core.host;
  const figures: [string, string][] = [
    [t`Version`, core.version ?? '—'],
    [
      t`Host CPU`,
      host ? `${formatNumber(host.cpu.cpu_load, { maximumFractionDigits: 0 })} %` : '—',
    ],
    [t`Host memory`, host ? usedOf(host.ram) : '—'],
    [t`Host disk`, host ? usedOf(host.disk) : '—'],
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

/** "2 Running": one message per state, so each language words the pair its own way. */
function stateCount(state: InstanceState, n: number): string {
  switch (state) {
    case 'Running':
      return t`${n} Running`;
    case 'Starting':
      return t`${n} Starting`;
    case 'Stopping':
      return t`${n} Stopping`;
    case 'Stopped':
      return t`${n} Stopped`;
    case 'Error':
      return t`${n} Error`;
  }
}

/** "2 Running · 1 Stopped": the core's instances by state. */
export function stateCounts(instances: readonly InstanceInfo[]): string {
  const counts = Object.entries(countByState(instances)) as [InstanceState, number][];
  if (counts.length === 0) return t`No instances`;
  return counts.map(([state, n]) => stateCount(state, n)).join(' · ');
}

interface CoreSectionProps {
  core: FleetCoreView;
  /** Its instances that pass the filters (null: not known). */
  visible: readonly InstanceInfo[] | null;
  onSignIn: (core: FleetCoreView) => void;
  onOpen: (core: FleetCoreView, uuid: string) => void;
}

/**
 * One core on the fleet home: its name, address, connection, version, host figures and
 * instance counts, then its instance cards — or why they are not shown (down, not signed in).
 */
export function CoreSection({ core, visible, onSignIn, onOpen }: CoreSectionProps) {
  const { i18n } = useLingui();
  const badge = STATE_BADGE[core.state];
  const badgeText = i18n._(badge.text);
  const name = core.name;
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
              <span className="text-xs font-normal text-faint">
                <Trans>current</Trans>
              </span>
            ) : null}
          </h2>
          <span className="truncate text-xs text-muted">{`${core.connection.protocol}://${formatHost(core.connection.address)}:${core.connection.port}`}</span>
          <HostFigures core={core} />
        </div>
        <div className="flex flex-col items-end gap-1">
          <span role="status" aria-label={`${name}: ${badgeText}`}>
            <Badge tone={badge.tone}>{badgeText}</Badge>
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

function CoreBody({ core, visible, onSignIn, onOpen }: CoreSectionProps) {
  const { t } = useLingui();
  const name = core.name;
  if (core.state === 'down')
    return (
      <p className="text-sm text-danger">
        <Trans>
          This core cannot be reached. The others are not affected; it shows here again when it is
          back.
        </Trans>
      </p>
    );
  if (core.state === 'signed-out')
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          <Trans>Sign in to this core to see its instances.</Trans>
        </p>
        <Button variant="primary" size="sm" onClick={() => onSignIn(core)}>
          <Trans>Sign in</Trans>
        </Button>
      </div>
    );
  if (core.instancesPending || visible === null) return <PageSpinner />;
  if (visible.length === 0)
    return (
      <p className="text-sm text-muted">
        {core.instances?.length ? t`No instances match the filters.` : t`No instances yet.`}
      </p>
    );
  return (
    <InstanceGrid
      instances={visible}
      viewer={core.viewer}
      host={core.gameHost}
      onOpen={(uuid) => onOpen(core, uuid)}
      core={core.isCurrent ? undefined : core.connection}
      label={core.isCurrent ? t`Instances` : t`Instances on ${name}`}
    />
  );
}
