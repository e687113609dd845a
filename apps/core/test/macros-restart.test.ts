import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { HistoryEntrySchema, MacroEntrySchema } from '@hearth/protocol';
import { isAlive, processStartTicks } from '../src/runtime/supervisor/process-tree.ts';
import {
  createEchoInstance,
  runMacro,
  startMacroCore,
  stoppedOf,
  writeMacro,
} from './macros-helpers.ts';
import { pollUntil } from '../test-support/poll.ts';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-macros-restart-'));
const stray: number[] = [];

afterAll(async () => {
  for (const pid of stray) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

const waitGone = (pid: number) =>
  pollUntil(`process ${pid} to end`, () => !isAlive(pid), { timeoutMs: 10_000 });

describe('macros across a core restart', () => {
  it('keeps last_run and history, never reuses a pid, and ends tasks a dead core left running', async () => {
    const first = await startMacroCore({}, dataDir);
    const inst = await createEchoInstance(first, 'Survivor');
    await writeMacro(inst.path, 'once', 'console.log("ran");');
    await writeMacro(inst.path, 'broken', 'throw new TypeError("nope");');
    const ok = await runMacro(first, inst.uuid, 'once');
    await stoppedOf(first, ok);
    const bad = await runMacro(first, inst.uuid, 'broken');
    await stoppedOf(first, bad);
    const before = z
      .array(MacroEntrySchema)
      .parse(
        (await first.t.request('GET', `/instance/${inst.uuid}/macro/list`, { token: first.owner }))
          .json,
      );
    await first.close();

    // A task the previous core recorded as running, whose process is still alive (as after a crash).
    const orphan = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    stray.push(orphan.pid!);
    const ticks = processStartTicks(orphan.pid!);
    const db = new Database(path.join(dataDir, 'hearth.db'));
    db.prepare(
      `INSERT INTO macro_tasks (pid, instance_uuid, name, creation_time, started_by, os_pid, os_start_ticks)
       VALUES (?, ?, 'orphan', ?, NULL, ?, ?)`,
    ).run(bad + 1, inst.uuid, Math.floor(Date.now() / 1000), orphan.pid, ticks);
    db.close();

    const second = await startMacroCore({}, dataDir);
    try {
      await waitGone(orphan.pid!);
      const after = z.array(MacroEntrySchema).parse(
        (
          await second.t.request('GET', `/instance/${inst.uuid}/macro/list`, {
            token: second.owner,
          })
        ).json,
      );
      expect(after).toEqual(before);
      expect(after.find((m) => m.name === 'once')?.last_run).not.toBeNull();
      const history = z.array(HistoryEntrySchema).parse(
        (
          await second.t.request('GET', `/instance/${inst.uuid}/history/list`, {
            token: second.owner,
          })
        ).json,
      );
      expect(history.map((h) => h.task.pid).sort()).toEqual([ok, bad, bad + 1].sort());
      expect(history.find((h) => h.task.pid === bad)?.exit_status).toMatchObject({
        type: 'Error',
        error_msg: expect.stringContaining('TypeError: nope') as string,
      });
      expect(history.find((h) => h.task.pid === bad + 1)?.exit_status).toMatchObject({
        type: 'Error',
        error_msg: 'The core stopped while this task was running',
      });
      const next = await runMacro(second, inst.uuid, 'once');
      expect(next).toBe(bad + 2);
      await stoppedOf(second, next);
    } finally {
      await second.close();
    }
  });
});
