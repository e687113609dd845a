import { Suspense, lazy } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InstanceInfo } from '@hearth/protocol';
import type { Viewer } from '@/lib/permissions.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { Figure } from './card-figure.tsx';
import { CopyAddress } from './copy-address.tsx';
import { GameIcon, gameLabel } from './game-icon.tsx';
import { InstanceActionsBar } from './instance-actions-bar.tsx';
import { StateBadge } from './instance-state.tsx';

export interface InstanceCardProps {
  instance: InstanceInfo;
  viewer: Viewer | undefined;
  /** The core's public domain, else its address. */
  host: string;
  /** Open a monitor socket for live CPU and memory (the grid bounds how many cards do). */
  live: boolean;
  onOpen: (uuid: string) => void;
  /** The instance's core when it is not the current one (the fleet home); its actions go there. */
  core?: CoreConnection | undefined;
}

const LiveFigures = lazy(async () => ({
  default: (await import('./live-figures.tsx')).LiveFigures,
}));

function NoFigures() {
  const { t } = useLingui();
  return (
    <>
      <Figure label={t`CPU`} value="—" />
      <Figure label={t`Memory`} value="—" />
    </>
  );
}

function players(instance: InstanceInfo): string {
  if (instance.player_count === null) return tGlobal`N/A`;
  return instance.max_player_count === null
    ? String(instance.player_count)
    : `${instance.player_count} / ${instance.max_player_count}`;
}

/** One instance on home (issue 15 #11): state, players, CPU, memory, address, start/stop. */
export function InstanceCard({ instance, viewer, host, live, onOpen, core }: InstanceCardProps) {
  const { t } = useLingui();
  const name = instance.name;
  return (
    <article
      aria-label={instance.name}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-panel p-4"
    >
      <header className="flex items-start gap-3">
        <GameIcon game={instance.game_type} size="md" />
        <div className="flex min-w-0 flex-1 flex-col">
          <button
            type="button"
            onClick={() => onOpen(instance.uuid)}
            className="min-h-11 truncate text-left text-sm font-semibold hover:text-accent wide:min-h-0"
            title={t`Open ${name}`}
          >
            {instance.name}
          </button>
          <span className="truncate text-xs text-muted">{gameLabel(instance.game_type)}</span>
        </div>
        <StateBadge state={instance.state} />
      </header>
      <dl className="grid grid-cols-3 gap-2">
        <Figure label={t`Players`} value={players(instance)} />
        {live ? (
          <Suspense fallback={<NoFigures />}>
            <LiveFigures uuid={instance.uuid} />
          </Suspense>
        ) : (
          <NoFigures />
        )}
      </dl>
      <div className="flex min-w-0 items-center gap-2 text-muted">
        <span className="text-[11px] font-medium text-faint">
          <Trans>Address</Trans>
        </span>
        <CopyAddress address={`${host}:${instance.port}`} />
      </div>
      <InstanceActionsBar instance={instance} viewer={viewer} core={core} />
    </article>
  );
}
