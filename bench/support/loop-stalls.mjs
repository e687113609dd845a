// Preloaded into the core by scale.ts (`node --import`, so only that process and what it forks
// with its flags): while armed, every gap of more than 10 ms between two ticks of a 2 ms timer is a
// turn of the event loop that held everything else up. For each, the main thread's own CPU time and
// its wait for a CPU over the gap (/proc/<pid>/task/<pid>/schedstat), so what the core spent can be
// told from what a busy machine made it wait. One JSON line per stall in LOOP_STALLS_FILE:
// [pid, epoch ms, wall ms, own CPU ms, run-queue wait ms, monotonic µs] — the last on the clock of
// a `--cpu-prof` profile's timestamps, to find what ran in a stall. Linux only; does nothing elsewhere.
//
// Armed only between two SIGUSR2s (scale.ts arms it for the bursts): a 2 ms timer alone costs about
// 5 % of a core, which would otherwise be counted as the core's CPU at rest and per start. Each
// change is acknowledged in `<LOOP_STALLS_FILE>.state` ("armed" / "disarmed"; "unavailable" on a
// Linux without schedstat, where no stall is reported).
import fs from 'node:fs';

const out = process.env.LOOP_STALLS_FILE;
const schedstat = `/proc/${process.pid}/task/${process.pid}/schedstat`;

// Read every 2 ms: through one descriptor into one buffer (no open, stat or new Buffer per read),
// so the probe adds little to the CPU and garbage of the core it measures.
const buffer = Buffer.alloc(128);
let fd = -1;

/** [on-CPU ms, waiting-for-a-CPU ms] of the main thread so far. */
function sched() {
  const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
  const text = buffer.toString('latin1', 0, length);
  const space = text.indexOf(' ');
  const run = Number(text.slice(0, space));
  const wait = Number(text.slice(space + 1, text.indexOf(' ', space + 1)));
  return [run / 1e6, wait / 1e6];
}

function watch() {
  let last = performance.now();
  let lastMono = Number(process.hrtime.bigint() / 1000n);
  let [lastRun, lastWait] = sched();
  return setInterval(() => {
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

if (out) {
  // Without schedstat (a kernel built without it) there is nothing to measure, but the signal is
  // still answered: unhandled, SIGUSR2 would end the core.
  const available = fs.existsSync(schedstat);
  if (available) fd = fs.openSync(schedstat, 'r');
  let timer = null;
  process.on('SIGUSR2', () => {
    if (!available) return fs.writeFileSync(`${out}.state`, 'unavailable');
    if (timer) clearInterval(timer);
    timer = timer ? null : watch();
    fs.writeFileSync(`${out}.state`, timer ? 'armed' : 'disarmed');
  });
}
