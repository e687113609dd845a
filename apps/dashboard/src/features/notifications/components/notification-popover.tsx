import { useEffect, useState } from 'react';
import { Popover } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { NOTIFICATION_PANEL_WIDTH } from '@hearth/protocol';
import type { PopupTriggerProps } from '@/components/ui/lazy-popup.tsx';
import { useMarkNotificationsSeen } from '../use-notifications.ts';
import type { NotificationState } from '../notification-state.ts';
import { NotificationPanel } from './notification-panel.tsx';

export interface NotificationPopoverProps extends PopupTriggerProps {
  state: NotificationState;
  unread: number;
}

/** The bell's panel (Radix Popover), loaded when the bell is first used (notification-bell.tsx). */
export function NotificationPopover({ trigger, state, unread }: NotificationPopoverProps) {
  const { t } = useLingui();
  const markSeen = useMarkNotificationsSeen();
  const [open, setOpen] = useState(false);

  // While the panel is open, whatever arrives is seen.
  useEffect(() => {
    if (open && unread > 0) markSeen();
  }, [open, unread, markSeen]);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label={t`Notification panel`}
          style={{ width: NOTIFICATION_PANEL_WIDTH, maxWidth: 'calc(100vw - 1rem)' }}
          className="z-50 flex max-h-[70vh] flex-col rounded-lg border border-line bg-raised shadow-xl shadow-black/40"
        >
          <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">
            <Trans>Notifications</Trans>
          </h2>
          <NotificationPanel state={state} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
