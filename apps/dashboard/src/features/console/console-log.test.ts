import { describe, expect, it } from 'vitest';
import { ConsoleLog, splitMessage } from './console-log.ts';
import { INSTANCE_UUID, instanceEvent, outputEvent } from './test-events.ts';

const texts = (log: ConsoleLog) => Array.from({ length: log.size }, (_, i) => log.at(i)?.text);

describe('ConsoleLog', () => {
  it('dedupes by snowflake', () => {
    const log = new ConsoleLog();
    expect(log.add('1', 'a\n')).toBe(true);
    expect(log.add('1', 'a\n')).toBe(false);
    expect(log.add('2', 'b\n')).toBe(true);
    expect(texts(log)).toEqual(['a', 'b']);
  });

  it('keeps only InstanceOutput events of its instance', () => {
    const log = new ConsoleLog();
    const added = log.addEvents(
      [
        outputEvent('kept'),
        outputEvent('other instance', { instance: 'INSTANCE_other' }),
        instanceEvent({ type: 'SystemMessage', message: 'system' }),
        instanceEvent({ type: 'PlayerMessage', player: 'p', player_message: 'hi' }),
        instanceEvent({ type: 'StateTransition', to: 'Running' }),
      ],
      INSTANCE_UUID,
    );
    expect(added).toBe(1);
    expect(texts(log)).toEqual(['kept']);
  });

  it('drops the oldest lines past its cap, with their snowflakes', () => {
    const log = new ConsoleLog(3);
    for (let i = 0; i < 5; i++) log.add(String(i), `line ${i}`);
    expect(texts(log)).toEqual(['line 2', 'line 3', 'line 4']);
    expect(log.firstSeq).toBe(2);
    expect(log.bySeq(1)).toBeUndefined();
    expect(log.bySeq(4)?.text).toBe('line 4');
    expect(log.has('0')).toBe(false);
    expect(log.has('4')).toBe(true);
  });

  it('stays bounded over many lines (the dead prefix is compacted)', () => {
    const log = new ConsoleLog(1000);
    for (let i = 0; i < 20_000; i++) log.add(String(i), `l${i}`);
    expect(log.size).toBe(1000);
    expect(log.at(0)?.text).toBe('l19000');
    expect(log.at(999)?.text).toBe('l19999');
    expect((log as unknown as { lines: unknown[] }).lines.length).toBeLessThan(2100);
  });

  it('keeps search text without colour codes', () => {
    const log = new ConsoleLog();
    log.add('1', '\x1b[33mWarn\x1b[0m §ahi\n');
    expect(log.at(0)?.plain).toBe('Warn hi');
  });
});

describe('splitMessage', () => {
  it('drops the final line break and splits inner ones', () => {
    expect(splitMessage('one\n')).toEqual(['one']);
    expect(splitMessage('one\r\n')).toEqual(['one']);
    expect(splitMessage('a\nb\r\nc\n')).toEqual(['a', 'b', 'c']);
    expect(splitMessage('')).toEqual(['']);
  });
});
