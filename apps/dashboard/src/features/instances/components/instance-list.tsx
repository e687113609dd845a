import { Trans, useLingui } from '@lingui/react/macro';
import type { InstanceInfo } from '@hearth/protocol';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { useInstances } from '../api/get-instances.ts';
import { GameIcon } from './game-icon.tsx';
import { StateDot, stateLabel } from './instance-state.tsx';

/** An instance creation under way (dashboard.md §2: in-progress placeholders). */
export interface CreationPlaceholder {
  id: string;
  /** The instance being created (hidden once it is in the list). */
  instanceUuid: string;
  title: string;
  /** Capped at 99; null when the total is unknown. */
  percent: number | null;
}

export interface InstanceListProps {
  selectedUuid: string | null;
  creations: readonly CreationPlaceholder[];
  onSelect: (instance: InstanceInfo) => void;
}

const ROW =
  'flex h-11 w-full min-w-0 items-center gap-2.5 rounded-md px-2 text-left text-sm wide:h-9';

function PlaceholderRow({ creation }: { creation: CreationPlaceholder }) {
  const { t } = useLingui();
  const title = creation.title;
  return (
    <li
      aria-label={creation.title}
      className="flex flex-col gap-1 rounded-md px-2 py-1.5 text-muted"
    >
      <div className="flex min-w-0 items-center gap-2.5">
        <span className="flex size-6 shrink-0 items-center justify-center rounded-md bg-raised">
          <Spinner className="size-3.5 border" label={t`Creating`} />
        </span>
        <span className="min-w-0 flex-1 truncate text-[13px]">{creation.title}</span>
        <span className="text-xs tabular-nums text-faint">
          {creation.percent === null ? '' : `${creation.percent}%`}
        </span>
      </div>
      <ProgressBar percent={creation.percent} label={t`${title} progress`} />
    </li>
  );
}

/** The sidebar list: every instance (game icon, name, state dot) and creations under way. */
export function InstanceList({ selectedUuid, creations, onSelect }: InstanceListProps) {
  const { t } = useLingui();
  const instances = useInstances();
  const list = instances.data ?? [];
  const known = new Set(list.map((i) => i.uuid));
  const pending = creations.filter((c) => !known.has(c.instanceUuid));

  return (
    <>
      <ul aria-label={t`Instance list`} className="flex flex-col gap-0.5">
        {list.map((instance) => {
          const selected = instance.uuid === selectedUuid;
          const name = instance.name;
          const state = stateLabel(instance.state);
          return (
            <li key={instance.uuid}>
              <button
                type="button"
                aria-label={t`${name} (${state})`}
                aria-current={selected ? 'page' : undefined}
                onClick={() => onSelect(instance)}
                className={cn(
                  ROW,
                  selected ? 'bg-hover text-fg' : 'text-muted hover:bg-hover/60 hover:text-fg',
                )}
              >
                <GameIcon game={instance.game_type} />
                <span className="min-w-0 flex-1 truncate">{instance.name}</span>
                <StateDot state={instance.state} />
              </button>
            </li>
          );
        })}
        {pending.map((creation) => (
          <PlaceholderRow key={creation.id} creation={creation} />
        ))}
      </ul>
      {instances.isPending && instances.fetchStatus !== 'idle' ? (
        <p className="px-2 py-1 text-xs text-faint">
          <Trans>Loading...</Trans>
        </p>
      ) : null}
      {instances.isError ? (
        <p className="px-2 py-1 text-xs text-danger">{toUserMessage(instances.error)}</p>
      ) : null}
      {instances.isSuccess && list.length === 0 && pending.length === 0 ? (
        <p className="px-2 py-1 text-xs text-faint">
          <Trans>No instances yet</Trans>
        </p>
      ) : null}
    </>
  );
}
