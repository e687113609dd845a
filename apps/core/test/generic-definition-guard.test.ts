// A generic definition URL is a request the core makes where a user points it: for anyone but the
// owner it goes through the same outbound guard as webhooks (lib/address-guard.ts), so a user who
// may load definitions cannot make the core fetch loopback, link-local or private addresses (its
// own API, a cloud metadata service, the LAN) — unless the machine's admin started the core with
// `--private-definitions` (the webhooks' "Allow private targets" does not open it). The owner
// chooses what the core loads (as with file:// definitions). Every definition fetch goes to the
// address that was judged and never follows a redirect; a bundle rebuilt at a start is judged
// again for whoever named its URL. Real core over HTTP, a loopback server that counts what
// reaches it.
import fs from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SetupManifestSchema,
  StagedImportSchema,
  apiPaths,
  type ClientError,
} from '@hearth/protocol';
import { parseConfig } from '../src/config.ts';
import type { Resolver } from '../src/lib/address-guard.ts';
import { startTestCore, type TestCore, type TestResponse } from './helpers.ts';
import { uploadImport, zipOf } from './import-helpers.ts';
import { EventLog, createGenericInstance, definitionMaker } from './instance-helpers.ts';

const DEFINITION = `export default {
  game_name: 'guarded',
  game_display_name: 'Guarded',
  setupManifest: () => ({ setting_sections: {} }),
  install: () => ({ version: '1', port: 0 }),
  start: () => ({ command: 'true' }),
  stop: { signal: 'SIGTERM' },
};
`;

/** A host name of the test's own resolver that points at loopback (as a rebinding name would). */
const LOOPBACK_NAME = 'definitions.rebind.test';
const resolve: Resolver = (host) =>
  Promise.resolve(host === LOOPBACK_NAME ? [{ address: '127.0.0.1', family: 4 }] : []);

let core: TestCore;
let owner: string;
/** can_create_instance only, safe mode off: may load definitions, is not the owner. */
let maker: string;
let server: Server;
let port = 0;
/** Every path the loopback server was asked for. */
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    seen.push(url);
    if (url === '/defs/main.ts')
      res.writeHead(200, { 'content-type': 'text/plain' }).end(DEFINITION);
    else if (url === '/moved/main.ts')
      res.writeHead(302, { location: '/defs/main.ts' }).end('moved');
    else if (url === '/defs/imports-metadata.ts')
      res.writeHead(200, { 'content-type': 'text/plain' })
        .end(`import data from 'http://169.254.169.254/latest/meta-data.json' with { type: 'json' };
${DEFINITION.replace("game_display_name: 'Guarded'", 'game_display_name: String(data)')}`);
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  core = await startTestCore({ webhooks: { resolve } });
  owner = await core.setupOwner();
  maker = await definitionMaker(core, owner);
});

afterAll(async () => {
  await core?.close();
  if (core) await fs.rm(core.dataDir, { recursive: true, force: true });
  await new Promise((done) => server?.close(done));
});

const manifestFor = (token: string, url: string) =>
  core.request('PUT', apiPaths.genericSetupManifest(), { token, body: { url } });

const createFrom = (token: string, url: string) =>
  core.request('POST', apiPaths.instanceCreateGeneric(), {
    token,
    body: { url, setup_value: { name: 'Guarded', setting_sections: {} } },
  });

/** The webhooks' switch: it lets webhooks reach the LAN, not definition fetches. */
async function setPrivateTargets(on: boolean): Promise<void> {
  const res = await core.request('PUT', '/webhooks/settings/private_targets', {
    token: owner,
    body: on,
  });
  expect(res.status, res.text).toBe(200);
}

/** 400 `{"kind","causes"}` saying the address is not one the core may call. */
function expectAddressRefused(res: TestResponse): void {
  expect(res.status, res.text).toBe(400);
  const body = res.json as ClientError;
  expect(body.kind).toBe('BadRequest');
  expect(body.causes.join(': ')).toMatch(/a loopback, link-local or private address/);
}

