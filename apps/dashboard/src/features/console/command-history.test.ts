import { describe, expect, it } from 'vitest';
import {
  historyDown,
  historyStorageKey,
  historyUp,
  initialHistory,
  loadHistory,
  pushCommand,
  saveHistory,
} from './command-history.ts';
import type { HistoryState } from './command-history.ts';

function pushAll(commands: string[]): HistoryState {
  return commands.reduce(pushCommand, initialHistory());
}

describe('command history', () => {
  it('Up walks to older commands, Down back to the draft', () => {
    let state = pushAll(['list', 'say hi']);
    let step = historyUp(state, 'half-typed');
    expect(step.value).toBe('say hi');
    step = historyUp((state = step.state), 'say hi');
    expect(step.value).toBe('list');
    state = step.state;
    expect(historyUp(state, 'list').value).toBeNull();
    step = historyDown(state);
    expect(step.value).toBe('say hi');
    step = historyDown(step.state);
    expect(step.value).toBe('half-typed');
    expect(historyDown(step.state).value).toBeNull();
  });

  it('Up with no history leaves the input alone', () => {
    expect(historyUp(initialHistory(), 'x').value).toBeNull();
  });

  it('keeps the newest 50 and one copy of an immediate repeat', () => {
    const state = pushAll(Array.from({ length: 60 }, (_, i) => `cmd ${i}`));
    expect(state.entries).toHaveLength(50);
    expect(state.entries[0]).toBe('cmd 10');
    expect(state.entries.at(-1)).toBe('cmd 59');
    expect(pushCommand(state, 'cmd 59').entries).toHaveLength(50);
    expect(pushAll(['a', 'a', 'b', 'a']).entries).toEqual(['a', 'b', 'a']);
  });

  it('a push ends the walk', () => {
    const state = pushAll(['a', 'b']);
    const walked = historyUp(state, '').state;
    expect(pushCommand(walked, 'c').cursor).toBe(3);
  });

  it('is stored per instance and survives a reload', () => {
    saveHistory('INSTANCE_a', ['list']);
    saveHistory('INSTANCE_b', ['stop']);
    expect(loadHistory('INSTANCE_a')).toEqual(['list']);
    expect(loadHistory('INSTANCE_b')).toEqual(['stop']);
    expect(loadHistory('INSTANCE_c')).toEqual([]);
    localStorage.setItem(historyStorageKey('INSTANCE_c'), '{not json');
    expect(loadHistory('INSTANCE_c')).toEqual([]);
    saveHistory(
      'INSTANCE_d',
      Array.from({ length: 70 }, (_, i) => String(i)),
    );
    expect(loadHistory('INSTANCE_d')).toHaveLength(50);
  });
});
