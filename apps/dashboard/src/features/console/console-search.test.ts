import { describe, expect, it } from 'vitest';
import { ConsoleLog } from './console-log.ts';
import { ConsoleFilter, compileSearch, isValidRegex } from './console-search.ts';

describe('compileSearch', () => {
  it('is null for an empty query (everything shows)', () => {
    expect(compileSearch('', true)).toBeNull();
    expect(compileSearch('', false)).toBeNull();
  });

  it('regex mode is case-insensitive', () => {
    const match = compileSearch('^\\[server.*info', true)!;
    expect(match('[Server thread/INFO]: Done')).toBe(true);
    expect(match('Player [Server thread/INFO]')).toBe(false);
  });

  it('an invalid regex matches nothing', () => {
    expect(isValidRegex('[unclosed')).toBe(false);
    const match = compileSearch('[unclosed', true)!;
    expect(match('[unclosed')).toBe(false);
    expect(match('anything')).toBe(false);
  });

  it('without Regex the query is literal text, still case-insensitive', () => {
    const match = compileSearch('[UNCLOSED', false)!;
    expect(match('a [unclosed bracket')).toBe(true);
    expect(compileSearch('a.c', false)!('abc')).toBe(false);
    expect(compileSearch('a.c', true)!('abc')).toBe(true);
  });
});

describe('ConsoleFilter', () => {
  it('tests new lines as they arrive and forgets dropped ones', () => {
    const log = new ConsoleLog(4);
    const filter = new ConsoleFilter(log, compileSearch('even', true)!);
    log.add('0', 'even 0');
    log.add('1', 'odd 1');
    filter.update();
    expect(filter.size).toBe(1);
    log.add('2', 'even 2');
    log.add('3', 'odd 3');
    log.add('4', 'even 4');
    log.add('5', 'odd 5');
    filter.update();
    // the log now holds 2..5: "even 0" left with the oldest lines
    expect(Array.from({ length: filter.size }, (_, i) => filter.lineAt(i)?.text)).toEqual([
      'even 2',
      'even 4',
    ]);
    filter.update();
    expect(filter.size).toBe(2);
  });

  it('searches the plain text, not the colour codes', () => {
    const log = new ConsoleLog();
    log.add('0', '\x1b[31mred\x1b[0m');
    const filter = new ConsoleFilter(log, compileSearch('31m', false)!);
    filter.update();
    expect(filter.size).toBe(0);
  });
});
