// Issue 27 part 3: mods, plugins and datapacks from Modrinth, through the API of the real core
// against a local server that speaks Modrinth's v2 API (test-support/modrinth-fixture) and serves
// real-format files. Instances are made by the real installer against the upstream fixture.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDON_SEARCH_LIMIT,
  ADDON_SEARCH_OFFSET_MAX,
  AddonProjectSchema,
  AddonSearchPageSchema,
  AddonTargetSchema,
  AddonUpdateSchema,
  InstalledAddonSchema,
  LogPageSchema,
  apiPaths,
  emptyLogFilter,
  emptyPermissions,
  type InstanceInfo,
} from '@hearth/protocol';
import { z } from 'zod';
import {
  DATAPACK,
  FABRIC_API,
  FABRIC_MOD,
  FORGE_MOD,
  PAPER_PLUGIN,
  startModrinthFixture,
  type ModrinthFixture,
} from '../test-support/modrinth-fixture/index.ts';
import type { TestCore } from './helpers.ts';
import {
  EventLog,
  createInstance,
  freePort,
  instanceDirOf,
  minecraftSetup,
  openInstanceSuite,
  type InstanceSuite,
} from './instance-helpers.ts';

let suite: InstanceSuite;
let modrinth: ModrinthFixture;
let t: TestCore;
let owner: string;
let log: EventLog;
let fabric: InstanceInfo;
let paper: InstanceInfo;
/** A user who may read and write Fabric's files but not protected ones (no global file write). */
let writer: { uid: string; token: string };

const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('hex');
const exists = (file: string) =>
  fs.lstat(file).then(
    () => true,
    () => false,
  );

async function versionOf(projectId: string, index = 0) {
  const project = modrinth.catalog.find((p) => p.id === projectId)!;
  return project.versions[index]!;
}

beforeAll(async () => {
  modrinth = await startModrinthFixture();
  suite = await openInstanceSuite({ modrinthApiUrl: modrinth.baseUrl });
  ({ t, owner, log } = suite);
  fabric = await createInstance(
    t,
    owner,
    log,
    'MinecraftFabric',
    minecraftSetup('Fabric box', '1.20.4', await freePort()),
  );
  paper = await createInstance(
    t,
    owner,
    log,
    'MinecraftPaper',
    minecraftSetup('Paper box', '1.20.4', await freePort()),
  );
  writer = await t.createUser(owner, 'writer');
  const perms = emptyPermissions();
  perms.can_view_instance = [fabric.uuid, paper.uuid];
  perms.can_read_instance_file = [fabric.uuid, paper.uuid];
  perms.can_write_instance_file = [fabric.uuid, paper.uuid];
  const res = await t.request('PUT', apiPaths.userUpdatePerm(writer.uid), {
    token: owner,
    body: perms,
  });
  expect(res.status, res.text).toBe(200);
}, 240_000);

afterAll(async () => {
  await suite?.close();
  await modrinth?.close();
});

describe('what an instance takes', () => {
  it('Fabric takes mods and datapacks, Paper plugins and datapacks, by the record', async () => {
    const a = AddonTargetSchema.parse(
      (await t.request('GET', apiPaths.addonTarget(fabric.uuid), { token: owner })).json,
    );
    expect(a).toEqual({
      kinds: ['mod', 'datapack'],
      loaders: ['fabric'],
      game_version: '1.20.4',
      folders: { mod: 'mods', datapack: 'world/datapacks' },
      reason: null,
    });
    const b = AddonTargetSchema.parse(
      (await t.request('GET', apiPaths.addonTarget(paper.uuid), { token: owner })).json,
    );
    expect(b.kinds).toEqual(['plugin', 'datapack']);
    expect(b.loaders).toEqual(['paper', 'spigot', 'bukkit']);
  });
});

