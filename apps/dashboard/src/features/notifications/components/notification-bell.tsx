import { Bell } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { lazyPopup } from '@/components/ui/lazy-popup.tsx';
import { useNotifications } from '../use-notifications.ts';
import { unreadCount } from '../notification-state.ts';

const Popover = lazyPopup(
  'dialog',
  async () => (await import('./notification-popover.tsx')).NotificationPopover,
);

/**
 * The top-bar bell and its 480 px panel (dashboard.md §2 "Notification panel"). The bell and its
 * dot are drawn here; the panel's code loads when the bell is first pointed at, focused or pressed.
 */
export function NotificationBell() {
  const { t } = useLingui();
  const state = useNotifications();
  const unread = unreadCount(state);
  const busy = state.ongoing.length;

  const label = unread > 0 ? t`Notifications, ${unread} new` : t`Notifications`;
  return (
    <Popover
      state={state}
      unread={unread}
      trigger={
        <button
          type="button"
          aria-label={label}
          className="relative flex size-11 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg data-[state=open]:bg-hover data-[state=open]:text-fg wide:size-9"
        >
          <Bell aria-hidden className="size-[18px]" />
          {unread > 0 || busy > 0 ? (
            <span
              aria-hidden
              className={`absolute top-1.5 right-1.5 size-2 rounded-full ${unread > 0 ? 'bg-accent' : 'animate-pulse bg-warning'}`}
            />
          ) : null}
        </button>
      }
    />
  );
}
