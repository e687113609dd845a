import { RefreshCw } from 'lucide-react';
import type { PlayitTunnelInfo } from '@hearth/protocol';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@/components/ui/badge.tsx';
import { IconButton } from '@/components/ui/button.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { DataTable, TableFrame } from '@/components/ui/table.tsx';
import type { Column } from '@/components/ui/table.tsx';
import { cn } from '@/lib/cn.ts';
import type { TunnelListView } from '../tunnel-list-view.ts';
import { TunnelAddress } from './tunnel-address.tsx';

function Message({ children }: { children: string }) {
  return <p className="px-5 py-8 text-center text-[13px] text-faint">{children}</p>;
}

function TunnelTable({
  tunnels,
  instancePort,
}: {
  tunnels: PlayitTunnelInfo[];
  instancePort: number;
}) {
  const { t } = useLingui();
  const columns: Column<PlayitTunnelInfo>[] = [
    {
      header: <Trans>Name</Trans>,
      rowHeader: true,
      className: 'text-left font-medium',
      cell: (tunnel) => tunnel.name || t`Unnamed tunnel`,
    },
    {
      header: <Trans>Address</Trans>,
      className: 'max-w-64',
      cell: (tunnel) => <TunnelAddress address={tunnel.server_address} />,
    },
    {
      header: <Trans>Local IP</Trans>,
      className: 'font-mono text-[13px]',
      cell: (tunnel) => tunnel.local_ip,
    },
    {
      header: <Trans>Local Port</Trans>,
      className: 'font-mono text-[13px]',
      cell: (tunnel) => (
        <>
          {tunnel.local_port}
          {tunnel.local_port === instancePort ? (
            <span className="ml-2 font-sans text-xs text-accent">
              <Trans>this instance</Trans>
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: <Trans>Active</Trans>,
      cell: (tunnel) => (
        <Badge tone={tunnel.active ? 'success' : 'neutral'}>
          {tunnel.active ? t`Active` : t`Inactive`}
        </Badge>
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={tunnels}
      rowKey={(tunnel) => tunnel.tunnel_id}
      headClassName="border-b border-line text-left text-xs text-faint"
      headerCellClassName="px-3 py-2 font-medium first:px-5 last:px-5"
      rowClassName="border-b border-line/60 last:border-0"
      cellClassName="px-3 py-2.5 first:px-5 last:px-5"
    />
  );
}

/** The account's tunnels (name, address to copy, local address, active marker) and a refresh icon. */
export function TunnelList({
  view,
  instance,
  refreshing,
  onRefresh,
}: {
  view: TunnelListView;
  instance: { name: string; port: number };
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useLingui();
  const port = instance.port;
  const name = instance.name;
  return (
    <section aria-label={t`Tunnels`} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">
          <Trans>Tunnels</Trans>
        </h2>
        <IconButton label={t`Refresh tunnels`} disabled={refreshing} onClick={onRefresh}>
          <RefreshCw aria-hidden className={cn('size-4', refreshing && 'animate-spin')} />
        </IconButton>
      </div>
      <TableFrame>
        {view.kind === 'loading' ? <Message>{t`Loading...`}</Message> : null}
        {view.kind === 'not-signed-up' ? <Message>{t`You haven't signed up yet`}</Message> : null}
        {view.kind === 'empty' ? (
          <div className="flex flex-col items-center gap-1 px-5 py-8 text-center text-[13px] text-faint">
            <p>
              <Trans>You haven&apos;t created any tunnels yet</Trans>
            </p>
            {instance.port > 0 ? (
              <p>
                <Trans>
                  Create one on playit.gg with local port {port} to reach {name}.
                </Trans>
              </p>
            ) : null}
          </div>
        ) : null}
        {view.kind === 'error' ? (
          <div className="p-4">
            <FormError message={view.message} />
          </div>
        ) : null}
        {view.kind === 'list' ? (
          <TunnelTable tunnels={view.tunnels} instancePort={instance.port} />
        ) : null}
      </TableFrame>
    </section>
  );
}