describe('search and versions', () => {
  it('searches mods for the instance loader and version, leaving client-only mods out', async () => {
    const from = modrinth.requests.length;
    const res = await t.request(
      'GET',
      apiPaths.addonSearch(fabric.uuid, { text: '', kind: 'mod' }),
      { token: writer.token },
    );
    expect(res.status, res.text).toBe(200);
    const page = AddonSearchPageSchema.parse(res.json);
    expect(page.hits.map((h) => h.project_id).sort()).toEqual([FABRIC_API, FABRIC_MOD].sort());
    const sent = modrinth.requests.slice(from).find((r) => r.startsWith('GET /v2/search'))!;
    const facets = JSON.parse(new URL(sent.slice(4), 'http://x').searchParams.get('facets')!);
    expect(facets).toEqual([
      ['project_type:mod'],
      ['categories:fabric'],
      ['versions:1.20.4'],
      ['server_side:required', 'server_side:optional'],
    ]);
  });

  it('searches plugins on Paper and datapacks everywhere; a kind the server does not load is a 400', async () => {
    const plugins = AddonSearchPageSchema.parse(
      (
        await t.request('GET', apiPaths.addonSearch(paper.uuid, { text: 'chat', kind: 'plugin' }), {
          token: owner,
        })
      ).json,
    );
    expect(plugins.hits.map((h) => h.project_id)).toEqual([PAPER_PLUGIN]);
    const packs = AddonSearchPageSchema.parse(
      (
        await t.request('GET', apiPaths.addonSearch(fabric.uuid, { text: '', kind: 'datapack' }), {
          token: owner,
        })
      ).json,
    );
    expect(packs.hits.map((h) => h.project_id)).toEqual([DATAPACK]);
    const wrong = await t.request(
      'GET',
      apiPaths.addonSearch(fabric.uuid, { text: '', kind: 'plugin' }),
      { token: owner },
    );
    expect(wrong.status).toBe(400);
  });

  it('shows only the versions that fit, with dependencies named', async () => {
    const res = await t.request('GET', apiPaths.addonProject(fabric.uuid, FABRIC_MOD, 'mod'), {
      token: owner,
    });
    expect(res.status, res.text).toBe(200);
    const project = AddonProjectSchema.parse(res.json);
    expect(project.title).toBe('Fast Grass');
    expect(project.versions.map((v) => v.version_number)).toEqual(['1.0.0']);
    const deps = project.versions[0]!.dependencies;
    expect(deps).toContainEqual(
      expect.objectContaining({
        project_id: FABRIC_API,
        dependency_type: 'required',
        title: 'Fabric API',
        installed: false,
      }),
    );
    expect(project.versions[0]!.file?.sha512).toBe(
      sha512(await modrinth.fileOf((await versionOf(FABRIC_MOD, 1)).id)),
    );
  });

  it('unknown parameters and projects are clear refusals', async () => {
    const badKind = await t.request(
      'GET',
      `/instance/${fabric.uuid}/addons/search?query=x&kind=shader`,
      { token: owner },
    );
    expect(badKind.status).toBe(400);
    const missing = await t.request('GET', apiPaths.addonProject(fabric.uuid, 'NOPE0000', 'mod'), {
      token: owner,
    });
    expect(missing.status).toBe(404);
  });

  it('pages through more results than one page holds, with Modrinth offset and limit', async () => {
    const count = ADDON_SEARCH_LIMIT * 2 + 5;
    const added = Array.from({ length: count }, (_, i) => ({
      id: `PAGE${String(i).padStart(4, '0')}`,
      slug: `pagepack-${i}`,
      title: `Pagepack ${i}`,
      description: 'One of many datapacks.',
      author: 'builder',
      type: 'datapack' as const,
      categories: ['worldgen'],
      server_side: 'required' as const,
      downloads: i,
      versions: [
        {
          id: `PAGEv${String(i).padStart(3, '0')}`,
          version_number: '1.0.0',
          game_versions: ['1.20.4'],
          loaders: ['datapack'],
          filename: `pagepack-${i}.zip`,
          date_published: '2024-03-01T00:00:00Z',
        },
      ],
    }));
    modrinth.catalog.push(...added);
    try {
      const from = modrinth.requests.length;
      const pageAt = async (offset: number) => {
        const res = await t.request(
          'GET',
          apiPaths.addonSearch(fabric.uuid, { text: 'pagepack', kind: 'datapack', offset }),
          { token: owner },
        );
        expect(res.status, res.text).toBe(200);
        return AddonSearchPageSchema.parse(res.json);
      };
      const first = await pageAt(0);
      expect(first).toMatchObject({ offset: 0, limit: ADDON_SEARCH_LIMIT, total_hits: count });
      expect(first.hits).toHaveLength(ADDON_SEARCH_LIMIT);
      const second = await pageAt(ADDON_SEARCH_LIMIT);
      const last = await pageAt(ADDON_SEARCH_LIMIT * 2);
      expect(second.offset).toBe(ADDON_SEARCH_LIMIT);
      expect(last.hits).toHaveLength(5);
      const ids = [...first.hits, ...second.hits, ...last.hits].map((h) => h.project_id);
      expect(new Set(ids).size).toBe(count);
      expect(ids.sort()).toEqual(added.map((p) => p.id).sort());
      // Modrinth was asked for each page by its offset and the page size.
      const sent = modrinth.requests
        .slice(from)
        .filter((r) => r.startsWith('GET /v2/search'))
        .map((r) => new URL(r.slice(4), 'http://x').searchParams);
      expect(sent.map((q) => [q.get('offset'), q.get('limit')])).toEqual([
        ['0', String(ADDON_SEARCH_LIMIT)],
        [String(ADDON_SEARCH_LIMIT), String(ADDON_SEARCH_LIMIT)],
        [String(ADDON_SEARCH_LIMIT * 2), String(ADDON_SEARCH_LIMIT)],
      ]);
      // Past Modrinth's last offset is a refusal, not a question to Modrinth.
      const beyond = await t.request(
        'GET',
        `/instance/${fabric.uuid}/addons/search?query=x&kind=datapack&offset=${ADDON_SEARCH_OFFSET_MAX + 1}`,
        { token: owner },
      );
      expect(beyond.status).toBe(400);
    } finally {
      modrinth.catalog.splice(modrinth.catalog.length - count, count);
    }
  });
});

