import { Trans, useLingui } from '@lingui/react/macro';
import type { InstanceInfo } from '@hearth/protocol';
import { PlayerMenu } from './player-menu.tsx';

/** Who is online now (from the instance's live player list), each with its actions. */
export function OnlinePlayers({ instance }: { instance: InstanceInfo }) {
  const { t } = useLingui();
  const players = instance.player_list;
  return (
    <section aria-label={t`Online`} className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold">
        <Trans>Online</Trans>
        {players ? <span className="ml-2 font-normal text-faint">{players.length}</span> : null}
      </h3>
      {players && players.length > 0 ? (
        <ul
          aria-label={t`Online players`}
          className="divide-y divide-line/60 rounded-lg border border-line bg-panel"
        >
          {players.map((player) => (
            <li
              key={player.type === 'MinecraftPlayer' ? (player.uuid ?? player.name) : player.id}
              className="flex min-h-11 items-center justify-between gap-3 px-4 py-1"
            >
              <span className="truncate text-sm font-medium">{player.name}</span>
              <PlayerMenu instance={instance} name={player.name} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-line px-4 py-5 text-center text-[13px] text-faint">
          {players === null ? t`This game does not report its players` : t`No players online`}
        </p>
      )}
    </section>
  );
}
