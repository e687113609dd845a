import { Toaster as Sonner } from 'sonner';
import { useResolvedTheme } from '@/lib/theme.ts';

/** Toasts bottom-right, in the theme in force. */
export function Toaster() {
  const theme = useResolvedTheme();
  return (
    <Sonner
      theme={theme}
      position="bottom-right"
      toastOptions={{
        classNames: {
          toast: '!bg-raised !border-line !text-fg',
          description: '!text-muted',
        },
      }}
    />
  );
}
