// The ceiling for console fan-out: a bare node:http + `ws` server in its own process that runs the
// same flood program as the core's instance and sends every line, as the same ClientEvent JSON
// frame the core sends, to each WebSocket subscriber on `/console`. Each frame is encoded to UTF-8
// once and the same bytes go to every subscriber as a text frame (as the core does; `ws` would
// otherwise encode a string once per socket). Frames of one stdout chunk go
// out corked (one write per subscriber per chunk), and the child's stdout is paused while a
// subscriber has more than 512 KiB waiting, so a reading subscriber loses nothing. `GET
// /api/v1/info` answers a small JSON; `POST /start` starts the flood. Prints `listening <port>`.
//
//   node --import tsx bench/support/bare-ws-server.ts --flood FILE --seconds N
import { spawn } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import { SnowflakeGenerator, type ClientEvent } from '@hearth/protocol';
import { WebSocketServer, type WebSocket } from 'ws';

const HIGH_WATER_BYTES = 512 * 1024;
const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1] ?? '';
const floodFile = arg('--flood');
const seconds = arg('--seconds');
const UUID = 'INSTANCE_bare';

const snowflakes = new SnowflakeGenerator();
const subscribers = new Set<WebSocket>();
const wss = new WebSocketServer({ noServer: true });
const rawSocket = (ws: WebSocket) => (ws as unknown as { _socket: net.Socket })._socket;

const AS_TEXT = { binary: false } as const;

function frame(line: string): Buffer {
  const event: ClientEvent = {
    event_inner: {
      type: 'InstanceEvent',
      instance_uuid: UUID,
      instance_name: 'flood',
      instance_event_inner: { type: 'InstanceOutput', message: `${line}\n` },
    },
    details: '',
    snowflake: snowflakes.next(),
    level: 'Info',
    caused_by: { type: 'System' },
  };
  return Buffer.from(JSON.stringify(event), 'utf8');
}

let flood: ReturnType<typeof spawn> | null = null;

function startFlood(): void {
  const child = spawn(process.execPath, [floodFile, '--seconds', seconds], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  flood = child;
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    const frames = lines.map((line) => frame(line.replace(/\r$/, '')));
    const slow: WebSocket[] = [];
    for (const ws of subscribers) {
      const socket = rawSocket(ws);
      socket.cork();
      for (const bytes of frames) ws.send(bytes, AS_TEXT);
      socket.uncork();
      if (ws.bufferedAmount > HIGH_WATER_BYTES) slow.push(ws);
    }
    if (slow.length === 0) return;
    child.stdout.pause();
    let waiting = slow.length;
    for (const ws of slow)
      rawSocket(ws).once('drain', () => {
        if (--waiting === 0) child.stdout.resume();
      });
  });
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/api/v1/info') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ version: '0.0.0', is_setup: true, core_name: 'bare ws' }));
  } else if (req.method === 'POST' && req.url === '/start') {
    startFlood();
    res.writeHead(200, { 'content-type': 'application/json' }).end('null');
  } else {
    res.writeHead(404).end();
  }
});
server.on('upgrade', (req, socket, head) => {
  if (req.url !== '/console') return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => {
    subscribers.add(ws);
    ws.on('close', () => subscribers.delete(ws));
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  if (flood?.exitCode === null) flood.kill('SIGKILL');
  for (const ws of subscribers) ws.terminate();
  server.close(() => process.exit(0));
});
