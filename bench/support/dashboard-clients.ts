// The dashboard clients of the scale benchmark, in their own process (so their work is neither the
// core's nor the benchmark's): --count N clients, each with one socket on the event stream (--events)
// and one monitor socket (the --monitor URLs, comma-separated, dealt out in turn), as N open
// dashboards on an instance page hold. Counts frames and bytes. Prints `ready` once every socket is
// open; on a `report` line on stdin prints one JSON line of figures and exits.
//
//   node --import tsx bench/support/dashboard-clients.ts --events ws://… --monitor ws://…,ws://… --count 50
import readline from 'node:readline';
import WebSocket from 'ws';

export interface ClientFigures {
  sockets: number;
  eventFrames: number;
  monitorFrames: number;
  bytes: number;
  /** Sockets the core closed before the report. */
  closed: number;
}

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1] ?? '';
const eventsUrl = arg('--events');
const monitorUrls = arg('--monitor').split(',').filter(Boolean);
const count = Number(arg('--count'));

const figures: ClientFigures = {
  sockets: 0,
  eventFrames: 0,
  monitorFrames: 0,
  bytes: 0,
  closed: 0,
};
let reporting = false;

function open(url: string, kind: 'eventFrames' | 'monitorFrames'): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('message', (data: Buffer) => {
      figures[kind]++;
      figures.bytes += data.length;
    });
    ws.once('open', () => {
      figures.sockets++;
      resolve(ws);
    });
    ws.once('close', () => {
      if (!reporting) figures.closed++;
    });
    ws.once('error', reject);
  });
}

const sockets: WebSocket[] = [];
for (let i = 0; i < count; i++) {
  // One client at a time, as dashboards open one after another (and the core's rate limit allows).
  sockets.push(await open(eventsUrl, 'eventFrames'));
  if (monitorUrls.length > 0)
    sockets.push(await open(monitorUrls[i % monitorUrls.length]!, 'monitorFrames'));
}
console.log('ready');

readline.createInterface({ input: process.stdin }).on('line', (text) => {
  if (text.trim() !== 'report') return;
  reporting = true;
  console.log(JSON.stringify(figures));
  for (const ws of sockets) ws.terminate();
  process.exit(0);
});
