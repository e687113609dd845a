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
import { machineCpuSeconds, spawnTracked, stopProcess } from './processes.ts';

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

  /** Sends one request and reads its answer. */
  private async ask(request: object): Promise<{ ms?: number; ended?: boolean; error?: string }> {
    this.child.stdin!.write(`${JSON.stringify(request)}\n`);
    const next = await this.answers.next();
    if (next.done) throw new Error('the bare spawner exited');
    return JSON.parse(next.value) as { ms?: number; ended?: boolean; error?: string };
  }

  /**
   * Milliseconds until all `count` copies of `command args` printed a line, and the CPU seconds
   * the whole machine was busy meanwhile (read here, as for the core's starts); then ends them all.
   */
  async starts(
    count: number,
    game: { command: string; args: readonly string[] },
  ): Promise<{ ms: number; machineCpuSeconds: number }> {
    const busy = machineCpuSeconds();
    const answer = await this.ask({
      t: 'start',
      command: this.bwrap,
      args: [...BARE_BWRAP_ARGS, game.command, ...game.args],
      count,
    });
    const machine = machineCpuSeconds() - busy;
    await this.ask({ t: 'end' });
    if (answer.ms === undefined) throw new Error(`bare bwrap: ${answer.error ?? 'no answer'}`);
    return { ms: answer.ms, machineCpuSeconds: machine };
  }

  async close(): Promise<void> {
    this.lines.close();
    this.child.stdin!.end();
    await stopProcess(this.child, 5_000);
  }
}
