import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { SelectField, TextField } from '@/components/ui/field.tsx';
import { selectCore } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import {
  INSTANCE_STATES,
  NO_FILTER,
  filterFleet,
  fleetGames,
  summarizeFleet,
} from '@/features/instances/fleet.ts';
import type { FleetFilter } from '@/features/instances/fleet.ts';
import { stateLabel } from '@/features/instances/components/instance-state.tsx';
import { formatNumber } from '@/lib/i18n/format.ts';
import type { InstanceState } from '@hearth/protocol';
import { CoreSection } from './core-section.tsx';
import { useFleet } from './use-fleet.ts';
import type { FleetCoreView } from './use-fleet.ts';

const ALL = '';

function FleetSummary({ cores }: { cores: readonly FleetCoreView[] }) {
  const { t } = useLingui();
  const summary = summarizeFleet(cores);
  const running = formatNumber(summary.running);
  const instances = formatNumber(summary.instances);
  const up = formatNumber(summary.coresUp);
  const known = formatNumber(summary.coresUp + summary.coresDown);
  const figures: [string, string][] = [
    [t`Players online`, formatNumber(summary.playersOnline)],
    [t`Servers running`, t`${running} of ${instances}`],
    [t`Cores up`, t`${up} of ${known}`],
  ];
  return (
    <section aria-label={t`Fleet summary`} className="flex flex-col gap-3">
      <dl className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-line bg-panel px-4 py-3">
            <dt className="text-xs text-faint">{label}</dt>
            <dd aria-label={label} className="text-xl font-semibold tabular-nums">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {summary.warnings.length > 0 ? (
        <ul aria-label={t`Core warnings`} className="flex flex-col gap-1 text-sm text-warning">
          {summary.warnings.flatMap(({ core, warnings }) =>
            warnings.map((warning) => <li key={`${core}:${warning}`}>{`${core}: ${warning}`}</li>),
          )}
        </ul>
      ) : null}
    </section>
  );
}

function FleetFilters({
  cores,
  filter,
  onChange,
}: {
  cores: readonly FleetCoreView[];
  filter: FleetFilter;
  onChange: (next: FleetFilter) => void;
}) {
  const { t } = useLingui();
  return (
    <div role="search" className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-3">
      <TextField
        label={t`Search instances`}
        type="search"
        value={filter.search}
        onChange={(e) => onChange({ ...filter, search: e.target.value })}
      />
      <SelectField
        label={t`State`}
        value={filter.state ?? ALL}
        options={[
          { value: ALL, label: t`All states` },
          ...INSTANCE_STATES.map((s) => ({ value: s, label: stateLabel(s) })),
        ]}
        onChange={(e) =>
          onChange({
            ...filter,
            state: e.target.value === ALL ? null : (e.target.value as InstanceState),
          })
        }
      />
      <SelectField
        label={t`Game`}
        value={filter.game ?? ALL}
        options={[
          { value: ALL, label: t`All games` },
          ...fleetGames(cores).map((g) => ({ value: g, label: g })),
        ]}
        onChange={(e) =>
          onChange({ ...filter, game: e.target.value === ALL ? null : e.target.value })
        }
      />
      <SelectField
        label={t`Core`}
        value={filter.core ?? ALL}
        options={[
          { value: ALL, label: t`All cores` },
          ...cores.map((c) => ({ value: c.key, label: c.name })),
        ]}
        onChange={(e) =>
          onChange({ ...filter, core: e.target.value === ALL ? null : e.target.value })
        }
      />
    </div>
  );
}

/**
 * The fleet home (issue 26): every saved core, each with its own connection, sign-in and
 * instances; an owner-level summary over all of them; filters and search across them.
 */
export function FleetView() {
  const navigate = useAppNavigate();
  const cores = useFleet();
  const [filter, setFilter] = useState<FleetFilter>(NO_FILTER);
  const shown = filterFleet(cores, filter);

  const switchTo = (core: FleetCoreView) => {
    if (!core.isCurrent) selectCore(core.connection);
  };
  const signIn = (core: FleetCoreView) => {
    switchTo(core);
    void navigate('/login/user/select', { clear: ['instance', 'user', 'path'] });
  };
  const open = (core: FleetCoreView, uuid: string) => {
    switchTo(core);
    void navigate('/dashboard/overview', { clear: ['user', 'path'], set: { instance: uuid } });
  };

  return (
    <div className="flex flex-col gap-6">
      <FleetSummary cores={cores} />
      <FleetFilters cores={cores} filter={filter} onChange={setFilter} />
      {shown.map((core) => {
        const view = cores.find((c) => c.key === core.key);
        return view ? (
          <CoreSection
            key={core.key}
            core={view}
            visible={core.instances}
            onSignIn={signIn}
            onOpen={open}
          />
        ) : null;
      })}
    </div>
  );
}
