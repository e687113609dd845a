import { Suspense, createElement, lazy, useSyncExternalStore } from 'react';

// The one way to raise a toast. Toasts load with their own chunk (sonner and the Toaster) when
// the first one is raised: nothing on the first paint needs them. Toasts raised before the
// Toaster listens wait here and are shown, in order, once it does (sonner itself drops toasts
// raised before its Toaster subscribed).

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface ToastOptions {
  /** Same id → one toast (repeats replace it). */
  id?: string;
  /** Milliseconds on screen. */
  duration?: number;
}

/** Shows one toast; given by the Toaster while it is mounted. */
export type ShowToast = (kind: ToastKind, message: string, options: ToastOptions) => void;

interface Waiting {
  kind: ToastKind;
  message: string;
  options: ToastOptions;
}

let show: ShowToast | null = null;
const waiting: Waiting[] = [];
let wanted = false;
const listeners = new Set<() => void>();

export function notify(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  if (show) {
    show(kind, message, options);
    return;
  }
  waiting.push({ kind, message, options });
  if (!wanted) {
    wanted = true;
    for (const listener of [...listeners]) listener();
  }
}

/**
 * The Toaster, once it listens, takes the toasts that waited and every later one; the returned
 * function gives them back to the queue (it unmounted).
 */
export function attachToaster(next: ShowToast): () => void {
  show = next;
  for (const toast of waiting.splice(0)) next(toast.kind, toast.message, toast.options);
  return () => {
    if (show === next) show = null;
  };
}

/** Between tests: drops toasts still waiting for a Toaster and forgets that one was raised. */
export function resetToasts(): void {
  waiting.length = 0;
  wanted = false;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const Toaster = lazy(async () => ({
  default: (await import('@/components/ui/toaster.tsx')).Toaster,
}));

/** Mounts the Toaster (and so fetches its code) the first time a toast is raised. */
export function LazyToaster() {
  const raised = useSyncExternalStore(subscribe, () => wanted);
  return raised ? createElement(Suspense, { fallback: null }, createElement(Toaster)) : null;
}
