import { useState } from 'react';
import { ArrowDownAZ, ArrowUpZA } from 'lucide-react';
import type { Player } from '@hearth/protocol';
import { cn } from '@/lib/cn.ts';
import { AVATAR_SIZE, avatarUrl, initialOf, playerKey, sortPlayers } from '../players.ts';
import type { SortDirection } from '../players.ts';

/**
 * A 16 px avatar. The initial is drawn underneath and the image only shows once it has loaded,
 * so a failed load (offline LAN, unknown uuid) never shows a broken-image icon.
 */
export function PlayerAvatar({ player }: { player: Player }) {
  const url = avatarUrl(player);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(url ? 'loading' : 'failed');
  return (
    <span
      aria-hidden
      style={{ width: AVATAR_SIZE, height: AVATAR_SIZE }}
      className="relative flex shrink-0 items-center justify-center overflow-hidden rounded-sm bg-accent/20 text-[10px] font-bold text-accent"
    >
      {state === 'loaded' ? null : (
        <span data-testid="avatar-initial">{initialOf(player.name)}</span>
      )}
      {url && state !== 'failed' ? (
        <img
          src={url}
          alt=""
          width={AVATAR_SIZE}
          height={AVATAR_SIZE}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          className={cn(
            'absolute inset-0 [image-rendering:pixelated]',
            state === 'loaded' ? 'opacity-100' : 'opacity-0',
          )}
        />
      ) : null}
    </span>
  );
}

/** The online players, sortable by name (dashboard.md §2 Overview). */
export function PlayerList({ players }: { players: readonly Player[] | null }) {
  const [direction, setDirection] = useState<SortDirection>('ascending');
  const sorted = sortPlayers(players ?? [], direction);
  const Icon = direction === 'ascending' ? ArrowDownAZ : ArrowUpZA;
  return (
    <section aria-label="Players" className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">Players</h2>
      <div className="overflow-hidden rounded-lg border border-line bg-panel">
        <table className="w-full text-sm">
          <thead className="border-b border-line text-left text-xs text-faint">
            <tr>
              <th scope="col" aria-sort={direction} className="px-4 py-2 font-medium">
                <button
                  type="button"
                  onClick={() =>
                    setDirection(direction === 'ascending' ? 'descending' : 'ascending')
                  }
                  className="-my-2 inline-flex min-h-11 items-center gap-1.5 rounded pr-2 hover:text-fg wide:min-h-8"
                >
                  Name
                  <Icon aria-hidden className="size-3.5" />
                </button>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((player) => (
              <tr key={playerKey(player)} className="border-b border-line/60 last:border-0">
                <td className="px-4 py-2">
                  <span className="flex items-center gap-2.5">
                    <PlayerAvatar player={player} />
                    {player.name}
                  </span>
                </td>
              </tr>
            ))}
            {sorted.length === 0 ? (
              <tr>
                <td className="px-4 py-6 text-center text-[13px] text-faint">
                  {players === null ? 'This game does not report its players' : 'No players online'}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </section>
  );
}
