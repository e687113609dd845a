import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { CONSOLE_HIGH_WATER_BYTES, FrameBatcher } from './frame-batcher.ts';
import { batchFormat, eventsFormat } from './frame-formats.ts';
import { OutputGate } from './output-gate.ts';

/** The parts of a `ws` socket and its net.Socket the batcher uses; writes complete as set. */
function fakeSocket() {
  const drainListeners: (() => void)[] = [];
  const raw = {
    writableNeedDrain: false,
    cork: () => undefined,
    uncork: () => undefined,
    once: (_event: 'drain', fn: () => void) => void drainListeners.push(fn),
  };
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    sent: 0,
    messages: [] as unknown[],
    send(message: unknown) {
      this.sent++;
      this.messages.push(message);
    },
    _socket: raw,
  };
  const drain = () => {
    raw.writableNeedDrain = false;
    socket.bufferedAmount = 0;
    for (const fn of drainListeners.splice(0)) fn();
  };
  return { socket, raw, drain, ws: socket as unknown as WebSocket };
}

/** Enough turns of the event loop for a flush that waits for more output (COALESCE_TURNS). */
const flushed = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('FrameBatcher flow control', () => {
  it('holds the server while the socket is backed up and lets go when it drains', async () => {
    const { socket, raw, drain, ws } = fakeSocket();
    const gate = new OutputGate(() => undefined);
    const batcher = new FrameBatcher(ws, () => gate, eventsFormat);
    socket.bufferedAmount = CONSOLE_HIGH_WATER_BYTES + 1;
    raw.writableNeedDrain = true;
    batcher.push(Buffer.from('{}'), 'i');
    expect(gate.paused).toBe(true);
    await flushed();
    expect(socket.sent).toBe(1);
    expect(gate.paused).toBe(true);
    drain();
    expect(gate.paused).toBe(false);
    batcher.close();
  });

  it('lets go at once when the backlog that caused the hold was written out before the flush', async () => {
    const { socket, ws } = fakeSocket();
    const gate = new OutputGate(() => undefined);
    const batcher = new FrameBatcher(ws, () => gate, eventsFormat);
    socket.bufferedAmount = CONSOLE_HIGH_WATER_BYTES + 1;
    batcher.push(Buffer.from('{}'), 'i');
    expect(gate.paused).toBe(true);
    // The kernel took everything: no write will fill the buffer, so no 'drain' is coming.
    socket.bufferedAmount = 0;
    await flushed();
    expect(socket.sent).toBe(1);
    expect(gate.paused).toBe(false);
    batcher.close();
  });
});

describe('FrameBatcher coalescing', () => {
  it('sends output that came over a few turns of the event loop in one message, and sends it all', async () => {
    const { socket, ws } = fakeSocket();
    const batcher = new FrameBatcher(ws, () => undefined, batchFormat(1 << 20));
    batcher.push('1', 'i');
    await new Promise((resolve) => setImmediate(resolve));
    batcher.push('2', 'i');
    await flushed();
    expect(socket.messages).toEqual(['[1,2]']);
    batcher.close();
  });
});
