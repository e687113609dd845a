import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { apiPaths, emptyPermissions, type UserPermission } from '@hearth/protocol';
import { buildCore, defaultConfig, type Core, type CoreConfig } from '../src/app.ts';

export interface TestCore {
  core: Core;
  dataDir: string;
  /** http://127.0.0.1:<port>/api/v1 */
  api: string;
  origin: string;
  setupKey: string | null;
  request(method: string, route: string, opts?: RequestOptions): Promise<TestResponse>;
  /** Creates the owner with the setup key; returns its token. */
  setupOwner(username?: string, password?: string): Promise<string>;
  /** Creates a user through the owner; returns {uid, token}. */
  createUser(
    ownerToken: string,
    username: string,
    password?: string,
  ): Promise<{ uid: string; token: string }>;
  /** Sets a user's permissions, through the owner, to `perms` and nothing else. */
  grant(ownerToken: string, uid: string, perms: Partial<UserPermission>): Promise<void>;
  login(username: string, password: string): Promise<TestResponse>;
  socket(route: string): Promise<WebSocket>;
  close(): Promise<void>;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  text: string;
  json: unknown;
  headers: Headers;
}

/** Starts the real core on an ephemeral port with a temp data dir (conventions: real parts in tests). */
export async function startTestCore(
  overrides: Partial<CoreConfig> = {},
  dataDir?: string,
): Promise<TestCore> {
  const dir = dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-core-')));
  let setupKey: string | null = null;
  const core = await buildCore(
    defaultConfig({
      dataDir: dir,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      autoStart: true,
      // Sandboxed runs have their own tests (sandbox-*.test.ts, isolation-app.test.ts); the rest
      // test the core's behaviour around plain child processes, which is faster.
      isolation: 'none',
      // A route's answer that drifts from its protocol schema fails the test that called it.
      checkResponses: true,
      ...overrides,
      onSetupKey: (k) => {
        setupKey = k;
      },
    }),
  );
  await core.listen();
  const address = core.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const origin = `http://127.0.0.1:${address.port}`;
  const api = `${origin}/api/v1`;

  const request = (method: string, route: string, opts?: RequestOptions) =>
    httpRequest(api, method, route, opts);

  const t: TestCore = {
    core,
    dataDir: dir,
    api,
    origin,
    get setupKey() {
      return setupKey;
    },
    request,
    async setupOwner(username = 'owner', password = 'owner-password') {
      const res = await request('POST', `/setup/${setupKey}`, { body: { username, password } });
      if (res.status !== 200) throw new Error(`setup failed: ${res.status} ${res.text}`);
      return (res.json as { token: string }).token;
    },
    async createUser(ownerToken, username, password = 'user-password') {
      const res = await request('POST', '/user', {
        token: ownerToken,
        body: { username, password },
      });
      if (res.status !== 200) throw new Error(`create user failed: ${res.status} ${res.text}`);
      const reply = res.json as { token: string; user: { uid: string } };
      return { uid: reply.user.uid, token: reply.token };
    },
    async grant(ownerToken, uid, perms) {
      const res = await request('PUT', apiPaths.userUpdatePerm(uid), {
        token: ownerToken,
        body: { ...emptyPermissions(), ...perms },
      });
      if (res.status !== 200) throw new Error(`grant failed: ${res.status} ${res.text}`);
    },
    login(username, password) {
      const basic = Buffer.from(`${username}:${password}`).toString('base64');
      return request('POST', '/user/login', {
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
        rawBody: '{}',
      });
    },
    socket(route) {
      return new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${address.port}/api/v1${route}`);
        ws.once('open', () => resolve(ws));
        ws.once('unexpected-response', (_req, res) =>
          reject(new Error(`socket refused: ${res.statusCode}`)),
        );
        ws.once('error', reject);
      });
    },
    async close() {
      await core.close();
    },
  };
  return t;
}

/** Collects JSON frames from a socket until `predicate` matches one, or fails after `ms`. */
export function nextFrame<T = unknown>(
  ws: WebSocket,
  predicate: (frame: T) => boolean,
  ms = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.off('message', onMessage);
      reject(new Error('timed out waiting for a socket frame'));
    }, ms);
    const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
      if (isBinary) {
        clearTimeout(timer);
        ws.off('message', onMessage);
        reject(new Error('a binary frame: every event goes out as a text frame'));
        return;
      }
      const frame = JSON.parse(data.toString()) as T;
      if (predicate(frame)) {
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve(frame);
      }
    };
    ws.on('message', onMessage);
  });
}

/**
 * Every text frame received up to and including the first that `until` matches. To show that an
 * event did NOT reach a client, make a later one it must receive and look before it: frames keep
 * their order, so what is not there by then never comes (no window of time to guess).
 */
export function framesUntil<T = unknown>(
  ws: WebSocket,
  until: (frame: T) => boolean,
  ms = 10_000,
): Promise<T[]> {
  const frames: T[] = [];
  return nextFrame<T>(
    ws,
    (frame) => {
      frames.push(frame);
      return until(frame);
    },
    ms,
  ).then(() => frames);
}

export function waitForClose(ws: WebSocket, ms = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    if (ws.readyState === ws.CLOSED) return resolve(-1);
    const timer = setTimeout(() => reject(new Error('socket did not close')), ms);
    ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** One request to a core's API (`api` = http://host:port/api/v1): the body as JSON or raw, the answer read whole. */
export async function httpRequest(
  api: string,
  method: string,
  route: string,
  opts: RequestOptions = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | Buffer | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  return readResponse(await fetch(`${api}${route}`, { method, headers, body }));
}

/** An answer read whole: its text, and its JSON when it is JSON. */
export async function readResponse(res: Response): Promise<TestResponse> {
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}
