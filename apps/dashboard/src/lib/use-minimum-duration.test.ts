import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { minimumDurations, useMinimumDuration } from './use-minimum-duration.ts';

describe('useMinimumDuration', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    minimumDurations.scale = 1;
  });
  afterEach(() => {
    vi.useRealTimers();
    minimumDurations.scale = 0;
  });

  it('stays false until the duration has passed', () => {
    const { result } = renderHook(() => useMinimumDuration(1000));
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
  });

  it('is true at once for a zero duration', () => {
    const { result } = renderHook(() => useMinimumDuration(0));
    expect(result.current).toBe(true);
  });
});
