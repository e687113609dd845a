import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaskOutput } from './task-output.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('TaskOutput', () => {
  it('keeps the newest lines within the line bound and says older ones are gone', () => {
    const output = new TaskOutput({ maxLines: 3, maxBytes: 1000, lineMaxChars: 100 });
    for (const line of ['a', 'b', 'c']) output.append(line);
    expect(output.snapshot()).toEqual({ lines: ['a', 'b', 'c'], truncated: false });
    output.append('d');
    expect(output.snapshot()).toEqual({ lines: ['b', 'c', 'd'], truncated: true });
  });

  it('keeps the newest lines within the byte bound (a newline counted per line)', () => {
    const output = new TaskOutput({ maxLines: 100, maxBytes: 10, lineMaxChars: 100 });
    output.append('1234');
    output.append('5678');
    expect(output.snapshot().truncated).toBe(false);
    output.append('é');
    expect(output.snapshot()).toEqual({ lines: ['5678', 'é'], truncated: true });
  });

  it('cuts long lines and drops terminal escapes and control characters', () => {
    const output = new TaskOutput({ maxLines: 10, maxBytes: 1000, lineMaxChars: 10 });
    output.append('abcdefghijkl');
    output.append('\u001b[31mred\u001b[0m\u0007\ttab');
    expect(output.snapshot().lines).toEqual(['abcdefghi…', 'red\ttab']);
  });

  it('marks lines the rate limit dropped where they were', () => {
    const output = new TaskOutput();
    output.append('before');
    output.dropped(57, 'more than 200 lines a second');
    expect(output.snapshot()).toEqual({
      lines: ['before', '[Hearth: 57 lines dropped: more than 200 lines a second]'],
      truncated: true,
    });
  });

  it('sends new lines to listeners in batches, and everything waiting on flush', () => {
    vi.useFakeTimers();
    const output = new TaskOutput();
    output.append('old');
    const batches: string[][] = [];
    const off = output.subscribe((lines) => batches.push(lines));
    output.append('one');
    output.append('two');
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(batches).toEqual([['one', 'two']]);
    output.append('three');
    output.flush();
    expect(batches).toEqual([['one', 'two'], ['three']]);
    off();
    output.append('four');
    vi.advanceTimersByTime(1000);
    expect(batches).toHaveLength(2);
  });

  it('never sends a new listener a line its snapshot already had', () => {
    vi.useFakeTimers();
    const output = new TaskOutput();
    const first: string[][] = [];
    output.subscribe((lines) => first.push(lines));
    output.append('seen in the snapshot');
    const snapshot = output.snapshot().lines;
    const second: string[][] = [];
    output.subscribe((lines) => second.push(lines));
    output.append('new');
    vi.advanceTimersByTime(100);
    expect(snapshot).toEqual(['seen in the snapshot']);
    expect(first).toEqual([['seen in the snapshot'], ['new']]);
    expect(second).toEqual([['new']]);
  });
});
