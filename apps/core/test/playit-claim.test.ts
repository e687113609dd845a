import { mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { PlayitSignupDataSchema, PlayitTunnelInfoSchema } from '@hearth/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../src/errors.ts';
import { PlayitAccount } from '../src/runtime/tunnels/playit-account.ts';
import { PlayitApiClient } from '../src/runtime/tunnels/playit-api-client.ts';
import { PlayitKeyStore } from '../src/runtime/tunnels/playit-key-store.ts';
import { startFakePlayit, type FakePlayit } from '../test-support/fake-playit/fake-playit.ts';

let fake: FakePlayit;
let dir: string;
let keys: PlayitKeyStore;
let account: PlayitAccount;

function makeAccount(options: { claimTimeoutMs?: number } = {}): PlayitAccount {
  return new PlayitAccount({
    api: new PlayitApiClient({ baseUrl: fake.apiUrl, timeoutMs: 2_000 }),
    keys,
    claimPageUrl: fake.claimPageUrl,
    pollIntervalMs: 10,
    ...options,
  });
}

/** Waits (by polling, without any time limit of its own) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Claim setup polls the fake has answered (each test has its own fake and one code). */
const setupPolls = () => fake.state.apiCalls.filter((c) => c.path === '/claim/setup').length;

beforeEach(async () => {
  fake = await startFakePlayit();
  dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-playit-'));
  keys = new PlayitKeyStore(dir);
  account = makeAccount();
});
afterEach(async () => {
  await account.stopClaim();
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

describe('signup / claim flow', () => {
  it('accepted: polls until the person accepts, exchanges the code and stores the secret 0600', async () => {
    const link = account.generateSignupLink();
    expect(PlayitSignupDataSchema.parse(link)).toEqual(link);
    expect(link.claim_code).toMatch(/^[0-9a-f]{10}$/);
    expect(link.url).toBe(`${fake.claimPageUrl}/${link.claim_code}`);
    expect(await account.verifyKey()).toBe(false);

    await until(() => setupPolls() >= 2);
    fake.visitClaim(link.claim_code);
    const polled = setupPolls();
    await until(() => setupPolls() >= polled + 2);
    expect(account.claimStatus()).toMatchObject({ state: 'waiting' });
    fake.acceptClaim(link.claim_code);

    expect(await account.claimSettled()).toEqual({
      code: link.claim_code,
      state: 'accepted',
      causes: [],
    });
    const [secret] = fake.secrets();
    expect(await readFile(keys.file, 'utf8')).toBe(`${secret}\n`);
    expect((await stat(keys.file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual([path.basename(keys.file)]);
    expect(await account.verifyKey()).toBe(true);
  });

  it('rejected: ends the poll and stores nothing', async () => {
    const link = account.generateSignupLink();
    await until(() => setupPolls() >= 1);
    fake.rejectClaim(link.claim_code);
    const settled = await account.claimSettled();
    expect(settled?.state).toBe('rejected');
    expect(settled?.causes).toEqual(['The claim was rejected on the Playit website']);
    expect(await readdir(dir)).toEqual([]);
    expect(await account.verifyKey()).toBe(false);
    const polls = setupPolls();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(setupPolls()).toBe(polls);
  });

  it('expired at the provider: ends as expired', async () => {
    const link = account.generateSignupLink();
    await until(() => setupPolls() >= 1);
    fake.expireClaim(link.claim_code);
    expect(await account.claimSettled()).toMatchObject({
      state: 'expired',
      causes: ['The claim code expired'],
    });
    expect(await account.verifyKey()).toBe(false);
  });

  it('never accepted: ends as expired after the claim time-out', async () => {
    account = makeAccount({ claimTimeoutMs: 60 });
    account.generateSignupLink();
    expect(await account.claimSettled()).toMatchObject({
      state: 'expired',
      causes: ['The claim was not accepted in time'],
    });
  });

  it('keeps polling through a provider outage and still completes', async () => {
    fake.setApiFault('http-500', ['/claim/setup']);
    const link = account.generateSignupLink();
    await until(() => setupPolls() >= 3);
    expect(account.claimStatus()).toMatchObject({
      state: 'waiting',
      causes: ['Playit returned an error', '/claim/setup answered HTTP 500'],
    });
    fake.setApiFault(null);
    fake.acceptClaim(link.claim_code);
    expect((await account.claimSettled())?.state).toBe('accepted');
  });

  it('keeps asking for the exchange when it fails after acceptance, then stores the key', async () => {
    fake.setApiFault('http-500', ['/claim/exchange']);
    const link = account.generateSignupLink();
    fake.acceptClaim(link.claim_code);
    const exchanges = () => fake.state.apiCalls.filter((c) => c.path === '/claim/exchange').length;
    await until(() => exchanges() >= 3);
    expect(account.claimStatus()).toMatchObject({ state: 'waiting' });
    fake.setApiFault(null);
    expect((await account.claimSettled())?.state).toBe('accepted');
    expect(await keys.read()).toBe(fake.secrets()[0]);
  });

  it('a new link or stopClaim ends the earlier poll', async () => {
    const first = account.generateSignupLink();
    const firstDone = account.claimSettled();
    const second = account.generateSignupLink();
    expect(second.claim_code).not.toBe(first.claim_code);
    expect(await firstDone).toMatchObject({ code: first.claim_code, state: 'stopped' });
    await account.stopClaim();
    expect(account.claimStatus()).toMatchObject({ code: second.claim_code, state: 'stopped' });
  });
});

describe('key storage', () => {
  it('replaces the key atomically: a concurrent reader sees the old or the new key, whole', async () => {
    const a = 'a'.repeat(64);
    const b = 'b'.repeat(300);
    await keys.write(a);
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 100; i += 1) await keys.write(i % 2 ? a : b);
      writing = false;
    })();
    const seen = new Set<string | null>();
    while (writing) seen.add(await keys.read());
    await writer;
    for (const value of seen) expect([a, b]).toContain(value);
    expect((await stat(keys.file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual([path.basename(keys.file)]);
  });

  it('ignores a temp file left by a crash and keeps the old key', async () => {
    await keys.write('old-key-0123456789');
    await writeFile(path.join(dir, `.${path.basename(keys.file)}.deadbeef0000.tmp`), 'half-writ');
    expect(await keys.read()).toBe('old-key-0123456789');
  });

  it('does not read through a link planted at the key path, and a write replaces the link', async () => {
    const elsewhere = path.join(dir, 'elsewhere');
    await writeFile(elsewhere, 'not-a-playit-key-but-a-secret-file');
    await symlink(elsewhere, keys.file);
    expect(await keys.read()).toBeNull();
    await keys.write('new-key-0123456789');
    expect(await readFile(elsewhere, 'utf8')).toBe('not-a-playit-key-but-a-secret-file');
    expect(await keys.read()).toBe('new-key-0123456789');
  });

  it('refuses to store something that is not a secret', async () => {
    await expect(keys.write('has spaces in it')).rejects.toBeInstanceOf(CoreError);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('verify and tunnels', () => {
  async function signUp(): Promise<string> {
    const link = account.generateSignupLink();
    fake.acceptClaim(link.claim_code);
    expect((await account.claimSettled())?.state).toBe('accepted');
    return fake.secrets()[0] ?? '';
  }

  it('verifyKey is false without a key, true with one, false once revoked', async () => {
    expect(await account.verifyKey()).toBe(false);
    const secret = await signUp();
    expect(await account.verifyKey()).toBe(true);
    fake.revokeKey(secret);
    expect(await account.verifyKey()).toBe(false);
  });

  it('verifyKey with the provider down is a clear error, not false', async () => {
    await signUp();
    fake.setApiFault('malformed-json');
    await expect(account.verifyKey()).rejects.toMatchObject({
      causes: expect.arrayContaining(['Got malformed response from Playit']) as unknown,
    });
  });

  it("tunnels() needs a key and maps the provider's list to PlayitTunnelInfo", async () => {
    await expect(account.tunnels()).rejects.toMatchObject({
      kind: 'BadRequest',
      causes: ["Couldn't find Playit key"],
    });
    await signUp();
    expect(await account.tunnels()).toEqual([]);
    const t = await fake.addTunnel({ name: 'minecraft', localPort: 25565 });
    const list = await account.tunnels();
    expect(list).toEqual([
      {
        local_ip: '127.0.0.1',
        local_port: 25565,
        tunnel_id: t.id,
        name: 'minecraft',
        server_address: `127.0.0.1:${t.publicPort}`,
        active: true,
      },
    ]);
    expect(z.array(PlayitTunnelInfoSchema).parse(list)).toEqual(list);
  });
});
