// The side-by-side spawner of the scale benchmark (bare-bwrap.ts): a small plain Node process, as
// small as the core's spawn helper, so the bare start pays for the fork of a small process, not
// for the benchmark's own large one (a fork's cost grows with the forking process's memory: in
// the benchmark's process each spawn took twice as long, and flattered the core).
//
// Requests on stdin, one JSON line each: {command, args, count}. For each, spawns `count` copies
// of `command args` at once, answers {ms, machineTicks} on stdout (milliseconds until every copy
// printed its first line, and the CPU ticks the whole machine was busy meanwhile) or {error}, then
// ends them all (SIGTERM, SIGKILL after 2 s) before the next request.
// It leaves when its stdin closes; the copies (bubblewrap's --die-with-parent) go with it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** The whole machine's busy CPU ticks so far (/proc/stat: user, nice, system, irq, softirq). */
function machineTicks() {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  return [1, 2, 3, 6, 7].reduce((sum, i) => sum + Number(fields[i] ?? NaN), 0);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), 2_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function run({ command, args, count }) {
  const children = [];
  const ticks = machineTicks();
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: count }, () => {
        const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
        children.push(child);
        return new Promise((resolve, reject) => {
          child.stdout.once('data', () => resolve());
          child.once('exit', (code) => reject(new Error(`exited (${code}) before a line`)));
          child.once('error', reject);
        });
      }),
    );
    return { ms: performance.now() - started, machineTicks: machineTicks() - ticks };
  } catch (error) {
    return { error: String(error) };
  } finally {
    await Promise.all(children.map(stop));
  }
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() === '') continue;
  process.stdout.write(`${JSON.stringify(await run(JSON.parse(line)))}\n`);
}
