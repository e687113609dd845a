import { describe, expect, it } from 'vitest';
import type { HistoryEntry, MacroEntry, TaskEntry } from '@hearth/protocol';
import { withFinished, withLastRun, withoutTask } from './macro-cache.ts';

const macros: MacroEntry[] = [
  { name: 'backup', last_run: null, path: '/i/macros/backup', needs_config: false },
  { name: 'greeter', last_run: 100, path: '/i/macros/greeter', needs_config: false },
];
const task = (pid: number, name = 'greeter'): TaskEntry => ({ name, creation_time: 10, pid });

describe('macro cache updates', () => {
  it('sets last_run of the macro that ran, and of no other', () => {
    expect(withLastRun(macros, 'backup', 500)).toEqual([
      { ...macros[0], last_run: 500 },
      macros[1],
    ]);
  });

  it('removes a task by pid', () => {
    expect(withoutTask([task(1), task(2)], 1)).toEqual([task(2)]);
  });

  it('puts a finished task on top of History, once', () => {
    const history: HistoryEntry[] = [{ task: task(1), exit_status: { type: 'Success', time: 20 } }];
    const killed = withFinished(history, task(2), { type: 'Killed', time: 30 });
    expect(killed.map((h) => h.task.pid)).toEqual([2, 1]);
    const again = withFinished(killed, task(2), { type: 'Killed', time: 31 });
    expect(again).toEqual([
      { task: task(2), exit_status: { type: 'Killed', time: 31 } },
      history[0],
    ]);
  });
});
