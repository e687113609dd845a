import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { playerActionWay } from '@hearth/protocol';
import type { InstanceInfo, PlayerAction, PlayerLists } from '@hearth/protocol';
import { Switch } from '@/components/ui/switch.tsx';
import { TabNotice, tabData } from '@/components/layout/tab-page.tsx';
import { usePlayerLists } from '../api/get-player-lists.ts';
import { usePlayerActionMutation } from '../api/run-player-action.ts';
import { availability, listEntries } from '../player-actions.ts';
import { ListSection } from './list-section.tsx';
import { OnlinePlayers } from './online-players.tsx';
import { PlayerActionDialog, type DialogRequest } from './player-action-dialog.tsx';

export interface PlayersScreenProps {
  instance: InstanceInfo;
  /** can_manage_instance_players on this instance. */
  canManage: boolean;
}

function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 wide:p-6">
      <header className="flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold">
          <Trans>Players</Trans>
        </h2>
      </header>
      {children}
    </div>
  );
}

/** How changes are made in this state, in one line. */
function wayNote(instance: InstanceInfo): string {
  switch (playerActionWay(instance.state)) {
    case 'command':
      return tGlobal`Changes are sent to the server's console.`;
    case 'file':
      return tGlobal`The server is stopped: changes are written to its files and apply when it starts.`;
    case null:
      return tGlobal`Wait until the server is running or stopped to change players.`;
  }
}

/**
 * The Players tab (issue 27): who is online, with kick, ban, op and whitelist; the whitelist and
 * its switch, the banned players and addresses and the operators, read from the server's files.
 */
export function PlayersScreen({ instance, canManage }: PlayersScreenProps) {
  const { t } = useLingui();
  const running = instance.state === 'Running';
  const lists = usePlayerLists(instance.uuid, canManage, running);
  const run = usePlayerActionMutation(instance.uuid, { toastErrors: true });
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const { refetch } = lists;
  // 10,000 bans are 10,000 rows in words: made once per answer (listEntries keeps them), not per
  // render or per opening of the tab.
  const rows = useMemo(() => listEntries(lists.data), [lists.data]);
  // A start or stop changes what the files say and how changes are made. Not on opening the tab:
  // the query reads the lists then already, and a second read would cancel the first and parse
  // the whole answer again.
  const seenState = useRef(instance.state);
  useEffect(() => {
    if (seenState.current === instance.state) return;
    seenState.current = instance.state;
    if (canManage) void refetch();
  }, [instance.state, canManage, refetch]);

  const loaded = tabData(canManage, lists);
  if (!loaded.ready) return <Layout>{loaded.placeholder}</Layout>;

  const data: PlayerLists = loaded.data;
  const can = (action: PlayerAction['action']) =>
    availability(data.support, action, instance.state);
  const act = (action: PlayerAction) => run.mutate(action);
  const nothing = Object.values(data.support).every((ways) => ways.length === 0);
  const whitelistSwitch = can('whitelist_on');

  return (
    <Layout>
      {data.problems.length > 0 ? (
        <div role="alert" className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2">
          <p className="text-[13px] font-medium text-warning">
            <Trans>Some lists could not be read</Trans>
          </p>
          <ul className="mt-1 list-disc pl-5 text-[13px] text-muted">
            {data.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {nothing ? (
        <TabNotice>
          <Trans>This game does not let Hearth kick, ban or whitelist its players.</Trans>
        </TabNotice>
      ) : (
        <p role="status" className="text-[13px] text-muted">
          {wayNote(instance)}
        </p>
      )}
      <OnlinePlayers instance={instance} />
      <ListSection
        title={t`Whitelist`}
        searchLabel={t`Search whitelist`}
        entries={rows.whitelist}
        busy={run.isPending}
        emptyText={t`Nobody is on the whitelist`}
        add={{
          label: t`Add player`,
          can: can('whitelist_add'),
          onAdd: () => setDialog({ action: 'whitelist_add' }),
        }}
        remove={{
          label: t`Remove`,
          can: can('whitelist_remove'),
          onRemove: (entry) => act({ action: 'whitelist_remove', name: entry.primary }),
        }}
      >
        {whitelistSwitch.shown ? (
          <div className="flex items-center gap-3 rounded-lg border border-line bg-panel px-4 py-2">
            <Switch
              label={t`Whitelist`}
              checked={data.whitelist_enabled === true}
              disabled={whitelistSwitch.disabledReason !== null || run.isPending}
              onCheckedChange={(on) => act({ action: on ? 'whitelist_on' : 'whitelist_off' })}
            />
            <p className="text-[13px] text-muted">
              {data.whitelist_enabled
                ? t`On: only players on the whitelist and operators can join.`
                : t`Off: anyone who is not banned can join.`}
              {whitelistSwitch.disabledReason ? ` ${whitelistSwitch.disabledReason}.` : ''}
            </p>
          </div>
        ) : null}
      </ListSection>
      <ListSection
        title={t`Banned players`}
        searchLabel={t`Search banned players`}
        entries={rows.bannedPlayers}
        busy={run.isPending}
        emptyText={t`Nobody is banned`}
        add={{
          label: t`Ban player`,
          can: can('ban'),
          onAdd: () => setDialog({ action: 'ban', name: null }),
        }}
        remove={{
          label: t`Pardon`,
          can: can('pardon'),
          onRemove: (entry) => act({ action: 'pardon', name: entry.primary }),
        }}
      />
      <ListSection
        title={t`Banned IP addresses`}
        searchLabel={t`Search banned ip addresses`}
        entries={rows.bannedIps}
        busy={run.isPending}
        emptyText={t`No address is banned`}
        add={{ label: t`Ban IP`, can: can('ban_ip'), onAdd: () => setDialog({ action: 'ban_ip' }) }}
        remove={{
          label: t`Pardon`,
          can: can('pardon_ip'),
          onRemove: (entry) => act({ action: 'pardon_ip', ip: entry.primary }),
        }}
      />
      <ListSection
        title={t`Operators`}
        searchLabel={t`Search operators`}
        entries={rows.ops}
        busy={run.isPending}
        emptyText={t`Nobody is an operator`}
        add={{ label: t`Add operator`, can: can('op'), onAdd: () => setDialog({ action: 'op' }) }}
        remove={{
          label: t`Remove`,
          can: can('deop'),
          onRemove: (entry) => act({ action: 'deop', name: entry.primary }),
        }}
      />
      {dialog ? (
        <PlayerActionDialog
          instanceUuid={instance.uuid}
          request={dialog}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Layout>
  );
}