describe('installing, updating and removing', () => {
  it('a jar is a protected file: a file writer without global file write may not install a mod', async () => {
    const res = await t.request('POST', apiPaths.addonInstall(fabric.uuid), {
      token: writer.token,
      body: { version_id: 'FGv10000' },
    });
    expect(res.status, res.text).toBe(403);
    expect(await exists(path.join(instanceDirOf(fabric), 'mods'))).toBe(false);
  });

  it('installs a mod with its required dependency, verified, into mods/, and records both', async () => {
    const res = await t.request('POST', apiPaths.addonInstall(fabric.uuid), {
      token: owner,
      body: { version_id: 'FGv10000', with_dependencies: true },
    });
    expect(res.status, res.text).toBe(200);
    const installed = z.array(InstalledAddonSchema).parse(res.json);
    expect(installed.map((a) => a.project_id)).toEqual([FABRIC_MOD, FABRIC_API]);
    const mods = path.join(instanceDirOf(fabric), 'mods');
    expect((await fs.readdir(mods)).sort()).toEqual([
      'fabric-api-0.91.0+1.20.4.jar',
      'fastgrass-1.0.0+1.20.4.jar',
    ]);
    const onDisk = await fs.readFile(path.join(mods, 'fastgrass-1.0.0+1.20.4.jar'));
    expect(sha512(onDisk)).toBe(sha512(await modrinth.fileOf('FGv10000')));
    const list = z
      .array(InstalledAddonSchema)
      .parse(
        (await t.request('GET', apiPaths.addonList(fabric.uuid), { token: writer.token })).json,
      );
    expect(list.map((a) => [a.title, a.path, a.present]).sort()).toEqual([
      ['Fabric API', 'mods/fabric-api-0.91.0+1.20.4.jar', true],
      ['Fast Grass', 'mods/fastgrass-1.0.0+1.20.4.jar', true],
    ]);
    const again = await t.request('POST', apiPaths.addonInstall(fabric.uuid), {
      token: owner,
      body: { version_id: 'FGv10000' },
    });
    expect(again.status).toBe(400);
  });

  it('a datapack is an ordinary file: a file writer installs it into the world', async () => {
    const res = await t.request('POST', apiPaths.addonInstall(fabric.uuid), {
      token: writer.token,
      body: { version_id: 'SIv10000' },
    });
    expect(res.status, res.text).toBe(200);
    const file = path.join(instanceDirOf(fabric), 'world', 'datapacks', 'sky-islands-1.0.0.zip');
    expect(sha512(await fs.readFile(file))).toBe(sha512(await modrinth.fileOf('SIv10000')));
  });

  /** The owner installs a plugin version on the Paper server while Modrinth misbehaves. */
  async function installWithFault(fault: 'corruptFiles' | 'foreignFileUrls') {
    modrinth.faults[fault] = true;
    try {
      return await t.request('POST', apiPaths.addonInstall(paper.uuid), {
        token: owner,
        body: { version_id: 'CLv20000' },
      });
    } finally {
      modrinth.faults[fault] = false;
    }
  }

  it('a file whose bytes do not match the listed SHA-512 is refused and leaves nothing behind', async () => {
    const res = await installWithFault('corruptFiles');
    expect(res.status).toBe(502);
    expect(res.text).toMatch(/Checksum mismatch/);
    const plugins = path.join(instanceDirOf(paper), 'plugins');
    expect(await fs.readdir(plugins).catch(() => [])).toEqual([]);
    const list = (await t.request('GET', apiPaths.addonList(paper.uuid), { token: owner })).json;
    expect(list).toEqual([]);
  });

  it('never downloads from a host other than Modrinth or the configured API', async () => {
    const res = await installWithFault('foreignFileUrls');
    expect(res.status).toBe(502);
    expect(res.text).toMatch(/another server/);
  });

  it('refuses a version for another loader, and a name already taken by a file it did not put there', async () => {
    const forge = await t.request('POST', apiPaths.addonInstall(fabric.uuid), {
      token: owner,
      body: { version_id: 'FOv30000' },
    });
    expect(forge.status).toBe(400);
    expect(forge.text).toMatch(/forge, not for this server/);
    const plugins = path.join(instanceDirOf(paper), 'plugins');
    await fs.mkdir(plugins, { recursive: true });
    await fs.writeFile(path.join(plugins, 'ChatLog-2.0.0.jar'), 'mine');
    const taken = await t.request('POST', apiPaths.addonInstall(paper.uuid), {
      token: owner,
      body: { version_id: 'CLv20000' },
    });
    expect(taken.status).toBe(400);
    expect(await fs.readFile(path.join(plugins, 'ChatLog-2.0.0.jar'), 'utf8')).toBe('mine');
    await fs.rm(path.join(plugins, 'ChatLog-2.0.0.jar'));
  });

  it('checks for updates in one call and updates to the newest version that fits', async () => {
    modrinth.addVersion(FABRIC_API, {
      id: 'FAv09200',
      version_number: '0.92.0+1.20.4',
      game_versions: ['1.20.4'],
      loaders: ['fabric'],
      filename: 'fabric-api-0.92.0+1.20.4.jar',
      date_published: '2024-02-10T00:00:00Z',
    });
    const res = await t.request('GET', apiPaths.addonUpdates(fabric.uuid), { token: owner });
    expect(res.status, res.text).toBe(200);
    const updates = z.array(AddonUpdateSchema).parse(res.json);
    expect(updates.map((u) => [u.current_version_id, u.latest.id])).toEqual([
      ['FAv09100', 'FAv09200'],
    ]);
    const updated = InstalledAddonSchema.parse(
      (
        await t.request('PUT', apiPaths.addonUpdate(fabric.uuid, updates[0]!.addon_id), {
          token: owner,
          body: {},
        })
      ).json,
    );
    expect(updated.version_number).toBe('0.92.0+1.20.4');
    const mods = path.join(instanceDirOf(fabric), 'mods');
    expect((await fs.readdir(mods)).sort()).toEqual([
      'fabric-api-0.92.0+1.20.4.jar',
      'fastgrass-1.0.0+1.20.4.jar',
    ]);
    const none = z
      .array(AddonUpdateSchema)
      .parse((await t.request('GET', apiPaths.addonUpdates(fabric.uuid), { token: owner })).json);
    expect(none).toEqual([]);
  });

  it('removes an add-on: its file and its record; a writer cannot remove a mod', async () => {
    const list = z
      .array(InstalledAddonSchema)
      .parse((await t.request('GET', apiPaths.addonList(fabric.uuid), { token: owner })).json);
    const grass = list.find((a) => a.project_id === FABRIC_MOD)!;
    const refused = await t.request('DELETE', apiPaths.addonRemove(fabric.uuid, grass.id), {
      token: writer.token,
    });
    expect(refused.status).toBe(403);
    const res = await t.request('DELETE', apiPaths.addonRemove(fabric.uuid, grass.id), {
      token: owner,
    });
    expect(res.status, res.text).toBe(200);
    expect(await exists(path.join(instanceDirOf(fabric), grass.path))).toBe(false);
    const after = z
      .array(InstalledAddonSchema)
      .parse((await t.request('GET', apiPaths.addonList(fabric.uuid), { token: owner })).json);
    expect(after.map((a) => a.project_id).sort()).toEqual([DATAPACK, FABRIC_API].sort());
  });

  it('puts installs, updates and removals in the event log', async () => {
    const res = await t.request('GET', apiPaths.activitySearch(emptyLogFilter()), {
      token: owner,
    });
    const page = LogPageSchema.parse(res.json);
    const actions = page.entries.flatMap((e) =>
      e.source === 'activity' && e.activity.type === 'AddonActivity'
        ? [`${e.activity.action} ${e.activity.title}`]
        : [],
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'installed Fast Grass',
        'installed Fabric API',
        'installed Sky Islands',
        'updated Fabric API',
        'removed Fast Grass',
      ]),
    );
  });
});

