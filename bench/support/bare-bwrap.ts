// The side-by-side start of the scale benchmark: N copies of a game command spawned at once, each
// under a bare bubblewrap (the whole host read-only, its own /dev, /proc, /tmp, PID/IPC/UTS
// namespaces, dying with its parent), timed from the first spawn until every copy printed its first
// line. No cgroups, no seccomp, no privilege drop, no database: the floor a sandboxed start stands
// on. The spawns happen in a small process of their own (bare-spawner.mjs), as the core's happen
// in its small spawn helper.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { spawnTracked, stopProcess, TICKS_PER_SECOND } from './processes.ts';

export const BARE_BWRAP_ARGS = [
  ...['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'],
  ...['--unshare-pid', '--unshare-ipc', '--unshare-uts', '--die-with-parent', '--new-session'],
];

const SPAWNER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-spawner.mjs');

/** The spawner process, started once and asked for each round. */
export class BareBwrap {
  private readonly answers: AsyncIterator<string>;

  private constructor(
    private readonly child: ChildProcess,
    private readonly lines: Interface,
    private readonly bwrap: string,
  ) {
    this.answers = lines[Symbol.asyncIterator]();
  }

  static start(bwrap = '/usr/bin/bwrap'): BareBwrap {
    const child = spawnTracked(process.execPath, [SPAWNER], { stdio: ['pipe', 'pipe', 'inherit'] });
    return new BareBwrap(child, createInterface({ input: child.stdout! }), bwrap);
  }

  /**
   * Milliseconds until all `count` copies of `command args` printed a line, and the CPU seconds
   * the whole machine was busy meanwhile; then ends them all.
   */
  async starts(
    count: number,
    game: { command: string; args: readonly string[] },
  ): Promise<{ ms: number; machineCpuSeconds: number }> {
    const request = {
      command: this.bwrap,
      args: [...BARE_BWRAP_ARGS, game.command, ...game.args],
      count,
    };
    this.child.stdin!.write(`${JSON.stringify(request)}\n`);
    const next = await this.answers.next();
    if (next.done) throw new Error('the bare spawner exited');
    const answer = JSON.parse(next.value) as { ms?: number; machineTicks?: number; error?: string };
    if (answer.ms === undefined || answer.machineTicks === undefined)
      throw new Error(`bare bwrap: ${answer.error ?? 'no answer'}`);
    return { ms: answer.ms, machineCpuSeconds: answer.machineTicks / TICKS_PER_SECOND };
  }

  async close(): Promise<void> {
    this.lines.close();
    this.child.stdin!.end();
    await stopProcess(this.child, 5_000);
  }
}
