import { useState } from 'react';
import type { ReactNode } from 'react';
import { ArrowDownAZ, ArrowUpZA } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Player } from '@hearth/protocol';
import { DataTable } from '@/components/ui/table.tsx';
import { cn } from '@/lib/cn.ts';
import { useCurrentCore } from '@/lib/session.ts';
import { useCoreExtensions } from '../api/get-shipped-definitions.ts';
import { AVATAR_SIZE, avatarUrl, initialOf, playerKey, sortPlayers } from '../players.ts';
import type { SortDirection } from '../players.ts';

/**
 * A 16 px avatar from the core. The initial is drawn underneath and the image only shows once it
 * has loaded, so a failed load (offline LAN, unknown uuid) never shows a broken-image icon.
 */
export function PlayerAvatar({ player }: { player: Player }) {
  const core = useCurrentCore();
  const hearth = useCoreExtensions().data?.hearth ?? false;
  const url = avatarUrl(player, core, hearth);
  // Keyed by the url below, so a state belongs to one image: a url that appears later (the core's
  // kind learnt) starts loading rather than inheriting "failed".
  const [state, setState] = useState<{
    url: string | null;
    value: 'loading' | 'loaded' | 'failed';
  }>({ url, value: 'loading' });
  const current = state.url === url ? state.value : 'loading';
  const mark = (value: 'loaded' | 'failed') => setState({ url, value });
  return (
    <span
      aria-hidden
      style={{ width: AVATAR_SIZE, height: AVATAR_SIZE }}
      className="relative flex shrink-0 items-center justify-center overflow-hidden rounded-sm bg-accent/20 text-[10px] font-bold text-accent"
    >
      {current === 'loaded' ? null : (
        <span data-testid="avatar-initial">{initialOf(player.name)}</span>
      )}
      {url && current !== 'failed' ? (
        <img
          src={url}
          alt=""
          width={AVATAR_SIZE}
          height={AVATAR_SIZE}
          onLoad={() => mark('loaded')}
          onError={() => mark('failed')}
          className={cn(
            'absolute inset-0 [image-rendering:pixelated]',
            current === 'loaded' ? 'opacity-100' : 'opacity-0',
          )}
        />
      ) : null}
    </span>
  );
}

/** The online players, sortable by name (dashboard.md §2 Overview), each with its actions if given. */
export function PlayerList({
  players,
  actions,
}: {
  players: readonly Player[] | null;
  /** A player's actions (kick, ban, …), drawn at the end of its row. */
  actions?: (name: string) => ReactNode;
}) {
  const { t } = useLingui();
  const [direction, setDirection] = useState<SortDirection>('ascending');
  const sorted = sortPlayers(players ?? [], direction);
  const Icon = direction === 'ascending' ? ArrowDownAZ : ArrowUpZA;
  return (
    <section aria-label={t`Players`} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">
        <Trans>Players</Trans>
      </h2>
      <div className="overflow-hidden rounded-lg border border-line bg-panel">
        <DataTable
          columns={[
            {
              header: (
                <button
                  type="button"
                  onClick={() =>
                    setDirection(direction === 'ascending' ? 'descending' : 'ascending')
                  }
                  className="-my-2 inline-flex min-h-11 items-center gap-1.5 rounded pr-2 hover:text-fg wide:min-h-8"
                >
                  <Trans>Name</Trans>
                  <Icon aria-hidden className="size-3.5" />
                </button>
              ),
              sort: direction,
              headerClassName: 'px-4 py-2 font-medium',
              className: 'px-4 py-2',
              cell: (player) => (
                <span className="flex items-center gap-2.5">
                  <PlayerAvatar player={player} />
                  {player.name}
                </span>
              ),
            },
            actions && {
              actions: true,
              headerClassName: 'px-4 py-2',
              className: 'px-2 py-0.5 text-right',
              cell: (player) => actions(player.name),
            },
          ]}
          rows={sorted}
          rowKey={playerKey}
          headClassName="border-b border-line text-left text-xs text-faint"
          rowClassName="border-b border-line/60 last:border-0"
          empty={players === null ? t`This game does not report its players` : t`No players online`}
          emptyClassName="px-4 py-6 text-center text-[13px] text-faint"
        />
      </div>
    </section>
  );
}
