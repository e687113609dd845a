// The side-by-side start of the scale benchmark: N copies of a game command spawned at once, each
// under a bare bubblewrap (the whole host read-only, its own /dev, /proc, /tmp, PID/IPC/UTS
// namespaces, dying with its parent), timed from the first spawn until every copy printed its first
// line. No cgroups, no seccomp, no privilege drop, no database: the floor a sandboxed start stands on.
import type { ChildProcess } from 'node:child_process';
import { spawnTracked, stopProcess } from './processes.ts';

export const BARE_BWRAP_ARGS = [
  ...['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'],
  ...['--unshare-pid', '--unshare-ipc', '--unshare-uts', '--die-with-parent', '--new-session'],
];

/** Milliseconds until all `count` copies of `command args` printed a line; then ends them all. */
export async function bareBwrapStarts(
  count: number,
  game: { command: string; args: readonly string[] },
  bwrap = '/usr/bin/bwrap',
): Promise<number> {
  const children: ChildProcess[] = [];
  const started = performance.now();
  try {
    const printed = Array.from({ length: count }, () => {
      const child = spawnTracked(bwrap, [...BARE_BWRAP_ARGS, game.command, ...game.args], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      children.push(child);
      return new Promise<void>((resolve, reject) => {
        child.stdout?.once('data', () => resolve());
        child.once('exit', (code) =>
          reject(new Error(`bare bwrap exited (${code}) before a line`)),
        );
        child.once('error', reject);
      });
    });
    await Promise.all(printed);
    return performance.now() - started;
  } finally {
    await Promise.all(children.map((child) => stopProcess(child, 2_000)));
  }
}
