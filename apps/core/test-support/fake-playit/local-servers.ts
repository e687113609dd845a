import net from 'node:net';

/**
 * Small real servers and a player client for tunnel tests: the "game server" a tunnel points at
 * and the player that connects to the fake's public port.
 */

export interface LocalServer {
  port: number;
  /** Connections accepted so far. */
  accepted: number;
  /** Sockets currently open. */
  open: Set<net.Socket>;
  close(): Promise<void>;
}

async function serve(handler: (socket: net.Socket) => void, port = 0): Promise<LocalServer> {
  const open = new Set<net.Socket>();
  const result = { port: 0, accepted: 0, open, close: async () => undefined };
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    result.accepted += 1;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
    handler(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  result.port = (server.address() as net.AddressInfo).port;
  result.close = async () => {
    for (const s of open) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return result;
}

/** Echoes every byte back; ends its side when the client ends (on `port`, or any free one). */
export function startEchoServer(port = 0): Promise<LocalServer> {
  return serve((socket) => socket.pipe(socket), port);
}

/** Lets `handler` drive each connection (e.g. hash what arrives and stream data back). */
export function startLocalServer(handler: (socket: net.Socket) => void): Promise<LocalServer> {
  return serve(handler);
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A player's TCP connection to `port`. By default it closes as soon as the other side ends, like
 * most clients; `allowHalfOpen` keeps sending after the other side has finished.
 */
export function connectPlayer(
  port: number,
  options: { allowHalfOpen?: boolean } = {},
): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      host: '127.0.0.1',
      port,
      allowHalfOpen: options.allowHalfOpen ?? false,
    });
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Sends `data`, half-closes, and collects everything until the other side ends. */
export function roundTrip(socket: net.Socket, data: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.once('end', () => resolve(Buffer.concat(chunks)));
    socket.once('error', reject);
    socket.end(data);
  });
}

/** Resolves when the socket has closed (both directions done or destroyed). */
export function closed(socket: net.Socket): Promise<void> {
  return new Promise((resolve) =>
    socket.closed ? resolve() : socket.once('close', () => resolve()),
  );
}

/** Collects events and lets a test wait for one that matches. */
export class EventLog<T> {
  readonly all: T[] = [];
  private waiters: { match: (e: T) => boolean; resolve: (e: T) => void }[] = [];

  push = (event: T): void => {
    this.all.push(event);
    const ready = this.waiters.filter((w) => w.match(event));
    this.waiters = this.waiters.filter((w) => !w.match(event));
    for (const w of ready) w.resolve(event);
  };

  /** The first matching event from index `from` on (already logged or future). */
  next<S extends T>(match: (e: T) => e is S, from?: number): Promise<S>;
  next(match: (e: T) => boolean, from?: number): Promise<T>;
  next(match: (e: T) => boolean, from = 0): Promise<T> {
    const seen = this.all.slice(from).find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  get length(): number {
    return this.all.length;
  }
}
