import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import { NOTIFICATION_PANEL_WIDTH } from '@hearth/protocol';

/**
 * The top-bar bell and its 480 px panel (dashboard.md §2 "Notification panel"). The
 * notifications feature fills the two lists from the event stream; until it exists the
 * panel shows its empty state.
 */
export function NotificationBell() {
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="Notifications"
        className="flex size-9 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg data-[state=open]:bg-hover data-[state=open]:text-fg"
      >
        <Bell aria-hidden className="size-[18px]" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          style={{ width: NOTIFICATION_PANEL_WIDTH, maxWidth: 'calc(100vw - 1rem)' }}
          className="z-50 rounded-lg border border-line bg-raised shadow-xl shadow-black/40 focus:outline-none"
        >
          <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">Notifications</h2>
          <p className="px-4 py-8 text-center text-sm text-muted">No notifications at the moment!</p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
