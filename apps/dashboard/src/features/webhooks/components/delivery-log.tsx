import type { WebhookDelivery } from '@hearth/protocol';
import { Trans, useLingui } from '@lingui/react/macro';
import { DataTable } from '@/components/ui/table.tsx';
import { formatRelativeTime } from '@/lib/i18n/format.ts';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useWebhookDeliveries } from '../api/get-webhooks.ts';
import { DeliveryStatus } from './delivery-status.tsx';

/** The instance's name now, else as it was when the delivery was queued; '—' for none. */
function instanceText(d: WebhookDelivery, names: ReadonlyMap<string, string>): string {
  if (!d.instance) return '—';
  return names.get(d.instance.uuid) ?? d.instance.name ?? d.instance.uuid;
}

/** A target's last deliveries, newest first. */
export function DeliveryLog({
  core,
  id,
  instanceNames,
}: {
  core: CoreConnection;
  id: string;
  instanceNames: ReadonlyMap<string, string>;
}) {
  const { t } = useLingui();
  const deliveries = useWebhookDeliveries(core, id);
  if (deliveries.isPending)
    return (
      <p className="text-[13px] text-faint">
        <Trans>Loading deliveries…</Trans>
      </p>
    );
  if (deliveries.isError)
    return <p className="text-[13px] text-danger">{toUserMessage(deliveries.error)}</p>;
  if (deliveries.data.length === 0)
    return (
      <p className="text-[13px] text-faint">
        <Trans>Nothing delivered yet.</Trans>
      </p>
    );
  return (
    <div className="relative overflow-x-auto">
      <DataTable
        label={t`Deliveries`}
        className="w-full text-left text-[13px]"
        columns={[
          {
            header: <Trans>When</Trans>,
            className: 'pr-3 whitespace-nowrap text-faint',
            cell: (d) => formatRelativeTime(d.at),
          },
          {
            header: <Trans>Event</Trans>,
            className: 'pr-3 text-fg',
            cell: (d) => <span translate="no">{d.summary}</span>,
          },
          {
            header: <Trans>Instance</Trans>,
            className: 'pr-3 text-muted',
            cell: (d) => instanceText(d, instanceNames),
          },
          {
            header: <Trans>Status</Trans>,
            className: 'pr-3',
            cell: (d) => <DeliveryStatus delivery={d} />,
          },
          { header: <Trans>Tries</Trans>, className: 'text-muted', cell: (d) => d.attempts },
        ]}
        rows={deliveries.data}
        rowKey={(d) => d.id}
        headClassName="text-[11px] tracking-wider text-faint uppercase"
        headerCellClassName="py-1 font-semibold"
        rowClassName="border-t border-line/60 align-top"
        cellClassName="py-1.5"
      />
    </div>
  );
}
