import type { ErrorKind } from '@hearth/protocol';
import { openWebSocket, type SdkWebSocket } from './deno-api.ts';
import { SDK_ROUTES, sdkPath, type SdkRouteName } from './sdk-routes.ts';
import { task } from './task-context.ts';

/** A refusal or failure from the core, with its `{"kind","causes"}` (core-api.md §2.12). */
export class HearthError extends Error {
  override name = 'HearthError';

  constructor(
    readonly kind: ErrorKind | 'Network',
    readonly causes: string[],
    readonly status: number,
  ) {
    super(`${kind}: ${causes.join(': ') || 'request failed'}`);
  }
}

function errorFrom(status: number, text: string): HearthError {
  try {
    const body = JSON.parse(text) as { kind?: unknown; causes?: unknown };
    if (typeof body.kind === 'string' && Array.isArray(body.causes))
      return new HearthError(body.kind as ErrorKind, body.causes.map(String), status);
  } catch {
    // Not the envelope: fall through to the raw text.
  }
  return new HearthError('Internal', [text || `HTTP ${status}`], status);
}

/**
 * One call to a route of the core's API (by its name in sdk-routes.ts) with the task's token; JSON
 * in, JSON (or nothing) out.
 */
export async function callRoute<T = unknown>(
  name: SdkRouteName,
  params: Readonly<Record<string, string | number>> = {},
  body?: unknown,
): Promise<T> {
  const { method } = SDK_ROUTES[name];
  const path = sdkPath(name, params);
  const { api, token } = task();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${api}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new HearthError('Network', [err instanceof Error ? err.message : String(err)], 0);
  }
  const text = await res.text();
  if (!res.ok) throw errorFrom(res.status, text);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** A WebSocket to the core (ws:// or wss:// like the API), resolved once it is open. */
export function openCoreSocket(path: string): Promise<SdkWebSocket> {
  const url = `${task().api.replace(/^http/, 'ws')}${path}`;
  return new Promise((resolve, reject) => {
    const ws = openWebSocket(url);
    ws.onopen = () => {
      ws.onerror = null;
      resolve(ws);
    };
    ws.onerror = () => reject(new HearthError('Network', [`Cannot open ${path.split('?')[0]}`], 0));
  });
}
