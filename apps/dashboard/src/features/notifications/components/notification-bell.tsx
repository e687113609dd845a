import { useEffect, useState } from 'react';
import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import { NOTIFICATION_PANEL_WIDTH } from '@hearth/protocol';
import { useMarkNotificationsSeen, useNotifications } from '../use-notifications.ts';
import { unreadCount } from '../notification-state.ts';
import { NotificationPanel } from './notification-panel.tsx';

/** The top-bar bell and its 480 px panel (dashboard.md §2 "Notification panel"). */
export function NotificationBell() {
  const state = useNotifications();
  const markSeen = useMarkNotificationsSeen();
  const [open, setOpen] = useState(false);
  const unread = unreadCount(state);
  const busy = state.ongoing.length;

  // While the panel is open, whatever arrives is seen.
  useEffect(() => {
    if (open && unread > 0) markSeen();
  }, [open, unread, markSeen]);

  const label = unread > 0 ? `Notifications, ${unread} new` : 'Notifications';
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
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
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label="Notification panel"
          style={{ width: NOTIFICATION_PANEL_WIDTH, maxWidth: 'calc(100vw - 1rem)' }}
          className="z-50 flex max-h-[70vh] flex-col rounded-lg border border-line bg-raised shadow-xl shadow-black/40"
        >
          <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">Notifications</h2>
          <NotificationPanel state={state} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