const instanceFolders = () => fs.readdir(`${core.dataDir}/instances`).catch(() => []);

describe('a definition URL a user who is not the owner names (SSRF)', () => {
  const privateUrls = () => [
    `http://127.0.0.1:${port}/defs/main.ts`,
    `http://[::ffff:127.0.0.1]:${port}/defs/main.ts`,
    `http://${LOOPBACK_NAME}:${port}/defs/main.ts`,
    'http://169.254.169.254/latest/main.ts',
    'http://10.0.0.1/defs/main.ts',
    'https://192.168.1.1/defs/main.ts',
  ];

  it('is refused for a setup manifest before any request leaves the core', async () => {
    const before = seen.length;
    for (const url of privateUrls()) expectAddressRefused(await manifestFor(maker, url));
    expect(seen.slice(before)).toEqual([]);
  });

  it('is refused for a create, and no instance is made', async () => {
    const before = seen.length;
    const folders = await instanceFolders();
    for (const url of privateUrls()) expectAddressRefused(await createFrom(maker, url));
    expect(seen.slice(before)).toEqual([]);
    expect(await instanceFolders()).toEqual(folders);
  });

  it('is refused for an import set up from a definition, and the staged folder stays', async () => {
    const upload = await uploadImport(core, maker, 'server.zip', await zipOf({ 'a.txt': 'a' }));
    expect(upload.status, upload.text).toBe(200);
    const stage = StagedImportSchema.parse(upload.json);
    const before = seen.length;
    const folders = await instanceFolders();
    for (const url of privateUrls()) {
      const res = await core.request('POST', apiPaths.importCreate(stage.id), {
        token: maker,
        body: { kind: 'definition', url, setup_value: { name: 'Imported', setting_sections: {} } },
      });
      expectAddressRefused(res);
    }
    expect(seen.slice(before)).toEqual([]);
    expect(await instanceFolders()).toEqual(folders);
  });

  it("stays refused while the owner lets webhooks reach private targets (that switch is the webhooks')", async () => {
    const url = `http://127.0.0.1:${port}/defs/main.ts`;
    const before = seen.length;
    await setPrivateTargets(true);
    try {
      expectAddressRefused(await manifestFor(maker, url));
    } finally {
      await setPrivateTargets(false);
    }
    expect(seen.slice(before)).toEqual([]);
  });

  it('is loaded by a core started with --private-definitions (a LAN definition server)', async () => {
    const lan = await startTestCore({ webhooks: { resolve }, privateDefinitions: true });
    try {
      const lanMaker = await definitionMaker(lan, await lan.setupOwner());
      const res = await lan.request('PUT', apiPaths.genericSetupManifest(), {
        token: lanMaker,
        body: { url: `http://127.0.0.1:${port}/defs/main.ts` },
      });
      expect(res.status, res.text).toBe(200);
      SetupManifestSchema.parse(res.json);
    } finally {
      await lan.close();
      await fs.rm(lan.dataDir, { recursive: true, force: true });
    }
  });
});

/** A core with an owner and a maker (can_create_instance, safe mode off) on `dataDir`. */
async function coreWithMaker(
  overrides: Parameters<typeof startTestCore>[0],
  dataDir: string,
): Promise<{ core: TestCore; owner: string; maker: string }> {
  const started = await startTestCore(overrides, dataDir);
  const ownerToken = await started.setupOwner();
  return { core: started, owner: ownerToken, maker: await definitionMaker(started, ownerToken) };
}

async function loginAs(on: TestCore, username: string, password: string): Promise<string> {
  const res = await on.login(username, password);
  expect(res.status, res.text).toBe(200);
  return (res.json as { token: string }).token;
}

