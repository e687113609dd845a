// The side-by-side spawner of the scale benchmark (bare-bwrap.ts): a small plain Node process, as
// small as the core's spawn helper, so the bare start pays for the fork of a small process, not
// for the benchmark's own large one (a fork's cost grows with the forking process's memory: in
// the benchmark's process each spawn took twice as long, and flattered the core).
//
// Requests on stdin, one JSON line each, answers on stdout, one line each:
// - {t: 'start', command, args, count}: spawns `count` copies of `command args` at once and
//   answers {ms} (milliseconds until every copy printed its first line) or {error} (the copies
//   already ended). The copies keep running, so the benchmark can read the machine's CPU then.
// - {t: 'end'}: ends the copies (SIGTERM, SIGKILL after 2 s) and answers {ended: true}.
// It leaves when its stdin closes; the copies (bubblewrap's --die-with-parent) go with it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The copies of the last start, until they are ended. */
let children = [];

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

async function end() {
  await Promise.all(children.splice(0).map(stop));
  return { ended: true };
}

async function start({ command, args, count }) {
  await end();
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
    return { ms: performance.now() - started };
  } catch (error) {
    await end();
    return { error: String(error) };
  }
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() === '') continue;
  const request = JSON.parse(line);
  const answer = request.t === 'start' ? await start(request) : await end();
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
await end();
