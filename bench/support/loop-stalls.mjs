// Preloaded into the core by scale.ts (`node --import`, so only that process and what it forks
// with its flags): every gap of more than 10 ms between two ticks of a 2 ms timer is a turn of
// the event loop that held everything else up. For each, the main thread's own CPU time and its
// wait for a CPU over the gap (/proc/<pid>/task/<pid>/schedstat), so what the core spent can be
// told from what a busy machine made it wait. One JSON line per stall in LOOP_STALLS_FILE:
// [pid, epoch ms, wall ms, own CPU ms, run-queue wait ms, monotonic µs] — the last on the clock of
// a `--cpu-prof` profile's timestamps, to find what ran in a stall. Linux only; does nothing elsewhere.
import fs from 'node:fs';

const out = process.env.LOOP_STALLS_FILE;
const schedstat = `/proc/${process.pid}/task/${process.pid}/schedstat`;

/** [on-CPU ms, waiting-for-a-CPU ms] of the main thread so far. */
function sched() {
  const [run = '0', wait = '0'] = fs.readFileSync(schedstat, 'latin1').split(' ');
  return [Number(run) / 1e6, Number(wait) / 1e6];
}

if (out && fs.existsSync(schedstat)) {
  let last = performance.now();
  let lastMono = Number(process.hrtime.bigint() / 1000n);
  let [lastRun, lastWait] = sched();
  setInterval(() => {
    const now = performance.now();
    const [run, wait] = sched();
    const gap = now - last;
    if (gap > 12) {
      const line = [
        process.pid,
        Math.round(performance.timeOrigin + last),
        gap,
        run - lastRun,
        wait - lastWait,
        lastMono,
      ];
      fs.appendFileSync(out, `${JSON.stringify(line.map((n) => Math.round(n * 10) / 10))}\n`);
    }
    last = now;
    lastMono = Number(process.hrtime.bigint() / 1000n);
    lastRun = run;
    lastWait = wait;
  }, 2).unref();
}
