import { lazy } from 'react';

// Toasts load with their own chunk: nothing on the first paint needs them, and sonner
// replays toasts raised before its Toaster mounted.

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface ToastOptions {
  /** Same id → one toast (repeats replace it). */
  id?: string;
  /** Milliseconds on screen. */
  duration?: number;
}

export function notify(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  import('sonner').then(
    ({ toast }) => toast[kind](message, options),
    (err: unknown) => console.error('Could not show a toast', message, err),
  );
}

export const LazyToaster = lazy(async () => ({
  default: (await import('@/components/ui/toaster.tsx')).Toaster,
}));
