import type { SocketLike } from '@/lib/realtime/socket-hub.ts';

/** A WebSocket double: records the URL, lets a test open it, push frames and close it. */
export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static reset(): void {
    FakeSocket.instances = [];
  }

  static last(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('No socket was opened');
    return socket;
  }

  /** The last socket made to a URL containing `part` (the event stream, a console…). */
  static lastTo(part: string): FakeSocket {
    const socket = FakeSocket.instances.filter((s) => s.url.includes(part)).at(-1);
    if (!socket) throw new Error(`No socket to ${part} was opened`);
    return socket;
  }

  close(code = 1000): void {
    this.closedWith = code;
  }

  open(): void {
    this.onopen?.(new Event('open'));
  }

  push(data: unknown): void {
    this.onmessage?.(
      new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }

  fail(): void {
    this.onerror?.(new Event('error'));
  }

  serverClose(code = 1006): void {
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
