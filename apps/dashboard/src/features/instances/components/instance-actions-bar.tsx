import { useLayoutEffect, useRef } from 'react';
import { Play, RotateCcw, Skull, Square } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { InstanceInfo } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { Viewer } from '@/lib/permissions.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useControlInstanceMutation } from '../api/control-instance.ts';
import { actionButtons } from '../instance-actions.ts';
import type { InstanceAction } from '../instance-actions.ts';

const ICONS: Record<InstanceAction, LucideIcon> = {
  start: Play,
  stop: Square,
  restart: RotateCcw,
  kill: Skull,
};

/**
 * The state's actions (dashboard.md §4), disabled with "No permission" where the user lacks it.
 * The buttons are keyed by position, so the control that replaces a pressed one (Start → Kill →
 * Stop) is the same element and keeps keyboard focus; a focused button that goes away (Restart
 * when the instance starts stopping) hands focus to the nearest one left.
 */
export function InstanceActionsBar({
  instance,
  viewer,
  core,
}: {
  instance: InstanceInfo;
  viewer: Viewer | undefined;
  /** Another saved core than the current one (the fleet home). */
  core?: CoreConnection | undefined;
}) {
  const { t } = useLingui();
  const control = useControlInstanceMutation();
  const buttons = actionButtons(viewer, instance.state, instance.uuid);
  const bar = useRef<HTMLDivElement>(null);
  const focusedSlot = useRef<number | null>(null);
  const run = (action: InstanceAction) => {
    if (control.isPending) return;
    control.mutate(
      { uuid: instance.uuid, action, ...(core ? { core } : {}) },
      { onError: (err) => notify('error', `${instance.name}: ${toUserMessage(err)}`) },
    );
  };

  const actions = buttons.map((button) => button.action).join();
  useLayoutEffect(() => {
    const slot = focusedSlot.current;
    const active = document.activeElement;
    if (slot === null || !bar.current || (active && active !== document.body)) return;
    const left = bar.current.querySelectorAll('button');
    const next = left[Math.min(slot, left.length - 1)];
    if (next) next.focus();
  }, [actions]);

  return (
    <div ref={bar} className="flex flex-wrap gap-2">
      {buttons.map(({ action, label, allowed }, slot) => {
        const Icon = ICONS[action];
        const busy = control.isPending && control.variables.action === action;
        return (
          <Button
            // The position is the identity: see above.
            key={slot}
            size="sm"
            variant={action === 'kill' ? 'danger' : action === 'start' ? 'primary' : 'secondary'}
            className="flex-1"
            disabled={!allowed}
            loading={busy}
            focusableWhileLoading
            aria-disabled={(allowed && control.isPending) || undefined}
            title={allowed ? undefined : t`No permission`}
            onClick={() => run(action)}
            onFocus={() => {
              focusedSlot.current = slot;
            }}
            onBlur={(event) => {
              // The user moved focus away (rather than the button going away): forget the slot.
              const left = event.currentTarget;
              if (event.relatedTarget) focusedSlot.current = null;
              else
                queueMicrotask(() => {
                  if (left.isConnected) focusedSlot.current = null;
                });
            }}
          >
            {busy ? null : <Icon aria-hidden className="size-3.5" />}
            {label}
          </Button>
        );
      })}
    </div>
  );
}
