import { useState } from 'react';
import { ChevronRight, Pencil, Send, Trash2 } from 'lucide-react';
import type { WebhookTarget } from '@hearth/protocol';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, IconButton } from '@/components/ui/button.tsx';
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
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const name = target.name;
  const { queued, dropped } = target;
  const test = useTestWebhookMutation();
  const sendTest = () =>
    test.mutate(
      { core, id: target.id },
      {
        onSuccess: (d) => {
          const code = d.http_status;
          const reason = d.message;
          if (d.status !== 'delivered') notify('error', t`Test to ${name} failed: ${reason}`);
          else if (code === null) notify('success', t`Test delivered to ${name} (ok)`);
          else notify('success', t`Test delivered to ${name} (${code})`);
        },
        onError: (err) => {
          const reason = toUserMessage(err);
          notify('error', t`Test to ${name} failed: ${reason}`);
        },
      },
    );
  const scope = target.instance_uuids
    ? target.instance_uuids.map((u) => instanceNames.get(u) ?? u).join(', ')
    : t`All instances`;
  return (
    <div role="listitem" aria-label={target.name} className="flex flex-col gap-3 px-5 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 basis-72 flex-col gap-1">
          <div className="flex items-center gap-2">
            <span className="text-sm font-medium text-fg" translate="no">
              {target.name}
            </span>
            <Badge>{i18n._(KIND_LABELS[target.kind])}</Badge>
            {target.enabled ? null : (
              <Badge tone="warning">
                <Trans>Disabled</Trans>
              </Badge>
            )}
          </div>
          <span className="truncate font-mono text-xs text-faint" translate="no">
            {target.url}
          </span>
          <span className="text-[13px] text-muted">
            {target.events.map((e) => i18n._(EVENT_LABELS[e])).join(', ')} · {scope}
          </span>
        </div>
        <div className="flex items-center gap-1.5">
          <Button size="sm" onClick={sendTest} loading={test.isPending}>
            {test.isPending ? null : <Send aria-hidden className="size-3.5" />}
            <Trans>Send test</Trans>
          </Button>
          <IconButton label={t`Edit ${name}`} onClick={() => onEdit(target)}>
            <Pencil aria-hidden className="size-4" />
          </IconButton>
          <IconButton label={t`Delete ${name}`} onClick={() => onDelete(target)}>
            <Trash2 aria-hidden className="size-4" />
          </IconButton>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-[13px] text-muted">
        <span>
          <Trans>Last delivery:</Trans>
        </span>
        {target.last_delivery ? (
          <DeliveryStatus delivery={target.last_delivery} />
        ) : (
          <span>
            <Trans>none yet</Trans>
          </span>
        )}
        {queued > 0 ? (
          <span>
            <Trans>{queued} waiting</Trans>
          </span>
        ) : null}
        {dropped > 0 ? (
          <span className="text-danger">
            <Trans>{dropped} dropped (queue full)</Trans>
          </span>
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
          <Trans>Delivery log</Trans>
        </button>
      </div>
      {open ? <DeliveryLog core={core} id={target.id} instanceNames={instanceNames} /> : null}
    </div>
  );
}