describe('a generic instance whose cached bundle is gone (rebuilt from its URL)', () => {
  let dataDir = '';
  let makerUuid = '';
  let ownerUuid = '';

  beforeAll(async () => {
    // Made on a core started with --private-definitions: the maker's loopback URL is allowed then.
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-rebuild-'));
    const lan = await coreWithMaker({ webhooks: { resolve }, privateDefinitions: true }, dataDir);
    const log = await EventLog.open(lan.core, lan.owner);
    try {
      const url = `http://127.0.0.1:${port}/defs/main.ts`;
      for (const [token, name] of [
        [lan.maker, 'Made by maker'],
        [lan.owner, 'Made by owner'],
      ] as const) {
        const { uuid } = await createGenericInstance(lan.core, token, log, url, name);
        if (token === lan.maker) makerUuid = uuid;
        else ownerUuid = uuid;
      }
    } finally {
      log.close();
      await lan.core.close();
    }
  });

  // The cached bundles are gone (the cache was cleared): a start rebuilds its instance's bundle.
  beforeEach(() =>
    fs.rm(path.join(dataDir, 'cache', 'definitions'), { recursive: true, force: true }),
  );

  afterAll(async () => {
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("is refused for a non-owner's definition once the core runs without --private-definitions, before any request", async () => {
    const restarted = await startTestCore({ webhooks: { resolve } }, dataDir);
    try {
      const makerToken = await loginAs(restarted, 'maker', 'user-password');
      const before = seen.length;
      const res = await restarted.request('PUT', `/instance/${makerUuid}/start`, {
        token: makerToken,
      });
      expectAddressRefused(res);
      expect(seen.slice(before)).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  it("is rebuilt from the owner's loopback definition, and the instance starts", async () => {
    const restarted = await startTestCore({ webhooks: { resolve } }, dataDir);
    try {
      const ownerToken = await loginAs(restarted, 'owner', 'owner-password');
      const before = seen.length;
      const res = await restarted.request('PUT', `/instance/${ownerUuid}/start`, {
        token: ownerToken,
      });
      expect(res.status, res.text).toBe(200);
      expect(seen.slice(before)).toEqual(['/defs/main.ts']);
    } finally {
      await restarted.request('PUT', `/instance/${ownerUuid}/kill`, {
        token: await loginAs(restarted, 'owner', 'owner-password'),
      });
      await restarted.close();
    }
  });
});

describe("the owner's definition server", () => {
  it('may be on loopback or the LAN: the owner chooses what the core loads', async () => {
    const res = await manifestFor(owner, `http://127.0.0.1:${port}/defs/main.ts`);
    expect(res.status, res.text).toBe(200);
  });

  it('is not followed through a redirect (the judged address only)', async () => {
    const before = seen.length;
    const res = await manifestFor(owner, `http://127.0.0.1:${port}/moved/main.ts`);
    expect(res.status, res.text).toBe(400);
    expect((res.json as ClientError).causes.join(': ')).toMatch(/answered 302/);
    expect(seen.slice(before)).toEqual(['/moved/main.ts']);
  });

  it('cannot import a module from another address', async () => {
    const res = await manifestFor(owner, `http://127.0.0.1:${port}/defs/imports-metadata.ts`);
    expect(res.status, res.text).toBe(400);
    expect((res.json as ClientError).causes.join(': ')).toMatch(
      /"http:\/\/169\.254\.169\.254\/latest\/meta-data\.json" is refused/,
    );
  });
});

describe('--private-definitions', () => {
  it('is off unless the flag or HEARTH_PRIVATE_DEFINITIONS turns it on', () => {
    expect(parseConfig([], {}, '/tmp').privateDefinitions).toBeUndefined();
    expect(parseConfig(['--private-definitions'], {}, '/tmp').privateDefinitions).toBe(true);
    expect(parseConfig(['--private-definitions', '--port', '0'], {}, '/tmp')).toMatchObject({
      privateDefinitions: true,
      port: 0,
    });
    expect(parseConfig([], { HEARTH_PRIVATE_DEFINITIONS: '1' }, '/tmp').privateDefinitions).toBe(
      true,
    );
    expect(
      parseConfig(['--private-definitions=off'], { HEARTH_PRIVATE_DEFINITIONS: 'on' }, '/tmp')
        .privateDefinitions,
    ).toBe(false);
  });
});
