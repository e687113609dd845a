import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoreInfoSchema } from '@hearth/protocol';
import { coreInfo, makeJwt, TEST_CORE, validJwt } from '@/test/fixtures.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import { ApiError, apiCall, apiRequest, apiUrl, lazyParser } from './api-client.ts';
import { selectCore, setToken } from './session.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('builds URLs from the current core, wrapping IPv6 hosts', () => {
    expect(apiUrl('/info', TEST_CORE)).toBe('http://core.test:16662/api/v1/info');
    expect(apiUrl('/info', { ...TEST_CORE, address: '::1', protocol: 'https' })).toBe(
      'https://[::1]:16662/api/v1/info',
    );
  });

  it('sends the bearer token of the target core and a JSON body', async () => {
    const token = validJwt();
    selectCore(TEST_CORE);
    setToken(TEST_CORE, token);
    const net = installFakeFetch(coreRoutes({ 'PUT /global_settings/name': { raw: '' } }));
    await expect(apiCall('globalSettingsName', {}, { body: 'My Core' })).resolves.toBeNull();
    const [call] = net.calls;
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toBe('My Core');
  });

  it('sends no Authorization header without a token, and Basic auth as UTF-8 base64 when asked', async () => {
    const net = installFakeFetch(
      coreRoutes({ 'GET /info': { body: coreInfo() }, 'POST /user/login': { body: {} } }),
    );
    await apiCall('info', {}, { core: TEST_CORE });
    expect(net.calls[0]?.headers.has('Authorization')).toBe(false);
    await apiCall(
      'userLogin',
      {},
      {
        core: TEST_CORE,
        body: {},
        auth: { basic: { username: 'zoë', password: 'p:w' } },
      },
    );
    const header = net.calls[1]?.headers.get('Authorization') ?? '';
    expect(header.startsWith('Basic ')).toBe(true);
    expect(
      new TextDecoder().decode(Uint8Array.from(atob(header.slice(6)), (c) => c.charCodeAt(0))),
    ).toBe('zoë:p:w');
  });

  it('never sends a stored token that is malformed or expired', async () => {
    selectCore(TEST_CORE);
    const net = installFakeFetch(coreRoutes({ 'GET /global_settings': { body: {} } }));
    for (const bad of ['garbage', makeJwt({ uid: 'USER_1', exp: 1 })]) {
      setToken(TEST_CORE, bad);
      await apiCall('globalSettings', {});
    }
    expect(net.calls.map((c) => c.headers.has('Authorization'))).toEqual([false, false]);
  });

  it('parses responses with the given schema', async () => {
    installFakeFetch(coreRoutes({ 'GET /info': { body: coreInfo({ core_name: 'Parsed' }) } }));
    const info = await apiRequest('/info', { core: TEST_CORE, schema: CoreInfoSchema });
    expect(info.core_name).toBe('Parsed');
  });

  it('throws an ApiError carrying the status and the parsed error envelope, whatever the content type', async () => {
    installFakeFetch(
      coreRoutes({
        'GET /user/info': { status: 401, body: { kind: 'Unauthorized', causes: ['Unauthorized'] } },
      }),
    );
    const err = await failure(apiRequest('/user/info', { core: TEST_CORE }));
    expect(err.failure).toEqual({
      type: 'http',
      status: 401,
      statusText: 'Unauthorized',
      body: { kind: 'Unauthorized', causes: ['Unauthorized'] },
    });
    expect(err.kind).toBe('Unauthorized');
    expect(err.causes).toEqual(['Unauthorized']);
  });

  it('keeps a plain-text error body as text and derives the kind from the status', async () => {
    installFakeFetch(
      coreRoutes({ 'GET /system/ram': { status: 400, raw: '`Authorization` header is missing' } }),
    );
    const err = await failure(apiRequest('/system/ram', { core: TEST_CORE }));
    expect(err.failure.type === 'http' && err.failure.body).toBe(
      '`Authorization` header is missing',
    );
    expect(err.kind).toBe('BadRequest');
  });

  it('reads the envelope with the protocol rule: an unknown kind is not one', async () => {
    installFakeFetch(
      coreRoutes({
        'GET /system/disk': {
          status: 404,
          raw: '{"kind":"NotFound","causes":["Instance not found"]}',
        },
        'GET /system/cpu': { status: 409, body: { kind: 'Conflict', causes: ['Busy'] } },
      }),
    );
    const text = await failure(apiRequest('/system/disk', { core: TEST_CORE }));
    expect(text.envelope).toEqual({ kind: 'NotFound', causes: ['Instance not found'] });
    const unknown = await failure(apiRequest('/system/cpu', { core: TEST_CORE }));
    expect(unknown.envelope).toBeNull();
    expect(unknown.kind).toBe('BadRequest');
    expect(unknown.causes).toEqual([]);
  });

  it('reports an unreachable core as a network failure', async () => {
    installFakeFetch({});
    const err = await failure(apiRequest('/info', { core: TEST_CORE }));
    expect(err.failure).toMatchObject({ type: 'network', code: 'ERR_NETWORK' });
  });

  it('gives up after the time-out and says so', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit) =>
            new Promise((_resolve, reject) =>
              init.signal?.addEventListener('abort', () =>
                reject(new DOMException('aborted', 'AbortError')),
              ),
            ),
        ),
      );
      const pending = failure(apiRequest('/info', { core: TEST_CORE }));
      await vi.advanceTimersByTimeAsync(4999);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).failure).toEqual({ type: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects a response that does not match the schema as an unknown failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeFetch(coreRoutes({ 'GET /info': { body: { version: 1 } } }));
    const err = await failure(apiRequest('/info', { core: TEST_CORE, schema: CoreInfoSchema }));
    expect(err.failure).toEqual({ type: 'unknown' });
  });

  it('parses with a lazy schema, loaded once, whose load starts before the answer arrives', async () => {
    const events: string[] = [];
    const load = vi.fn(() => {
      events.push('load');
      return Promise.resolve(CoreInfoSchema);
    });
    const parser = lazyParser(load);
    installFakeFetch(
      coreRoutes({
        'GET /info': () => {
          events.push('fetch');
          return { body: coreInfo({ core_name: 'Lazy' }) };
        },
      }),
    );
    const first = await apiRequest('/info', { core: TEST_CORE, schema: parser });
    const second = await apiRequest('/info', { core: TEST_CORE, schema: parser });
    expect([first.core_name, second.core_name]).toEqual(['Lazy', 'Lazy']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(events.slice(0, 2)).toEqual(['load', 'fetch']);
  });

  it('checks an answer against a lazy schema as strictly as an eager one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeFetch(coreRoutes({ 'GET /info': { body: { version: 1 } } }));
    const parser = lazyParser(() => Promise.resolve(CoreInfoSchema));
    const err = await failure(apiRequest('/info', { core: TEST_CORE, schema: parser }));
    expect(err.failure).toEqual({ type: 'unknown' });
  });

  it('reports a lazy schema that cannot load as a network failure, and loads it again next time', async () => {
    installFakeFetch(coreRoutes({ 'GET /info': { body: coreInfo({ core_name: 'Back' }) } }));
    let attempts = 0;
    const parser = lazyParser(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(CoreInfoSchema);
    });
    const err = await failure(apiRequest('/info', { core: TEST_CORE, schema: parser }));
    expect(err.failure.type).toBe('network');
    const info = await apiRequest('/info', { core: TEST_CORE, schema: parser });
    expect(info.core_name).toBe('Back');
  });

  it('fails cleanly when no core is selected', async () => {
    const err = await failure(apiRequest('/info'));
    expect(err.failure).toEqual({ type: 'network', message: 'No core selected' });
  });
});
