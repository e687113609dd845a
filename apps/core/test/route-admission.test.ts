// Issue 24 §2: HTTP routes and sockets are admitted by one function, in one order: who is asking
// (401) before whether what they ask about exists (404). A stranger learns nothing about which
// instance uuids exist, on a socket as on HTTP; and a query is parsed like a body (400 envelope).
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { TestCore } from './helpers.ts';
import { useOwnedCore } from './instance-helpers.ts';

const UNKNOWN = 'INSTANCE_00000000-0000-0000-0000-000000000000';

/** The HTTP status of a refused upgrade (0 when the socket opened). */
function upgradeStatus(t: TestCore, route: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${t.api.replace(/^http/, 'ws')}${route}`);
    ws.once('open', () => {
      ws.close();
      resolve(0);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? -1));
    ws.once('error', reject);
  });
}

let t: TestCore;
let owner: string;
useOwnedCore((core) => ({ t, owner } = core));

const sockets = [
  `/instance/${UNKNOWN}/console/stream`,
  `/monitor/${UNKNOWN}`,
  `/instance/${UNKNOWN}/macro/output/3/stream`,
];

describe('one admission for routes and sockets', () => {
  it.each(sockets)(
    'a socket to an unknown uuid without a token is 401, like HTTP (%s)',
    async (route) => {
      expect(await upgradeStatus(t, route)).toBe(401);
      expect((await t.request('GET', `/instance/${UNKNOWN}/info`)).status).toBe(401);
    },
  );

  it.each(sockets)('a socket to an unknown uuid with a bad token is 401 (%s)', async (route) => {
    expect(await upgradeStatus(t, `${route}?token=Bearer%20not-a-token`)).toBe(401);
  });

  it.each(sockets)(
    'a signed-in caller still learns the uuid is unknown: 404 (%s)',
    async (route) => {
      const token = encodeURIComponent(`Bearer ${owner}`);
      expect(await upgradeStatus(t, `${route}?token=${token}`)).toBe(404);
      expect((await t.request('GET', `/instance/${UNKNOWN}/info`, { token: owner })).status).toBe(
        404,
      );
    },
  );
});

describe('query parameters are parsed like bodies', () => {
  it.each([
    '/events/all/buffer?filter=not-json',
    `/events/search?filter=${encodeURIComponent('{"event_levels":"loud"}')}`,
    '/activity/search?limit=many',
  ])('a bad query answers 400 with the {kind,causes} envelope (%s)', async (route) => {
    const res = await t.request('GET', route, { token: owner });
    expect(res.status).toBe(400);
    const body = res.json as { kind: string; causes: string[] };
    expect(body.kind).toBe('BadRequest');
    expect(body.causes.length).toBeGreaterThan(0);
  });

  it('a guest with a bad query is refused for who they are first (401)', async () => {
    expect((await t.request('GET', '/events/all/buffer?filter=not-json')).status).toBe(401);
  });
});
