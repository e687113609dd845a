import { useState } from 'react';
import { ChevronRight, Pencil, Send, Trash2 } from 'lucide-react';
import type { WebhookTarget } from '@hearth/protocol';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useTestWebhookMutation } from '../api/webhook-actions.ts';
import { EVENT_LABELS, KIND_LABELS } from '../webhook-form.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { DeliveryStatus } from './delivery-status.tsx';

export interface WebhookRowProps {
  core: CoreConnection;
  target: WebhookTarget;
  instanceNames: ReadonlyMap<string, string>;
  onEdit: (target: WebhookTarget) => void;
  onDelete: (target: WebhookTarget) => void;
}

/** One target: what it is, where it goes (masked), what it hears, and how its last delivery went. */
export function WebhookRow({ core, target, instanceNames, onEdit, onDelete }: WebhookRowProps) {
  const [open, setOpen] = useState(false);
  const test = useTestWebhookMutation();
  const sendTest = () =>
    test.mutate(
      { core, id: target.id },
      {
        onSuccess: (d) =>
          d.status === 'delivered'
            ? notify('success', `Test delivered to ${target.name} (${d.http_status ?? 'ok'})`)
            : notify('error', `Test to ${target.name} failed: ${d.message}`),
        onError: (err) => notify('error', `Test to ${target.name} failed: ${toUserMessage(err)}`),
      },
    );
  const scope = target.instance_uuids
    ? target.instance_uuids.map((u) => instanceNames.get(u) ?? u).join(', ')
    : 'All instances';
  return (
    <div role="listitem" aria-label={target.name} className="flex flex-col gap-3 px-5 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 basis-72 flex-col gap-1">
          <div className="flex items-center gap-2">
            <span className="text-sm font-medium text-fg">{target.name}</span>
            <Badge>{KIND_LABELS[target.kind]}</Badge>
            {target.enabled ? null : <Badge tone="warning">Disabled</Badge>}
          </div>
          <span className="truncate font-mono text-xs text-faint">{target.url}</span>
          <span className="text-[13px] text-muted">
            {target.events.map((e) => EVENT_LABELS[e]).join(', ')} · {scope}
          </span>
        </div>
        <div className="flex items-center gap-1.5">
          <Button size="sm" onClick={sendTest} loading={test.isPending}>
            {test.isPending ? null : <Send aria-hidden className="size-3.5" />}
            Send test
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Edit ${target.name}`}
            onClick={() => onEdit(target)}
          >
            <Pencil aria-hidden className="size-4" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Delete ${target.name}`}
            onClick={() => onDelete(target)}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-[13px] text-muted">
        <span>Last delivery:</span>
        {target.last_delivery ? (
          <DeliveryStatus delivery={target.last_delivery} />
        ) : (
          <span>none yet</span>
        )}
        {target.queued > 0 ? <span>{target.queued} waiting</span> : null}
        {target.dropped > 0 ? (
          <span className="text-danger">{target.dropped} dropped (queue full)</span>
        ) : null}
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          className="-my-2 ml-auto inline-flex min-h-11 items-center gap-1 rounded px-1 text-muted hover:text-fg wide:min-h-8"
        >
          <ChevronRight
            aria-hidden
            className={cn('size-3.5 transition-transform', open && 'rotate-90')}
          />
          Delivery log
        </button>
      </div>
      {open ? <DeliveryLog core={core} id={target.id} instanceNames={instanceNames} /> : null}
    </div>
  );
}
