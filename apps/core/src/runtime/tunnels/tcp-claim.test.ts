import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectTcp, readExactly } from './tcp-claim.ts';

const servers: net.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A server that runs `onConnection` for its one client. */
async function server(onConnection: (s: net.Socket) => void): Promise<number> {
  const srv = net.createServer(onConnection);
  servers.push(srv);
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return (srv.address() as net.AddressInfo).port;
}

const open = (port: number) => connectTcp('127.0.0.1', port, 2_000, () => undefined);

describe('claim handshake reads', () => {
  it('reads exactly the 8-byte answer and leaves what follows for the pipe', async () => {
    const port = await server((s) =>
      s.end(Buffer.concat([Buffer.alloc(8, 7), Buffer.from('player bytes')])),
    );
    const socket = await open(port);
    expect(await readExactly(socket, 8, 2_000)).toEqual(Buffer.alloc(8, 7));
    const rest: Buffer[] = [];
    socket.on('data', (c: Buffer) => rest.push(c));
    await new Promise((resolve) => socket.once('end', resolve));
    expect(Buffer.concat(rest).toString()).toBe('player bytes');
  });

  it('collects an answer that arrives in pieces', async () => {
    const port = await server((s) => {
      s.write(Buffer.alloc(3, 1));
      setTimeout(() => s.write(Buffer.alloc(5, 2)), 20);
    });
    const socket = await open(port);
    expect(await readExactly(socket, 8, 2_000)).toEqual(Buffer.from([1, 1, 1, 2, 2, 2, 2, 2]));
    socket.destroy();
  });

  it('a short answer before the server closes is an error', async () => {
    const port = await server((s) => s.end(Buffer.alloc(5)));
    const socket = await open(port);
    await expect(readExactly(socket, 8, 2_000)).rejects.toThrow(
      /short claim answer|closed the connection/,
    );
  });

  it('connecting to a closed port rejects with the system reason', async () => {
    const port = await server(() => undefined);
    servers.pop()?.close();
    await new Promise((r) => setTimeout(r, 20));
    await expect(open(port)).rejects.toThrow(/ECONNREFUSED/);
  });
});
