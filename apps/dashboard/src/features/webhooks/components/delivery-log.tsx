import type { WebhookDelivery } from '@hearth/protocol';
import { Trans, useLingui } from '@lingui/react/macro';
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
      <table aria-label={t`Deliveries`} className="w-full text-left text-[13px]">
        <thead className="text-[11px] tracking-wider text-faint uppercase">
          <tr>
            <th className="py-1 font-semibold">
              <Trans>When</Trans>
            </th>
            <th className="py-1 font-semibold">
              <Trans>Event</Trans>
            </th>
            <th className="py-1 font-semibold">
              <Trans>Instance</Trans>
            </th>
            <th className="py-1 font-semibold">
              <Trans>Status</Trans>
            </th>
            <th className="py-1 font-semibold">
              <Trans>Tries</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.map((d: WebhookDelivery) => (
            <tr key={d.id} className="border-t border-line/60 align-top">
              <td className="py-1.5 pr-3 whitespace-nowrap text-faint">
                {formatRelativeTime(d.at)}
              </td>
              <td className="py-1.5 pr-3 text-fg" translate="no">
                {d.summary}
              </td>
              <td className="py-1.5 pr-3 text-muted">{instanceText(d, instanceNames)}</td>
              <td className="py-1.5 pr-3">
                <DeliveryStatus delivery={d} />
              </td>
              <td className="py-1.5 text-muted">{d.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
