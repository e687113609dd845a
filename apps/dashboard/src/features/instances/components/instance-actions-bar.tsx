import { Play, RotateCcw, Skull, Square } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { InstanceInfo } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { Viewer } from '@/lib/permissions.ts';
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

/** The state's actions (dashboard.md §4), disabled with "No permission" where the user lacks it. */
export function InstanceActionsBar({
  instance,
  viewer,
}: {
  instance: InstanceInfo;
  viewer: Viewer | undefined;
}) {
  const control = useControlInstanceMutation();
  const run = (action: InstanceAction) =>
    control.mutate(
      { uuid: instance.uuid, action },
      { onError: (err) => notify('error', `${instance.name}: ${toUserMessage(err)}`) },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {actionButtons(viewer, instance.state, instance.uuid).map(({ action, label, allowed }) => {
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            size="sm"
            variant={action === 'kill' ? 'danger' : action === 'start' ? 'primary' : 'secondary'}
            className="flex-1"
            disabled={!allowed || control.isPending}
            loading={control.isPending && control.variables.action === action}
            title={allowed ? undefined : 'No permission'}
            onClick={() => run(action)}
          >
            {control.isPending && control.variables.action === action ? null : (
              <Icon aria-hidden className="size-3.5" />
            )}
            {label}
          </Button>
        );
      })}
    </div>
  );
}
