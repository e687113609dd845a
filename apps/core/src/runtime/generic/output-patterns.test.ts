import { describe, expect, it } from 'vitest';
import { compileOutputPatterns, matchOutputLine } from './output-patterns.ts';

const patterns = compileOutputPatterns({
  started: 'Done \\(.+\\)!',
  join: '\\]: (\\S+) joined the game',
  leave: '\\]: (\\S+) left the game',
  chat: '\\]: <([^>]+)> (.*)',
});

describe('matchOutputLine', () => {
  it('recognises started, join, leave and chat lines', () => {
    expect(
      matchOutputLine(
        patterns,
        '[10:00:00] [Server thread/INFO]: Done (0.5s)! For help, type "help"',
      ),
    ).toEqual({ kind: 'started' });
    expect(
      matchOutputLine(patterns, '[10:00:00] [Server thread/INFO]: Steve joined the game'),
    ).toEqual({ kind: 'join', name: 'Steve' });
    expect(
      matchOutputLine(patterns, '[10:00:00] [Server thread/INFO]: Steve left the game\n'),
    ).toEqual({ kind: 'leave', name: 'Steve' });
    expect(matchOutputLine(patterns, '[10:00:00] [Server thread/INFO]: <Steve> hi there')).toEqual({
      kind: 'chat',
      name: 'Steve',
      message: 'hi there',
    });
    expect(
      matchOutputLine(patterns, '[10:00:00] [Server thread/INFO]: Preparing level'),
    ).toBeNull();
  });

  it('strips ANSI colour codes before matching', () => {
    const coloured =
      '\u001b[32m[10:00:00] [Server thread/INFO]: \u001b[1mAlex\u001b[0m joined the game';
    expect(matchOutputLine(patterns, coloured)).toEqual({ kind: 'join', name: 'Alex' });
  });

  it('matches nothing when the definition declares no patterns', () => {
    expect(matchOutputLine(compileOutputPatterns({}), 'Steve joined the game')).toBeNull();
  });
});
