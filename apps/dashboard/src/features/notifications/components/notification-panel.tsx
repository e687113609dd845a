import type { ReactNode } from 'react';
import { AlertTriangle, CircleAlert, Info } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLanguage } from '@/lib/i18n/lingui-react.tsx';
import type { EventLevel } from '@hearth/protocol';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { cn } from '@/lib/cn.ts';
import { formatRelativeTime } from '@/lib/i18n/format.ts';
import { progressPercent } from '../notification-state.ts';
import type { AppNotification, NotificationState, OngoingProgress } from '../notification-state.ts';

const LEVEL_ICON: Record<EventLevel, { icon: typeof Info; tone: string }> = {
  Info: { icon: Info, tone: 'text-muted' },
  Warning: { icon: AlertTriangle, tone: 'text-warning' },
  Error: { icon: CircleAlert, tone: 'text-danger' },
};

function Heading({ children }: { children: ReactNode }) {
  return (
    <h3 className="px-4 pt-3 pb-1 text-[11px] font-semibold tracking-wider text-faint uppercase">
      {children}
    </h3>
  );
}

// Titles and messages are the core's progress texts and instance names, as written (translate="no").
function ProgressItem({ item }: { item: OngoingProgress }) {
  const { t } = useLingui();
  const percent = progressPercent(item);
  const title = item.title;
  return (
    <li className="flex flex-col gap-1.5 px-4 py-2.5">
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 text-sm font-medium break-words" translate="no">
          {item.title}
        </span>
        <span className="shrink-0 text-xs tabular-nums text-muted">
          {percent === null ? '' : `${percent}%`}
        </span>
      </div>
      <ProgressBar percent={percent} label={t`${title} progress`} />
      {item.message ? (
        <p className="text-xs break-words text-faint" translate="no">
          {item.message}
        </p>
      ) : null}
    </li>
  );
}

function NotificationItem({ item, now }: { item: AppNotification; now: number }) {
  useLanguage(); // re-renders the relative time on a language change
  const { icon: Icon, tone } = LEVEL_ICON[item.level];
  return (
    <li className={cn('flex gap-3 px-4 py-2.5', item.fresh && 'bg-accent/5')}>
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', tone)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-baseline justify-between gap-3">
          <span className="min-w-0 text-[13px] font-medium break-words text-muted" translate="no">
            {item.title}
          </span>
          <time
            dateTime={new Date(item.timestamp).toISOString()}
            className="shrink-0 text-xs text-faint"
          >
            {formatRelativeTime(item.timestamp, now)}
          </time>
        </div>
        <p className="text-sm break-words text-fg" translate="no">
          {item.message}
        </p>
      </div>
    </li>
  );
}

/** In progress and All Notifications, or the empty text (dashboard.md §2). */
export function NotificationPanel({
  state,
  now = Date.now(),
}: {
  state: NotificationState;
  now?: number;
}) {
  const { t } = useLingui();
  if (state.ongoing.length === 0 && state.items.length === 0) {
    return (
      <p className="px-4 py-8 text-center text-sm text-muted">
        <Trans>No notifications at the moment!</Trans>
      </p>
    );
  }
  return (
    <div className="min-h-0 overflow-y-auto pb-2">
      {state.ongoing.length > 0 ? (
        <section aria-label={t`In progress`}>
          <Heading>
            <Trans>In progress</Trans>
          </Heading>
          <ul>
            {state.ongoing.map((item) => (
              <ProgressItem key={item.event_id} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
      {state.items.length > 0 ? (
        <section aria-label={t`All Notifications`}>
          <Heading>
            <Trans>All Notifications</Trans>
          </Heading>
          <ul className="divide-y divide-line/60">
            {state.items.map((item) => (
              <NotificationItem key={item.key} item={item} now={now} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
