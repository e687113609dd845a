// The SDK runs inside Deno but is type-checked with the core's Node types, so the few Deno and
// browser APIs it uses are declared here and reached through globalThis.

export interface DenoDirEntry {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
  isSymlink: boolean;
}

export interface DenoApi {
  readonly args: string[];
  readonly stdin: { read(buffer: Uint8Array): Promise<number | null> };
  readonly stdout: { writeSync(data: Uint8Array): number };
  exit(code?: number): never;
  readDir(path: string): AsyncIterable<DenoDirEntry>;
  mkdir(path: string, options?: { recursive?: boolean }): Promise<void>;
  copyFile(from: string, to: string): Promise<void>;
  remove(path: string, options?: { recursive?: boolean }): Promise<void>;
  lstat(path: string): Promise<{ isFile: boolean; isDirectory: boolean; isSymlink: boolean }>;
  readTextFile(path: string): Promise<string>;
  writeTextFile(path: string, data: string): Promise<void>;
}

export interface SdkWebSocket {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(code?: number, reason?: string): void;
}

type WebSocketCtor = new (url: string) => SdkWebSocket;

const scope = globalThis as unknown as { Deno: DenoApi; WebSocket: WebSocketCtor };

export const deno: DenoApi = scope.Deno;

export function openWebSocket(url: string): SdkWebSocket {
  return new scope.WebSocket(url);
}
