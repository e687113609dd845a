import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutputThrottle } from './output-throttle.ts';

describe('OutputThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = () => {
    const states: boolean[] = [];
    const throttle = new OutputThrottle(
      { bytesPerWindow: 100, linesPerWindow: 3, windowMs: 1000 },
      (p) => states.push(p),
      () => Date.now(),
    );
    return { throttle, states };
  };

  it('pauses reading once a window has its bytes and resumes when the window ends', () => {
    const { throttle, states } = make();
    throttle.onBytes(60);
    expect(states).toEqual([]);
    throttle.onBytes(60);
    expect(states).toEqual([true]);
    throttle.onBytes(10);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(999);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
    throttle.onBytes(99);
    expect(states).toEqual([true, false]);
  });

  it('hands on a bounded number of lines per window and counts the rest', () => {
    const { throttle } = make();
    expect([1, 2, 3, 4, 5].map(() => throttle.acceptLine())).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(throttle.takeDropped()).toBe(2);
    expect(throttle.takeDropped()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(throttle.acceptLine()).toBe(true);
  });

  it('stops throttling once lifted (the process exited: drain its pipes)', () => {
    const { throttle, states } = make();
    throttle.onBytes(200);
    expect(states).toEqual([true]);
    throttle.lift();
    expect(states).toEqual([true, false]);
    throttle.onBytes(1000);
    expect(states).toEqual([true, false]);
    for (let i = 0; i < 10; i++) expect(throttle.acceptLine()).toBe(true);
    throttle.dispose();
  });
});
