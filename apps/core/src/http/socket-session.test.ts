import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sendCoalesced } from './socket-session.ts';

let server: WebSocketServer | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

it('writes the frames of one turn of the event loop together, each still a message, in order', async () => {
  const listening = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server = listening;
  await new Promise((resolve) => listening.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => listening.once('connection', resolve));
  const { port } = listening.address() as AddressInfo;
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const received: string[] = [];
  const all = new Promise<void>((resolve) =>
    client.on('message', (data: Buffer) => {
      received.push(data.toString());
      if (received.length === 100) resolve();
    }),
  );
  const socket = await accepted;
  const raw = (socket as unknown as { _socket: { writableCorked: number } })._socket;
  for (let n = 0; n < 100; n++) expect(sendCoalesced(socket, `frame ${n}`)).toBe(true);
  // Held until the turn ends, then written at once.
  expect(raw.writableCorked).toBe(1);
  await new Promise((resolve) => setImmediate(resolve));
  expect(raw.writableCorked).toBe(0);
  await all;
  expect(received).toEqual(Array.from({ length: 100 }, (_, n) => `frame ${n}`));
  client.close();
});
