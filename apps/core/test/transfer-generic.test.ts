// Issue 26 §1: moving a generic instance whose definition Hearth does not ship. Its folder does not
// say how it starts, so the source names the definition and what its install() answered in the
// transfer manifest, and the target loads that definition as a create would — the same checks
// (who may name which definition, the target's own loader), or a clear refusal that leaves both
// cores as they were. Two real cores in one process, definitions served from loopback HTTP (as
// test/instances-generic.test.ts does) and from a file on this machine.
import fs from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigurableManifestSchema,
  TRANSFER_MANIFEST_HEADER,
  TRANSFER_MANIFEST_MAX,
  TransferKeySchema,
  TransferManifestSchema,
  apiPaths,
  emptyPermissions,
} from '@hearth/protocol';
import type { TestCore } from './helpers.ts';
import { instanceFolders } from './import-helpers.ts';
import {
  freePort,
  isCreationEnd,
  isState,
  definitionMaker,
  startAndWaitRunning,
  instancesOf,
  useOwnedCore,
  type EventLog,
} from './instance-helpers.ts';

let source: TestCore;
let target: TestCore;
let sourceOwner: string;
let targetOwner: string;
let sourceLog: EventLog;
let targetLog: EventLog;
let scratch: string;
const servers: Server[] = [];

/**
 * A game Hearth does not ship: its message is a setup value that install() keeps in its config,
 * shown back (read-only) on the instance's settings page, which is how the test sees it arrive.
 */
const MOVER = `
export default {
  game_name: 'mover',
  game_display_name: 'Mover',
  setupManifest: () => ({ setting_sections: { s: {
    section_id: 's', name: 'Mover', description: '',
    settings: {
      motd: { setting_id: 'motd', name: 'Message', description: '', value: null,
        value_type: { type: 'String' }, default_value: null, is_secret: false,
        is_required: true, is_mutable: true },
      port: { setting_id: 'port', name: 'Port', description: '', value: null,
        value_type: { type: 'UnsignedInteger' }, default_value: null, is_secret: false,
        is_required: true, is_mutable: true },
    },
  } } }),
  install: (ctx) => ({ version: '1.2.3', port: Number(ctx.values.port), max_players: 7,
    config: { motd: ctx.values.motd } }),
  start: () => ({ command: 'sleep', args: ['600'] }),
  configurableManifest: (ctx) => ({ shown: {
    section_id: 'shown', name: 'Shown', description: '',
    settings: { motd: { setting_id: 'motd', name: 'Message', description: '',
      value: { type: 'String', value: String(ctx.config.motd) },
      value_type: { type: 'String' }, default_value: null, is_secret: false,
      is_required: false, is_mutable: false } },
  } }),
  stop: { signal: 'SIGTERM' },
};
`;

/**
 * Serves the definition from a loopback HTTP server of its own (closed to make it unreachable);
 * `requests` counts what reached it.
 */
