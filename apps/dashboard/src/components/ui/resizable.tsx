import { useCallback, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';

// A width the user drags (or moves with the arrow keys), clamped and remembered in localStorage.

export interface WidthLimits {
  min: number;
  max: number;
  initial: number;
}

export function clampWidth(width: number, limits: WidthLimits): number {
  if (!Number.isFinite(width)) return limits.initial;
  return Math.round(Math.min(limits.max, Math.max(limits.min, width)));
}

export function readStoredWidth(key: string, limits: WidthLimits): number {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? limits.initial : clampWidth(Number(raw), limits);
  } catch {
    return limits.initial;
  }
}

export function useResizableWidth(storageKey: string, limits: WidthLimits) {
  const [width, setWidthState] = useState(() => readStoredWidth(storageKey, limits));
  const setWidth = useCallback(
    (next: number) => {
      const clamped = clampWidth(next, limits);
      setWidthState(clamped);
      try {
        localStorage.setItem(storageKey, String(clamped));
      } catch {
        // Private mode: the width just is not remembered.
      }
    },
    [storageKey, limits],
  );
  return [width, setWidth] as const;
}

const KEY_STEP = 10;

/**
 * The drag handle on the right edge of a resizable panel: a focusable separator that shows the
 * focus ring, moved with the arrow keys, Home and End.
 */
export function ResizeHandle({
  label,
  width,
  limits,
  onResize,
}: {
  label: string;
  width: number;
  limits: WidthLimits;
  onResize: (width: number) => void;
}) {
  const start = useRef<{ x: number; width: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    start.current = { x: event.clientX, width };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current) onResize(start.current.width + event.clientX - start.current.x);
  };
  const onPointerUp = () => {
    start.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') onResize(width - KEY_STEP);
    else if (event.key === 'ArrowRight') onResize(width + KEY_STEP);
    else if (event.key === 'Home') onResize(limits.min);
    else if (event.key === 'End') onResize(limits.max);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="separator"
      aria-label={label}
      aria-orientation="vertical"
      aria-valuenow={width}
      aria-valuemin={limits.min}
      aria-valuemax={limits.max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      className="group absolute inset-y-0 -right-1 z-10 w-2 cursor-col-resize touch-none focus-visible:bg-accent/25"
    >
      <span className="mx-auto block h-full w-px bg-transparent transition-colors group-hover:bg-accent/60 group-focus-visible:bg-accent" />
    </div>
  );
}
