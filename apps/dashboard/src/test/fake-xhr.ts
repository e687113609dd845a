import { vi } from 'vitest';

/** An XMLHttpRequest double for uploads: records the request, lets a test report progress and answer. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers = new Map<string, string>();
  body: unknown = undefined;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: {
    onprogress: ((ev: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  static install(): void {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  static last(): FakeXhr {
    const xhr = FakeXhr.sent.at(-1);
    if (!xhr) throw new Error('No upload was sent');
    return xhr;
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name.toLowerCase(), value);
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }

  respond(status: number, text: string, statusText = ''): void {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    this.onload?.();
  }

  fail(): void {
    this.onerror?.();
  }
}
