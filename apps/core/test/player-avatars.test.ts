// Issue 23 #24: player avatars come from the core — fetched once from the configured upstream (the
// local upstream fixture here), kept in the data directory across restarts — never from the
// browser to a third party; with fetching off, or the upstream failing, a drawn initial.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@hearth/protocol';
import {
  FIXTURE_AVATAR_PNG,
  startUpstreamFixture,
  type UpstreamFixture,
} from '../test-support/upstream-fixture/index.ts';
import { startTestCore, type TestCore } from './helpers.ts';

const STEVE = '853c80ef-3c37-49fd-aa49-938b674adae6';
const STEVE_KEY = STEVE.replace(/-/g, '');
const ALEX = '6ab43178-89fd-4905-97f6-0f67d9d76fd9';

let fixture: UpstreamFixture;
const cores: TestCore[] = [];
const dirs = new Set<string>();

beforeAll(async () => {
  fixture = await startUpstreamFixture({ serverJar: Buffer.from('not a jar') });
});

afterAll(async () => {
  await fixture.close();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
});

async function core(avatarUpstream: string | null, dataDir?: string): Promise<TestCore> {
  const t = await startTestCore({ avatarUpstream }, dataDir);
  cores.push(t);
  dirs.add(t.dataDir);
  return t;
}

async function avatar(t: TestCore, uuid: string, name?: string) {
  const res = await fetch(`${t.api}${apiPaths.playerAvatar(uuid, name)}`);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

const avatarRequests = () => fixture.requests.filter((r) => r.startsWith('/avatars/'));

describe('player avatars through the core', () => {
  it('fetches an avatar once, keeps it in the data directory and serves it after a restart', async () => {
    const t = await core(fixture.avatarUrl);
    const first = await avatar(t, STEVE);
    expect(first).toEqual({ status: 200, type: 'image/png', body: FIXTURE_AVATAR_PNG });
    expect(avatarRequests()).toEqual([`/avatars/${STEVE_KEY}/64`]);
    expect(await avatar(t, STEVE_KEY)).toMatchObject({ status: 200, body: FIXTURE_AVATAR_PNG });
    expect(avatarRequests()).toHaveLength(1);
    expect(await fs.readFile(path.join(t.dataDir, 'avatars', `${STEVE_KEY}.png`))).toEqual(
      FIXTURE_AVATAR_PNG,
    );

    await cores.pop()!.close();
    const again = await core(fixture.avatarUrl, t.dataDir);
    expect(await avatar(again, STEVE)).toMatchObject({ status: 200, body: FIXTURE_AVATAR_PNG });
    expect(avatarRequests()).toHaveLength(1);
  });

  it('with fetching off, never asks the upstream and draws the initial', async () => {
    const before = avatarRequests().length;
    const t = await core(null);
    const drawn = await avatar(t, ALEX, 'alex');
    expect(drawn.status).toBe(200);
    expect(drawn.type).toBe('image/svg+xml');
    expect(drawn.body.toString()).toContain('>A</text>');
    expect(avatarRequests()).toHaveLength(before);
  });

  it('draws the initial when the upstream fails, and refuses what is not a uuid', async () => {
    fixture.faults.notFound = ['/avatars/'];
    try {
      const t = await core(fixture.avatarUrl);
      const drawn = await avatar(t, ALEX, '<script>');
      expect(drawn.type).toBe('image/svg+xml');
      expect(drawn.body.toString()).toContain('>?</text>');
      expect(drawn.body.toString()).not.toContain('script');
      const bad = await fetch(`${t.api}/players/avatar/..%2Fhearth.db`);
      expect(bad.status).toBe(400);
    } finally {
      fixture.faults.notFound = [];
    }
  });
});
