import { Toaster as Sonner } from 'sonner';

/** Toasts bottom-right, dark, like the rest of the app. */
export function Toaster() {
  return (
    <Sonner
      theme="dark"
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
