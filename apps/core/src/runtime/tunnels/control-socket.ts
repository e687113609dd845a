import dgram from 'node:dgram';
import { isIPv6 } from 'node:net';
import { formatAddress, type ControlFeed, type SocketAddress } from './control-codec.ts';
import { ControlDecodeError, decodeControlFeed } from './control-decode.ts';

type Listener = (feed: ControlFeed) => void;

/**
 * One UDP socket that talks to one control server. Datagrams from any other address are dropped
 * (the official agent does the same); undecodable ones are reported and dropped.
 */
export class ControlSocket {
  private readonly listeners = new Set<Listener>();
  private closed = false;

  private constructor(
    private readonly socket: dgram.Socket,
    readonly target: SocketAddress,
    private readonly onBadDatagram: (reason: string) => void,
  ) {
    socket.on('message', (msg, from) => this.receive(msg, from));
    // A send error surfaces through send(); a socket-level error only ends this socket.
    socket.on('error', () => this.close());
  }

  static open(
    target: SocketAddress,
    onBadDatagram: (reason: string) => void,
  ): Promise<ControlSocket> {
    const socket = dgram.createSocket({ type: isIPv6(target.ip) ? 'udp6' : 'udp4' });
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, () => {
        socket.off('error', reject);
        resolve(new ControlSocket(socket, target, onBadDatagram));
      });
    });
  }

  get label(): string {
    return formatAddress(this.target);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  send(datagram: Buffer): Promise<void> {
    if (this.closed) return Promise.reject(new Error('Control socket closed'));
    return new Promise((resolve, reject) => {
      this.socket.send(datagram, this.target.port, this.target.ip, (err) =>
        err ? reject(err) : resolve(),
      );
    });
  }

  /** Calls `listener` for every decoded datagram until the returned function is called. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves with the first value `pick` returns for an incoming feed, or null after `timeoutMs`
   * or when `signal` aborts.
   */
  waitFor<T>(
    pick: (feed: ControlFeed) => T | undefined,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<T | null> {
    return new Promise((resolve) => {
      const finish = (value: T | null) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        stop();
        resolve(value);
      };
      const onAbort = () => finish(null);
      const timer = setTimeout(() => finish(null), timeoutMs);
      const stop = this.listen((feed) => {
        const value = pick(feed);
        if (value !== undefined) finish(value);
      });
      if (signal.aborted) finish(null);
      else signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    this.socket.close();
  }

  private receive(msg: Buffer, from: dgram.RemoteInfo): void {
    if (from.port !== this.target.port || !sameIp(from.address, this.target.ip)) return;
    let feed: ControlFeed;
    try {
      feed = decodeControlFeed(msg);
    } catch (err) {
      this.onBadDatagram(err instanceof ControlDecodeError ? err.message : String(err));
      return;
    }
    for (const listener of [...this.listeners]) listener(feed);
  }
}

/** Whether two IP texts name the same address (IPv6 may be written in several ways). */
export function sameIp(a: string, b: string): boolean {
  if (a === b) return true;
  // dgram reports IPv6 in its own text form; compare the parsed bytes' canonical text.
  try {
    return new URL(`http://[${a}]/`).hostname === new URL(`http://[${b}]/`).hostname;
  } catch {
    return false;
  }
}
