import type { WebhookDelivery } from '@hearth/protocol';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@/components/ui/badge.tsx';
import type { BadgeTone } from '@/components/ui/badge.tsx';

const TONE: Record<WebhookDelivery['status'], BadgeTone> = {
  queued: 'neutral',
  retrying: 'warning',
  delivered: 'success',
  failed: 'danger',
  dropped: 'danger',
};
const WORD = {
  queued: msg`Queued`,
  retrying: msg`Retrying`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
  dropped: msg`Dropped`,
} as const;

/** "Delivered (204)", "Failed (500)", with the reason under it, whole (wrapped, never cut). */
export function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const { t, i18n } = useLingui();
  const word = i18n._(WORD[delivery.status]);
  const code = delivery.http_status;
  return (
    <span title={delivery.message || undefined} className="inline-flex flex-col gap-0.5">
      <Badge tone={TONE[delivery.status]}>{code === null ? word : t`${word} (${code})`}</Badge>
      {delivery.message ? (
        <span className="max-w-72 text-xs [overflow-wrap:anywhere] text-faint" translate="no">
          {delivery.message}
        </span>
      ) : null}
    </span>
  );
}
