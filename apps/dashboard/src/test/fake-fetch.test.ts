import { describe, expect, it } from 'vitest';
import { TEST_CORE_HOST } from './fixtures.ts';
import { coreRoutes, installFakeFetch } from './fake-fetch.ts';

const API = `http://${TEST_CORE_HOST}/api/v1`;

describe('the fake network knows the route table', () => {
  it('refuses a key that no route declares', () => {
    expect(() => installFakeFetch(coreRoutes({ 'POST /info': { body: {} } }))).toThrow(
      /no route declares this method and path/,
    );
    expect(() => installFakeFetch(coreRoutes({ instanceBoot: { body: {} } }))).toThrow(
      /no route of that name/,
    );
  });

  it('rejects a request no route declares, and reports it at the end of the test', async () => {
    const net = installFakeFetch(coreRoutes({}));
    await expect(fetch(`${API}/instance/x/boot`, { method: 'PUT' })).rejects.toThrow(
      'No route declares PUT /instance/x/boot',
    );
    await expect(fetch(`${API}/info`, { method: 'DELETE' })).rejects.toThrow(
      'No route declares DELETE /info',
    );
    expect(net.takeUndeclared()).toEqual(['PUT /instance/x/boot', 'DELETE /info']);
  });

  it('answers by route name for every path of the route; a concrete key wins', async () => {
    const net = installFakeFetch(
      coreRoutes({
        instanceStart: { body: 'any' },
        'PUT /instance/b/start': { body: 'b' },
      }),
    );
    const text = async (uuid: string): Promise<unknown> =>
      (await fetch(`${API}/instance/${uuid}/start`, { method: 'PUT' })).json() as Promise<unknown>;
    expect(await text('a')).toBe('any');
    expect(await text('b')).toBe('b');
    expect(net.callsOf('instanceStart').map((c) => c.path)).toEqual([
      '/instance/a/start',
      '/instance/b/start',
    ]);
  });

  it('a declared route nobody fakes is a 404 with the envelope', async () => {
    installFakeFetch(coreRoutes({}));
    const res = await fetch(`${API}/instance/a/stop`, { method: 'PUT' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { kind: string }).kind).toBe('NotFound');
  });
});
