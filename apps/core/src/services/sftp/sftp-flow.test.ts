// Back-pressure of an SFTP session: a fake channel for the bookkeeping, and a real ssh2 server and
// client in this process, where the client floods writes that the server acknowledges slowly — the
// bytes held by the server must stay within the limit plus one SSH window however fast it sends.
import type { AddressInfo } from 'node:net';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL_WINDOW, SftpFlow, type FlowChannel } from './sftp-flow.ts';

const { Client, Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;
const MiB = 1024 * 1024;

function fakeChannel() {
  const adjusts: number[] = [];
  const channel: FlowChannel & { pushed: number } = {
    pushed: 0,
    push(data) {
      if (data !== null) channel.pushed += data.length;
      return undefined;
    },
    incoming: { window: CHANNEL_WINDOW },
    outgoing: { id: 7, state: 'open' },
    _protocol: { channelWindowAdjust: (_id, amount) => adjusts.push(amount) },
    _buffer: [],
  };
  return { channel, adjusts };
}

describe('SftpFlow bookkeeping', () => {
  it('holds the window while tracked work is over the limit, and re-grants it when it drains', () => {
    const { channel, adjusts } = fakeChannel();
    const flow = new SftpFlow(channel, 1000);
    expect(channel.push(Buffer.alloc(10))).toBeUndefined();
    const done = flow.track(1500);
    channel.incoming.window -= 600;
    expect(channel.push(Buffer.alloc(600))).toBe(false);
    expect(channel.pushed).toBe(610);
    expect(adjusts).toEqual([]);
    done();
    expect(adjusts).toEqual([600]);
    expect(channel.incoming.window).toBe(CHANNEL_WINDOW);
    done();
    expect(adjusts).toEqual([600]);
    flow.close();
  });

  it('counts replies waiting for the client as held work', async () => {
    const { channel } = fakeChannel();
    const flow = new SftpFlow(channel, 1000);
    channel._buffer.push(Buffer.alloc(1200));
    expect(flow.over()).toBe(true);
    let roomed = false;
    const room = flow.outputRoom().then(() => (roomed = true));
    await Promise.resolve();
    expect(roomed).toBe(false);
    channel._buffer.length = 0;
    await room;
    expect(roomed).toBe(true);
    flow.close();
  });
});

describe('SftpFlow on a real ssh2 channel', () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
    stop = null;
  });

  it('a client flooding writes never has more than the limit and one window held by the server', async () => {
    const LIMIT = 1 * MiB;
    const TOTAL = 16 * MiB;
    const CHUNK = 32 * 1024;
    let held = 0;
    let most = 0;
    let received = 0;
    const hostKey = utils.generateKeyPairSync('ed25519').private;
    const server = new Server({ hostKeys: [hostKey] }, (client) => {
      client.on('authentication', (ctx) => ctx.accept());
      client.on('session', (accept) => {
        accept().on('sftp', (acceptSftp) => {
          const sftp: SFTPWrapper = acceptSftp();
          const flow = new SftpFlow(sftp as unknown as FlowChannel, LIMIT);
          sftp.on('OPEN', (id: number) => sftp.handle(id, Buffer.from([1])));
          sftp.on('CLOSE', (id: number) => sftp.status(id, STATUS_CODE.OK));
          sftp.on('WRITE', (id: number, _handle: Buffer, _offset: number, data: Buffer) => {
            received += data.length;
            held += data.length;
            most = Math.max(most, held);
            const done = flow.track(data.length);
            // A slow disk: each write is acknowledged a millisecond after the previous one.
            queue = queue.then(
              () =>
                new Promise<void>((resolve) =>
                  setTimeout(() => {
                    held -= data.length;
                    done();
                    sftp.status(id, STATUS_CODE.OK);
                    resolve();
                  }, 1),
                ),
            );
          });
        });
      });
    });
    let queue = Promise.resolve();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const client = new Client();
    stop = async () => {
      client.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
    await new Promise<void>((resolve, reject) => {
      client.once('ready', () => resolve());
      client.once('error', reject);
      client.connect({ host: '127.0.0.1', port, username: 'x', password: 'y' });
    });
    const sftp = await new Promise<SFTPWrapper>((resolve, reject) =>
      client.sftp((err, s) => (err ? reject(err) : resolve(s))),
    );
    const handle = await new Promise<Buffer>((resolve, reject) =>
      sftp.open('/f', 'w', (err, h) => (err ? reject(err) : resolve(h))),
    );
    const chunk = Buffer.alloc(CHUNK, 7);
    const writes: Promise<void>[] = [];
    for (let offset = 0; offset < TOTAL; offset += CHUNK)
      writes.push(
        new Promise((resolve, reject) =>
          sftp.write(handle, chunk, 0, CHUNK, offset, (err) => (err ? reject(err) : resolve())),
        ),
      );
    await Promise.all(writes);
    expect(received).toBe(TOTAL);
    expect(most).toBeGreaterThan(LIMIT);
    expect(most).toBeLessThanOrEqual(LIMIT + CHANNEL_WINDOW + 2 * CHUNK);
  }, 120_000);
});