async function serveDefinition(): Promise<{ url: string; server: Server; requests: () => number }> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    if (req.url === '/mover/main.ts')
      res.writeHead(200, { 'content-type': 'text/plain' }).end(MOVER);
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mover/main.ts`,
    server,
    requests: () => requests,
  };
}

/** Creates a Mover instance on the source (as its owner) with a file of the player's in it. */
async function createMover(url: string, name: string, motd: string) {
  const port = await freePort();
  const res = await source.request('POST', apiPaths.instanceCreateGeneric(), {
    token: sourceOwner,
    body: {
      url,
      setup_value: {
        name,
        setting_sections: {
          s: {
            settings: {
              motd: { value: { type: 'String', value: motd } },
              port: { value: { type: 'UnsignedInteger', value: port } },
            },
          },
        },
      },
    },
  });
  expect(res.status, res.text).toBe(200);
  const uuid = res.json as string;
  const end = await sourceLog.wait(isCreationEnd(uuid), `the creation of ${name}`);
  expect(end.event_inner).toMatchObject({ progression_event_inner: { success: true } });
  const dir = source.core.ctx.instances.folder(uuid);
  await fs.writeFile(path.join(dir, 'notes.txt'), `made by ${name}`);
  return { uuid, port, dir };
}

async function issueKey(uuid: string, token = sourceOwner) {
  const res = await source.request('POST', apiPaths.instanceTransfer(uuid), { token });
  expect(res.status, res.text).toBe(200);
  return TransferKeySchema.parse(res.json).key;
}

function transferIn(key: string, token = targetOwner) {
  return target.request('POST', apiPaths.instanceTransferIn(), {
    token,
    body: { source_url: source.origin, key },
  });
}

/** What the target holds now; the returned check fails if a refused move left anything there. */
async function targetSnapshot(): Promise<() => Promise<void>> {
  const folders = await instanceFolders(target);
  const listed = (await instancesOf(target, targetOwner)).length;
  return async () => {
    expect(await instanceFolders(target)).toEqual(folders);
    expect(await instancesOf(target, targetOwner)).toHaveLength(listed);
  };
}

/**
 * Runs `body` with the target's safe mode off, where a user who may create instances may name a
 * definition, with the token of such a user (not the owner); safe mode is on again after.
 */
async function asTargetCreator(name: string, body: (token: string) => Promise<void>) {
  try {
    await body(await definitionMaker(target, targetOwner, name));
  } finally {
    const on = await target.request('PUT', apiPaths.globalSettingsSafeMode(), {
      token: targetOwner,
      body: true,
    });
    expect(on.status, on.text).toBe(200);
  }
}

/** The source still has the instance, stopped, with its folder. */
async function expectSourceUntouched(uuid: string, dir: string, name: string) {
  expect(source.core.ctx.instances.state(uuid)).toBe('Stopped');
  expect((await instancesOf(source, sourceOwner)).map((i) => i.uuid)).toContain(uuid);
  expect(await fs.readFile(path.join(dir, 'notes.txt'), 'utf8')).toBe(`made by ${name}`);
}

beforeAll(async () => {
  // The definition runner reads file:// definitions as an unprivileged user: the folder is 0755.
  scratch = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-move-def-')));
  await fs.chmod(scratch, 0o755);
  await fs.writeFile(path.join(scratch, 'main.ts'), MOVER);
  await fs.chmod(path.join(scratch, 'main.ts'), 0o644);
});

afterAll(async () => {
  for (const server of servers) server.close();
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});
useOwnedCore((core) => ({ t: source, owner: sourceOwner, log: sourceLog } = core), {
  stopTimeoutMs: 10_000,
});
useOwnedCore((core) => ({ t: target, owner: targetOwner, log: targetLog } = core), {
  stopTimeoutMs: 10_000,
});

describe('moving a generic instance whose definition Hearth does not ship (issue 26)', () => {
  it('the target loads the same definition and keeps the setup values', async () => {
    const { url } = await serveDefinition();
    const made = await createMover(url, 'Lighthouse', 'Keep the light on');
    const before = await instanceFolders(target);

    const res = await transferIn(await issueKey(made.uuid));
    expect(res.status, res.text).toBe(200);
    const uuid = res.json as string;
    const end = await targetLog.wait(isCreationEnd(uuid), 'the creation on the target');
    expect(end.event_inner).toMatchObject({ progression_event_inner: { success: true } });

    const moved = (await instancesOf(target, targetOwner)).find((i) => i.uuid === uuid);
    expect(moved).toMatchObject({
      name: 'Lighthouse',
      game_type: { type: 'Generic', game_name: 'mover' },
      version: '1.2.3',
      port: made.port,
      max_player_count: 7,
    });
    const settings = ConfigurableManifestSchema.parse(
      (await target.request('GET', apiPaths.instanceSettings(uuid), { token: targetOwner })).json,
    );
    expect(settings.setting_sections.shown?.settings.motd?.value).toEqual({
      type: 'String',
      value: 'Keep the light on',
    });
    const dir = target.core.ctx.instances.folder(uuid);
    expect(await fs.readFile(path.join(dir, 'notes.txt'), 'utf8')).toBe('made by Lighthouse');
    expect((await instanceFolders(target)).length).toBe(before.length + 1);
    // It starts on the target, from the target's own copy of the definition.
    await startAndWaitRunning(target, targetOwner, targetLog, uuid);
    const stopped = targetLog.next(isState(uuid, 'Stopped'), 'the moved instance to stop');
    const stop = await target.request('PUT', apiPaths.instanceStop(uuid), { token: targetOwner });
    expect(stop.status, stop.text).toBe(200);
    await stopped;
    await expectSourceUntouched(made.uuid, made.dir, 'Lighthouse');
  }, 120_000);

  it('a definition file on the source machine: a non-owner is refused as by create, the owner is told why', async () => {
    const url = pathToFileURL(path.join(scratch, 'main.ts')).href;
    const made = await createMover(url, 'Cellar', 'Down the stairs');
    const expectTargetUnchanged = await targetSnapshot();

    await asTargetCreator('maker', async (token) => {
      // The rule a create applies to the same URL on the target.
      const asCreate = await target.request('PUT', apiPaths.genericSetupManifest(), {
        token,
        body: { url },
      });
      expect(asCreate.status).toBe(403);
      const refused = await transferIn(await issueKey(made.uuid), token);
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json).toEqual(asCreate.json);

      // The owner may name a file of the target's, but this one is the source's.
      const owner = await transferIn(await issueKey(made.uuid));
      expect(owner.status, owner.text).toBe(400);
      expect(owner.text).toMatch(/cannot be moved/);
      expect(owner.text).toMatch(/file on the source machine/);
    });
    await expectTargetUnchanged();
    await expectSourceUntouched(made.uuid, made.dir, 'Cellar');
  }, 120_000);

  it("a definition on the owner's network: a non-owner's move cannot make the target fetch it", async () => {
    // The source's owner serves the definition on loopback (their choice); on the target, a user
    // who is not its owner names it through the move, so it goes through the outbound guard.
    const { url, requests } = await serveDefinition();
    const made = await createMover(url, 'Harbour', 'Inside the wall');
    const expectTargetUnchanged = await targetSnapshot();
    await asTargetCreator('mover', async (token) => {
      const fetched = requests();
      const refused = await transferIn(await issueKey(made.uuid), token);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json).toMatchObject({
        kind: 'BadRequest',
        causes: [
          'This instance cannot be moved: this core could not load its definition',
          expect.stringMatching(/a loopback, link-local or private address/),
        ],
      });
      expect(requests()).toBe(fetched);
    });
    await expectTargetUnchanged();
    await expectSourceUntouched(made.uuid, made.dir, 'Harbour');
  }, 120_000);

  it('a definition the target cannot reach leaves both cores as they were', async () => {
    const { url, server } = await serveDefinition();
    const made = await createMover(url, 'Island', 'Far away');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const expectTargetUnchanged = await targetSnapshot();

    const res = await transferIn(await issueKey(made.uuid));
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({
      causes: [
        'This instance cannot be moved: this core could not load its definition',
        expect.stringContaining(`Could not fetch the generic definition at ${url}`),
      ],
    });
    await expectTargetUnchanged();
    await expectSourceUntouched(made.uuid, made.dir, 'Island');
  }, 120_000);

  it('sends the definition only for someone who may see the instance settings', async () => {
    const { url } = await serveDefinition();
    const made = await createMover(url, 'Vault', 'Behind the door');
    const reader = await source.createUser(sourceOwner, 'reader');
    const granted = await source.request('PUT', apiPaths.userUpdatePerm(reader.uid), {
      token: sourceOwner,
      body: {
        ...emptyPermissions(),
        can_view_instance: [made.uuid],
        can_read_instance_file: [made.uuid],
      },
    });
    expect(granted.status, granted.text).toBe(200);
    const before = await instanceFolders(target);

    // A reader may export the folder, not learn what the definition keeps beside it.
    const pulled = await source.request('POST', apiPaths.transferPull(), {
      body: { key: await issueKey(made.uuid, reader.token) },
    });
    expect(pulled.status).toBe(200);
    const manifest = TransferManifestSchema.parse(
      JSON.parse(
        Buffer.from(pulled.headers.get(TRANSFER_MANIFEST_HEADER) ?? '', 'base64url').toString(),
      ),
    );
    expect(manifest.generic).toBeUndefined();
    expect(JSON.stringify(manifest)).not.toContain('Behind the door');
    expect(JSON.stringify(manifest)).not.toContain(url);

    const res = await transferIn(await issueKey(made.uuid, reader.token));
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({
      causes: [
        'This instance cannot be moved: the receiving core cannot tell how to start it',
        expect.stringMatching(/may not see this instance's settings/),
      ],
    });
    expect(await instanceFolders(target)).toEqual(before);
    await expectSourceUntouched(made.uuid, made.dir, 'Vault');
  }, 120_000);

  it('says so when the source is a core that does not name the definition', async () => {
    const { url } = await serveDefinition();
    const made = await createMover(url, 'Attic', 'Up the ladder');
    // An older source: the same answer without the field it did not know.
    const proxy: Server = createServer((req, res) => {
      const upstream = httpRequest(
        `${source.origin}${req.url ?? '/'}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          const headers = { ...answer.headers };
          const raw = headers[TRANSFER_MANIFEST_HEADER];
          if (typeof raw === 'string') {
            const { generic: _dropped, ...older } = JSON.parse(
              Buffer.from(raw, 'base64url').toString(),
            ) as Record<string, unknown>;
            headers[TRANSFER_MANIFEST_HEADER] = Buffer.from(JSON.stringify(older)).toString(
              'base64url',
            );
          }
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    servers.push(proxy);
    const before = await instanceFolders(target);
    const res = await target.request('POST', apiPaths.instanceTransferIn(), {
      token: targetOwner,
      body: {
        source_url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        key: await issueKey(made.uuid),
      },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({
      causes: [
        'This instance cannot be moved: the receiving core cannot tell how to start it',
        expect.stringMatching(/did not say which definition/),
      ],
    });
    expect(await instanceFolders(target)).toEqual(before);
    await expectSourceUntouched(made.uuid, made.dir, 'Attic');
  }, 120_000);

  it('refuses at the source a definition that keeps more than a manifest carries', async () => {
    const { url } = await serveDefinition();
    const made = await createMover(url, 'Library', 'x'.repeat(TRANSFER_MANIFEST_MAX));
    const res = await transferIn(await issueKey(made.uuid));
    expect(res.status, res.text).toBe(400);
    expect(res.text).toMatch(/keeps too much data/);
    // Held while it was archived, free again: it can be started, and moved once it is smaller.
    await expectSourceUntouched(made.uuid, made.dir, 'Library');
    expect(await fs.readdir(path.join(source.dataDir, 'transfers'))).toEqual([]);
  }, 120_000);
});
