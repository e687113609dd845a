import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  Ban,
  DoorOpen,
  MoreHorizontal,
  ShieldCheck,
  ShieldOff,
  UserCheck,
  UserX,
} from 'lucide-react';
import type { InstanceInfo, PlayerAction, PlayerActionKind } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu.tsx';
import { usePlayerLists } from '../api/get-player-lists.ts';
import { usePlayerActionMutation } from '../api/run-player-action.ts';
import { availability, standing } from '../player-actions.ts';
import { PlayerActionDialog, type DialogRequest } from './player-action-dialog.tsx';

interface Item {
  action: PlayerActionKind;
  label: string;
  icon: ReactNode;
  danger?: boolean;
}

const icon = (Icon: typeof Ban) => <Icon aria-hidden className="size-4" />;

/**
 * The actions on one online player (the Overview's list and the Players tab): kick and ban ask for
 * a reason; op and the whitelist act at once. What the game lacks is left out, what the current
 * state does not allow is disabled with the reason, and what is already so (an operator) is not
 * offered again.
 */
export function PlayerMenu({ instance, name }: { instance: InstanceInfo; name: string }) {
  const { t } = useLingui();
  const lists = usePlayerLists(instance.uuid, true, instance.state === 'Running');
  const run = usePlayerActionMutation(instance.uuid, { toastErrors: true });
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const is = standing(lists.data, name);
  const items: Item[] = [
    { action: 'kick', label: t`Kick…`, icon: icon(DoorOpen) },
    ...(is.banned
      ? []
      : [{ action: 'ban', label: t`Ban…`, icon: icon(Ban), danger: true } as const]),
    is.op === true
      ? { action: 'deop', label: t`Remove operator`, icon: icon(ShieldOff) }
      : { action: 'op', label: t`Make operator`, icon: icon(ShieldCheck) },
    is.whitelisted === true
      ? { action: 'whitelist_remove', label: t`Remove from whitelist`, icon: icon(UserX) }
      : { action: 'whitelist_add', label: t`Add to whitelist`, icon: icon(UserCheck) },
  ];
  const shown = items.flatMap((item) => {
    const can = availability(lists.data?.support, item.action, instance.state);
    return can.shown ? [{ ...item, disabledReason: can.disabledReason }] : [];
  });
  if (shown.length === 0) return null;

  const choose = (item: Item) => {
    if (item.action === 'kick' || item.action === 'ban') {
      setDialog({ action: item.action, name });
      return;
    }
    run.mutate({ action: item.action, name } as PlayerAction);
  };

  return (
    <>
      <DropdownMenu
        align="end"
        width={232}
        trigger={
          <Button variant="ghost" size="icon" aria-label={t`Actions for ${name}`}>
            <MoreHorizontal aria-hidden className="size-4" />
          </Button>
        }
      >
        {shown.map((item) => (
          <DropdownMenuItem
            key={item.action}
            icon={item.icon}
            danger={item.danger ?? false}
            disabled={item.disabledReason !== null || run.isPending}
            hint={item.disabledReason ?? undefined}
            onSelect={() => choose(item)}
          >
            {item.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenu>
      {dialog ? (
        <PlayerActionDialog
          instanceUuid={instance.uuid}
          request={dialog}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
