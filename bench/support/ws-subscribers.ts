// The console subscribers of the console-throughput benchmark, in their own process (so their work
// is neither the server's nor the benchmark's): N WebSocket clients on one URL, counting the
// numbered `flood <n>` lines each receives (any number per frame), gaps in the numbering, and the
// `flood done <count>` line. Prints `ready` once all are open, then one JSON line with every
// subscriber's figures when all saw the done line or after --timeout seconds.
//
//   node --import tsx bench/support/ws-subscribers.ts --url ws://… --count 10 --timeout 70
import WebSocket from 'ws';

export interface SubscriberFigures {
  lines: number;
  frames: number;
  gaps: number;
  /** Lines per second between the first and the last flood line this subscriber received. */
  rate: number;
  done: number | null;
}

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1] ?? '';
const url = arg('--url');
const count = Number(arg('--count'));
const timeoutMs = Number(arg('--timeout')) * 1000;

const FLOOD = /"flood (\d+)\\n"/g;
const DONE = /"flood done (\d+)\\n"/;

interface State {
  lines: number;
  frames: number;
  gaps: number;
  next: number;
  first: number;
  last: number;
  done: number | null;
}

function open(): Promise<State> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const s: State = { lines: 0, frames: 0, gaps: 0, next: 0, first: 0, last: 0, done: null };
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      s.frames++;
      for (const m of text.matchAll(FLOOD)) {
        const seq = Number(m[1]);
        const now = performance.now();
        if (s.lines === 0) s.first = now;
        s.last = now;
        if (seq > s.next) s.gaps += seq - s.next;
        s.next = seq + 1;
        s.lines++;
      }
      const done = DONE.exec(text);
      if (done) s.done = Number(done[1]);
    });
    ws.once('open', () => resolve(s));
    ws.once('error', reject);
  });
}

const states = await Promise.all(Array.from({ length: count }, open));
console.log('ready');
function report(): void {
  const figures: SubscriberFigures[] = states.map((s) => ({
    lines: s.lines,
    frames: s.frames,
    gaps: s.gaps,
    rate: s.lines > 1 ? (s.lines - 1) / ((s.last - s.first) / 1000) : 0,
    done: s.done,
  }));
  console.log(JSON.stringify(figures));
  process.exit(0);
}
setTimeout(report, timeoutMs);
setInterval(() => {
  if (states.every((s) => s.done !== null)) report();
}, 100);