describe('the owner turns the browser off', () => {
  it('refuses searches and installs until it is on again', async () => {
    const off = await t.request('PUT', apiPaths.globalSettingsModrinthEnabled(), {
      token: owner,
      body: false,
    });
    expect(off.status, off.text).toBe(200);
    const from = modrinth.requests.length;
    const search = await t.request(
      'GET',
      apiPaths.addonSearch(paper.uuid, { text: '', kind: 'plugin' }),
      { token: owner },
    );
    expect(search.status).toBe(403);
    expect(search.text).toMatch(/turned off/);
    const install = await t.request('POST', apiPaths.addonInstall(paper.uuid), {
      token: owner,
      body: { version_id: 'CLv20000' },
    });
    expect(install.status).toBe(403);
    expect(modrinth.requests.length).toBe(from);
    const notOwner = await t.request('PUT', apiPaths.globalSettingsModrinthEnabled(), {
      token: writer.token,
      body: true,
    });
    expect(notOwner.status).toBe(403);
    await t.request('PUT', apiPaths.globalSettingsModrinthEnabled(), { token: owner, body: true });
    const back = await t.request(
      'GET',
      apiPaths.addonSearch(paper.uuid, { text: '', kind: 'plugin' }),
      { token: owner },
    );
    expect(back.status).toBe(200);
  });
});

it('the fixture serves a version by file hash (the API the client reads)', async () => {
  const { ModrinthClient } = await import('../src/services/addons/modrinth-client.ts');
  const client = new ModrinthClient(modrinth.baseUrl);
  const version = await client.versionFromHash(sha512(await modrinth.fileOf('FOv30000')));
  expect(version?.project_id).toBe(FORGE_MOD);
  expect(await client.versionFromHash('0'.repeat(128))).toBeNull();
});
