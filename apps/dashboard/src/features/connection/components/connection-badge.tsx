import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@/components/ui/badge.tsx';
import type { BadgeTone } from '@/components/ui/badge.tsx';
import { connectionBadgeText, useConnectionStatus } from '@/lib/connection-status.ts';
import type { ConnectionStatus } from '@/lib/connection-status.ts';

const TONE: Record<ConnectionStatus, BadgeTone> = {
  loading: 'neutral',
  success: 'success',
  degraded: 'warning',
  error: 'danger',
};

export function ConnectionBadge() {
  const { t } = useLingui();
  const status = useConnectionStatus();
  const text = connectionBadgeText(status);
  return (
    <span role="status" aria-label={t`Core connection: ${text}`} title={t`Connection to the core`}>
      <Badge tone={TONE[status]} pulse={status === 'loading'}>
        {text}
      </Badge>
    </span>
  );
}

/** dashboard.md §2: a warning banner for degraded status suggests refreshing. */
export function DegradedBanner() {
  const status = useConnectionStatus();
  if (status !== 'degraded') return null;
  return (
    <div
      role="alert"
      className="flex items-center justify-between gap-4 border-b border-warning/30 bg-warning/10 px-4 py-2 text-[13px] text-warning"
    >
      <span>
        <Trans>
          Live updates from the core are not working, so what you see may be out of date. Try
          refreshing the page.
        </Trans>
      </span>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="shrink-0 rounded-md border border-warning/40 px-2.5 py-1 font-medium hover:bg-warning/15"
      >
        <Trans>Refresh</Trans>
      </button>
    </div>
  );
}
