import { EVENT_SOCKET_RECONNECT_MS } from '@hearth/protocol';

// Owner of every WebSocket (conventions.md, habit 2), with the one reconnect policy: a socket
// that closes without being asked to is reopened after 1 s (dashboard.md §4), and when it is
// open again its owner hears `onGap` — what was sent while it was down is missing, and each
// stream fills that its own way (events: buffer + refetch; console: history; monitor: start over).

/** The part of the browser WebSocket the hub uses, so tests can hand in a fake. */
export interface SocketLike {
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

export type SocketStatus = 'connecting' | 'open' | 'error' | 'closed' | 'create-failed';

export interface SocketSpec {
  /** Computed on every (re)connect. */
  url: () => string;
  onMessage: (data: string) => void;
  onStatus?: (status: SocketStatus, detail: { code?: number }) => void;
  /** Whether to reopen after the server closed with `code`; default: always. */
  shouldReconnect?: (code: number) => boolean;
  /** Called right after a socket opens again, before its first frame: frames may be missing. */
  onGap?: () => void;
  /** This socket continues an earlier one (same stream, new URL): its first open is a gap too. */
  resumes?: boolean;
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface RealtimeHubOptions {
  createSocket?: SocketFactory;
  reconnectMs?: number;
  timers?: Timers;
}

interface Entry {
  spec: SocketSpec;
  socket: SocketLike | null;
  retry: unknown;
  closed: boolean;
  opened: boolean;
}

const browserSocket: SocketFactory = (url) => new WebSocket(url);
const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class RealtimeHub {
  private readonly entries = new Map<string, Entry>();
  private readonly createSocket: SocketFactory;
  private readonly reconnectMs: number;
  private readonly timers: Timers;

  constructor(options: RealtimeHubOptions = {}) {
    this.createSocket = options.createSocket ?? browserSocket;
    this.reconnectMs = options.reconnectMs ?? EVENT_SOCKET_RECONNECT_MS;
    this.timers = options.timers ?? realTimers;
  }

  /** Opens (or replaces) the socket under `key`; the returned function closes it. */
  open(key: string, spec: SocketSpec): () => void {
    this.close(key);
    const entry: Entry = { spec, socket: null, retry: undefined, closed: false, opened: false };
    this.entries.set(key, entry);
    this.connect(entry);
    return () => {
      if (this.entries.get(key) === entry) this.close(key);
    };
  }

  close(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    entry.closed = true;
    if (entry.retry !== undefined) this.timers.clearTimeout(entry.retry);
    const socket = entry.socket;
    entry.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      socket.close(1000);
    }
  }

  closeAll(): void {
    for (const key of [...this.entries.keys()]) this.close(key);
  }

  isOpen(key: string): boolean {
    return this.entries.has(key);
  }

  private scheduleReconnect(entry: Entry): void {
    if (entry.closed) return;
    entry.retry = this.timers.setTimeout(() => {
      entry.retry = undefined;
      this.connect(entry);
    }, this.reconnectMs);
  }

  private connect(entry: Entry): void {
    if (entry.closed) return;
    const { spec } = entry;
    let socket: SocketLike;
    try {
      socket = this.createSocket(spec.url());
    } catch (err) {
      console.warn('Could not create a WebSocket', err);
      spec.onStatus?.('create-failed', {});
      this.scheduleReconnect(entry);
      return;
    }
    entry.socket = socket;
    spec.onStatus?.('connecting', {});
    socket.onopen = () => {
      const gap = entry.opened || spec.resumes === true;
      entry.opened = true;
      spec.onStatus?.('open', {});
      if (gap) spec.onGap?.();
    };
    socket.onmessage = (ev) => {
      if (typeof ev.data === 'string') spec.onMessage(ev.data);
    };
    socket.onerror = () => spec.onStatus?.('error', {});
    socket.onclose = (ev) => {
      entry.socket = null;
      spec.onStatus?.('closed', { code: ev.code });
      if (spec.shouldReconnect?.(ev.code) ?? true) this.scheduleReconnect(entry);
    };
  }
}
