import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { useLingui } from '@lingui/react/macro';
import { attachToaster } from '@/lib/toast.ts';
import { useResolvedTheme } from '@/lib/theme.ts';

/**
 * Toasts bottom-right, in the theme in force. Raise them with `notify` (lib/toast.ts), which
 * mounts this on first use and hands it the toasts raised before it listened.
 */
export function Toaster() {
  const { t } = useLingui();
  const theme = useResolvedTheme();
  // Runs after sonner's own effect has subscribed to its toast store (children's effects first).
  useEffect(() => attachToaster((kind, message, options) => toast[kind](message, options)), []);
  return (
    <Sonner
      theme={theme}
      position="bottom-right"
      // The region's name (sonner adds its hotkey, "Notifications alt+T").
      containerAriaLabel={t`Notifications`}
      toastOptions={{
        classNames: {
          toast: '!bg-raised !border-line !text-fg',
          description: '!text-muted',
        },
      }}
    />
  );
}
