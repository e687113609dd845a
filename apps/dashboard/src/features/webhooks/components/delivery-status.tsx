import type { WebhookDelivery } from '@hearth/protocol';
import { Badge } from '@/components/ui/badge.tsx';
import type { BadgeTone } from '@/components/ui/badge.tsx';

const TONE: Record<WebhookDelivery['status'], BadgeTone> = {
  queued: 'neutral',
  retrying: 'warning',
  delivered: 'success',
  failed: 'danger',
  dropped: 'danger',
};
const WORD: Record<WebhookDelivery['status'], string> = {
  queued: 'Queued',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
  dropped: 'Dropped',
};

/** "Delivered (204)", "Failed (500)", with the reason under it, whole (wrapped, never cut). */
export function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const code = delivery.http_status === null ? '' : ` (${delivery.http_status})`;
  return (
    <span title={delivery.message || undefined} className="inline-flex flex-col gap-0.5">
      <Badge tone={TONE[delivery.status]}>
        {WORD[delivery.status]}
        {code}
      </Badge>
      {delivery.message ? (
        <span className="max-w-72 text-xs [overflow-wrap:anywhere] text-faint">
          {delivery.message}
        </span>
      ) : null}
    </span>
  );
}
