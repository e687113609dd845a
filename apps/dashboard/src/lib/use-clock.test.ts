import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClock, useMinuteClock } from './use-clock.ts';

/** Moves the fake clock and timers on, inside act() so the hook re-renders. */
function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('useClock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('useMinuteClock moves once a minute, not in between', () => {
    const { result } = renderHook(() => useMinuteClock());
    expect(result.current).toBe(0);
    advance(59_999);
    expect(result.current).toBe(0);
    advance(1);
    expect(result.current).toBe(60_000);
  });

  it('takes a period that depends on the time, and switches when it changes', () => {
    const { result } = renderHook(() => useClock((now) => (now < 3000 ? 1000 : 10_000)));
    advance(3000);
    expect(result.current).toBe(3000);
    advance(9999);
    expect(result.current).toBe(3000);
    advance(1);
    expect(result.current).toBe(13_000);
  });
});
