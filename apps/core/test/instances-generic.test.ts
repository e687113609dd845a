import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigurableManifestSchema,
  PlayerSchema,
  SetupManifestSchema,
  type ClientError,
  type ClientEvent,
  type Player,
} from '@hearth/protocol';
import { FLYING_SQUID_DEFINITION_URL } from '../src/runtime/generic/builtin.ts';
import { offlineUuid } from '../src/runtime/minecraft/mojang-profile.ts';
import { joinBot } from '../test-support/mineflayer-bot.ts';
import { startTestCore, type TestCore, type TestResponse } from './helpers.ts';
import {
  definitionMaker,
  EventLog,
  freePort,
  isCreationEnd,
  isInstanceKind,
  isState,
  startAndWaitRunning,
  stopAndWaitStopped,
  useOwnedCore,
} from './instance-helpers.ts';

let t: TestCore;
let owner: string;
let log: EventLog;

useOwnedCore((core) => ({ t, owner, log } = core), { stopTimeoutMs: 10_000 });

const playerChange = (e: ClientEvent) => {
  const inner = e.event_inner;
  return inner.type === 'InstanceEvent' && inner.instance_event_inner.type === 'PlayerChange'
    ? inner.instance_event_inner
    : null;
};

/**
 * Leaves a generic instance's folder with its records in `dataDir`, as a core that is gone (or
 * anyone who could write there) left it, for a core started on `dataDir` to adopt at boot.
 */
async function writeAdoptedRecord(
  dataDir: string,
  uuid: string,
  data: { url: string; bundle_path: string; output: Record<string, string> },
): Promise<void> {
  const folder = path.join(dataDir, 'instances', 'adopted');
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(
    path.join(folder, '.lodestone_config'),
    JSON.stringify({ game_type: 'Generic', uuid, creation_time: 1 }),
  );
  await fs.writeFile(
    path.join(folder, '.hearth_instance.json'),
    JSON.stringify({
      uuid,
      name: 'Adopted',
      description: '',
      game: { type: 'Generic', game_name: 'starter', game_display_name: 'Starter' },
      version: '1',
      port: 0,
      creation_time: 1,
      auto_start: false,
      restart_on_crash: false,
      handler: 'generic',
      data: {
        ...data,
        stop: { signal: 'SIGTERM' },
        ping: false,
        max_players: null,
        config: {},
      },
    }),
  );
}

describe('a flying-squid generic instance', () => {
  it('is created from its definition, started by the core, and tracks a real client joining and leaving', async () => {
    const manifest = SetupManifestSchema.parse(
      (
        await t.request('PUT', '/generic_setup_manifest', {
          token: owner,
          body: { url: FLYING_SQUID_DEFINITION_URL },
        })
      ).json,
    );
    const version = manifest.setting_sections.section_1?.settings.version?.default_value;
    expect(version?.type).toBe('Enum');
    const port = await freePort();
    const res = await t.request('POST', '/instance/create_generic', {
      token: owner,
      body: {
        url: FLYING_SQUID_DEFINITION_URL,
        setup_value: {
          name: 'Squid',
          setting_sections: {
            section_1: { settings: { port: { value: { type: 'UnsignedInteger', value: port } } } },
          },
        },
      },
    });
    expect(res.status, res.text).toBe(200);
    const uuid = res.json as string;
    const end = await log.wait(isCreationEnd(uuid), 'the generic creation to end');
    expect(end.event_inner).toMatchObject({
      progression_event_inner: {
        success: true,
        inner: {
          type: 'InstanceCreation',
          uuid,
          port,
          game_type: { type: 'Generic', game_name: 'flying-squid' },
          max_player_count: 20,
        },
      },
    });
    const settings = ConfigurableManifestSchema.parse(
      (await t.request('GET', `/instance/${uuid}/settings`, { token: owner })).json,
    );
    expect(settings.setting_sections.instance_section?.settings.port?.value).toEqual({
      type: 'UnsignedInteger',
      value: port,
    });

    await startAndWaitRunning(t, owner, log, uuid);

    const joined = log.next(
      (e) =>
        isInstanceKind(uuid, 'PlayerChange')(e) &&
        (playerChange(e)?.players_joined.length ?? 0) > 0,
      'the join',
    );
    const bot = await joinBot({
      host: '127.0.0.1',
      port,
      username: 'HearthBot',
      version: version?.value as string,
    });
    const change = playerChange(await joined)!;
    const expected: Player = {
      type: 'MinecraftPlayer',
      name: 'HearthBot',
      uuid: offlineUuid('HearthBot'),
    };
    expect(change.players_joined).toEqual([expected]);
    expect(change.player_list).toEqual([expected]);
    expect((await t.request('GET', `/instance/${uuid}/players/count`, { token: owner })).json).toBe(
      1,
    );
    expect(
      z
        .array(PlayerSchema)
        .parse((await t.request('GET', `/instance/${uuid}/players`, { token: owner })).json),
    ).toEqual([expected]);
    expect((await t.request('GET', `/instance/${uuid}/info`, { token: owner })).json).toMatchObject(
      { player_count: 1, player_list: [expected] },
    );

    const left = log.next(
      (e) =>
        isInstanceKind(uuid, 'PlayerChange')(e) && (playerChange(e)?.players_left.length ?? 0) > 0,
      'the leave',
    );
    await bot.leave();
    expect(playerChange(await left)).toMatchObject({
      player_list: [],
      players_left: [{ name: 'HearthBot' }],
    });
    expect((await t.request('GET', `/instance/${uuid}/players/count`, { token: owner })).json).toBe(
      0,
    );

    await stopAndWaitStopped(t, owner, log, uuid);
  });
});

/**
 * Issue 22 item 2: a definition is bundled in the core, before any sandbox, so whatever it imports
 * is read as the core's user (root). Each attack imports a secret and hands it back in its setup
 * manifest; none may get through, and the refusal names the import. The same goes for the paths
 * its start plan and its stored record name.
 */
describe('a definition reaches only its own files', () => {
  let core: TestCore;
  let ownerToken: string;
  /** A user with can_create_instance only, safe mode off: may load definitions, is not the owner. */
  let maker: string;
  let scratch: string;
  let server: Server;
  let base: string;
  const secret = `SECRET-${randomBytes(12).toString('hex')}`;
  const served = new Map<string, string>();

  beforeAll(async () => {
    // The sandbox's unprivileged user reads file:// definitions, so the scratch folder is 0755.
    scratch = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-imports-')));
    await fs.chmod(scratch, 0o755);
    await fs.writeFile(path.join(scratch, 'secret.txt'), secret);
    await fs.writeFile(path.join(scratch, 'secret.json'), JSON.stringify({ token: secret }));
    served.set('/private/secret.json', JSON.stringify({ token: secret }));
    server = createServer((req, res) => {
      const body = served.get(req.url ?? '');
      if (body === undefined) res.writeHead(404).end('not here');
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The definitions are served from loopback: for a user who is not the owner the outbound guard
    // refuses that unless the core runs with --private-definitions (generic-definition-guard.test.ts).
    core = await startTestCore({ isolation: 'auto', privateDefinitions: true });
    ownerToken = await core.setupOwner();
    maker = await definitionMaker(core, ownerToken);
  });

  afterAll(async () => {
    await core?.close();
    if (core) await fs.rm(core.dataDir, { recursive: true, force: true });
    await new Promise((resolve) => server?.close(resolve));
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  });

  /** A definition that puts whatever `value` holds (bytes, text or JSON) in its manifest. */
  const leaking = (prelude: string, value = 'stolen') => `${prelude}
const raw: unknown = ${value};
const text = raw instanceof Uint8Array ? new TextDecoder().decode(raw)
  : typeof raw === 'string' ? raw : JSON.stringify(raw);
export default {
  game_name: 'leak',
  game_display_name: 'Leak',
  setupManifest: () => ({ setting_sections: { s: {
    section_id: 's', name: 'Leak', description: text.slice(0, 400), settings: {},
  } } }),
  install: () => ({ version: '1', port: 0 }),
  start: () => ({ command: 'true' }),
  stop: { signal: 'SIGTERM' },
};
`;

  let served_ = 0;
  /** Serves `source` as `<base>/defs/<n>/main.ts` and returns that URL. */
  const serve = (source: string, files: Record<string, string> = {}): string => {
    const folder = `/defs/${++served_}`;
    served.set(`${folder}/main.ts`, source);
    for (const [name, body] of Object.entries(files)) served.set(`${folder}/${name}`, body);
    return `${base}${folder}/main.ts`;
  };

  const manifestFor = (token: string, url: string) =>
    core.request('PUT', '/generic_setup_manifest', { token, body: { url } });

  /** The load is refused (400), names the import, and nothing of the secret comes back. */
  const expectRefused = (res: TestResponse, specifier: string, leak = secret) => {
    expect(res.text).not.toContain(leak);
    expect(res.status, res.text).toBe(400);
    const cause = (res.json as ClientError).causes[0] ?? '';
    expect(cause).toContain(`"${specifier}"`);
    expect(cause).toMatch(/is refused/);
  };

  const secretTxt = () => path.join(scratch, 'secret.txt');
  const secretJson = () => path.join(scratch, 'secret.json');

  const attacks: [string, () => { specifier: string; source: string }][] = [
    [
      "a file: URL with { type: 'bytes' }",
      () => {
        const specifier = pathToFileURL(secretTxt()).href;
        return {
          specifier,
          source: leaking(`import stolen from '${specifier}' with { type: 'bytes' };`),
        };
      },
    ],
    [
      'a plain absolute host path',
      () => ({
        specifier: secretJson(),
        source: leaking(`import stolen from '${secretJson()}';`),
      }),
    ],
    [
      "an absolute host path with { type: 'text' }",
      () => ({
        specifier: secretTxt(),
        source: leaking(`import stolen from '${secretTxt()}' with { type: 'text' };`),
      }),
    ],
    [
      "an absolute host path with { type: 'json' }",
      () => ({
        specifier: secretJson(),
        source: leaking(`import stolen from '${secretJson()}' with { type: 'json' };`),
      }),
    ],
    [
      'a relative import climbing out of its URL folder',
      () => ({
        specifier: '../../private/secret.json',
        source: leaking(`import stolen from '../../private/secret.json' with { type: 'json' };`),
      }),
    ],
    [
      'a relative import climbing to the host root',
      () => {
        const specifier = `../../../../../../..${secretJson()}`;
        return { specifier, source: leaking(`import stolen from '${specifier}';`) };
      },
    ],
    [
      'require() of a host path',
      () => ({
        specifier: secretJson(),
        source: leaking(`const stolen = require('${secretJson()}');`),
      }),
    ],
    [
      'an installed package that is not allowed',
      () => ({
        specifier: 'better-sqlite3',
        source: leaking(`import stolen from 'better-sqlite3';`, 'String(stolen)'),
      }),
    ],
    [
      'an allowed package name climbing out of the package',
      () => {
        const specifier = `zod/../../../../../../../..${secretJson()}`;
        return {
          specifier,
          source: leaking(`import stolen from '${specifier}' with { type: 'json' };`),
        };
      },
    ],
    [
      'a data: URL',
      () => {
        const specifier = 'data:text/javascript,export default 1';
        return { specifier, source: leaking(`import stolen from '${specifier}';`) };
      },
    ],
  ];

  for (const [name, attack] of attacks) {
    it(`refuses ${name}`, async () => {
      const { specifier, source } = attack();
      expectRefused(await manifestFor(maker, serve(source)), specifier);
    });
  }

  it("refuses the core's own database, for the owner too, on both routes", async () => {
    const db = pathToFileURL(path.join(core.dataDir, 'hearth.db')).href;
    const url = serve(leaking(`import stolen from '${db}' with { type: 'bytes' };`));
    for (const token of [maker, ownerToken]) {
      expectRefused(await manifestFor(token, url), db, 'SQLite format 3');
      const before = await fs.readdir(path.join(core.dataDir, 'instances'));
      const create = await core.request('POST', '/instance/create_generic', {
        token,
        body: { url, setup_value: { name: 'Leak', setting_sections: {} } },
      });
      expectRefused(create, db, 'SQLite format 3');
      expect(await fs.readdir(path.join(core.dataDir, 'instances'))).toEqual(before);
    }
  });

  it('still bundles relative modules under its own URL folder, node builtins and allowed packages', async () => {
    const url = serve(
      leaking(
        `import { z } from 'zod';
import { join } from 'node:path';
import { word } from './lib/word.ts';
import data from './lib/data.json' with { type: 'json' };`,
        'z.string().parse(join(word, data.name))',
      ),
      {
        'lib/word.ts': "export { word } from './inner/deeper.ts';",
        'lib/inner/deeper.ts': "export const word: string = 'own';",
        'lib/data.json': '{"name": "files"}',
      },
    );
    const res = await manifestFor(maker, url);
    expect(res.status, res.text).toBe(200);
    expect(SetupManifestSchema.parse(res.json).setting_sections.s?.description).toBe('own/files');
  });

  it('lets a user who is not the owner load a shipped definition, but no other file on this machine', async () => {
    const shipped = await manifestFor(maker, FLYING_SQUID_DEFINITION_URL);
    expect(shipped.status, shipped.text).toBe(200);
    const own = path.join(scratch, 'own');
    await fs.mkdir(own, { mode: 0o755 });
    await fs.writeFile(path.join(own, 'main.ts'), leaking('', "'harmless'"));
    const ownUrl = pathToFileURL(path.join(own, 'main.ts')).href;
    for (const url of [ownUrl, `\u0001${ownUrl}`, ownUrl.replace('file:', 'fi\tLE:')]) {
      const res = await manifestFor(maker, url);
      expect(res.status, res.text).toBe(403);
      expect((res.json as ClientError).causes[0]).toMatch(/only the owner .* file/i);
    }
    const create = await core.request('POST', '/instance/create_generic', {
      token: maker,
      body: {
        url: pathToFileURL(path.join(own, 'main.ts')).href,
        setup_value: { name: 'Mine', setting_sections: {} },
      },
    });
    expect(create.status, create.text).toBe(403);
  });

  /** A file:// definition folder of the owner's, with `files` beside main.ts. */
  const ownerFolder = async (name: string, files: Record<string, string>): Promise<string> => {
    const dir = path.join(scratch, name);
    await fs.mkdir(dir, { mode: 0o755 });
    for (const [file, body] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true, mode: 0o755 });
      await fs.writeFile(path.join(dir, file), body);
    }
    return pathToFileURL(path.join(dir, 'main.ts')).href;
  };

  it("keeps a file:// definition of the owner's inside its own folder", async () => {
    const climbing = await ownerFolder('climbing', {
      'main.ts': leaking(`import stolen from '../secret.json' with { type: 'json' };`),
    });
    expectRefused(await manifestFor(ownerToken, climbing), '../secret.json');

    const linked = await ownerFolder('linked', {
      'main.ts': leaking(`import stolen from './data.json';`),
    });
    await fs.symlink(secretJson(), path.join(scratch, 'linked', 'data.json'));
    const res = await manifestFor(ownerToken, linked);
    expect(res.text).not.toContain(secret);
    expect(res.status, res.text).toBe(400);
    expect((res.json as ClientError).causes[0]).toMatch(/data\.json.*symbolic link/);
  });

  it('never lets esbuild read a tsconfig.json or package.json around a file:// definition', async () => {
    const url = await ownerFolder('configured', {
      'main.ts': leaking(`import stolen from '#secret';`, 'stolen'),
      'tsconfig.json': JSON.stringify({ extends: secretTxt() }),
      'package.json': JSON.stringify({ imports: { '#secret': secretTxt() } }),
    });
    expectRefused(await manifestFor(ownerToken, url), '#secret');
    const plain = await ownerFolder('configured-plain', {
      'main.ts': leaking('', "'fine'"),
      'tsconfig.json': JSON.stringify({ extends: secretTxt() }),
    });
    const res = await manifestFor(ownerToken, plain);
    expect(res.text).not.toContain(secret);
    expect(res.status, res.text).toBe(200);
  });

  it("refuses a file:// definition inside the core's data directory", async () => {
    const file = path.join(core.dataDir, 'planted.ts');
    await fs.writeFile(file, leaking('', "'planted'"));
    const res = await manifestFor(ownerToken, pathToFileURL(file).href);
    expect(res.status, res.text).toBe(400);
    expect((res.json as ClientError).causes[0]).toMatch(/data directory/);
  });

  /** Serves a definition whose start() is `start` and whose install() runs `install` (sandboxed). */
  const withStart = (start: string, install = '') =>
    serve(`import fs from 'node:fs';
export default {
  game_name: 'starter',
  game_display_name: 'Starter',
  setupManifest: () => ({ setting_sections: {} }),
  install: (ctx: { instanceDir: string }) => { ${install}; return { version: '1', port: 0 }; },
  start: () => (${start}),
  stop: { signal: 'SIGTERM' },
  output: { started: 'READY' },
};
`);

  /** Creates an instance as `maker` from `url` and waits for the creation to end well. */
  const createFrom = async (url: string, name: string): Promise<string> => {
    const log = await EventLog.open(core, maker);
    try {
      const res = await core.request('POST', '/instance/create_generic', {
        token: maker,
        body: { url, setup_value: { name, setting_sections: {} } },
      });
      expect(res.status, res.text).toBe(200);
      const uuid = res.json as string;
      const end = await log.wait(isCreationEnd(uuid), `the creation of ${name}`);
      expect(end.event_inner).toMatchObject({ progression_event_inner: { success: true } });
      return uuid;
    } finally {
      log.close();
    }
  };

  const consoleOf = async (uuid: string): Promise<string> => {
    const buffer = await core.request('GET', `/instance/${uuid}/console/buffer`, {
      token: ownerToken,
    });
    return JSON.stringify(buffer.json);
  };

  /** A program outside the instance that prints the secret beside it (as a host's tool might hold one). */
  const hostTool = async (): Promise<string> => {
    const tools = path.join(scratch, 'tools');
    await fs.mkdir(path.join(tools, 'bin'), { recursive: true, mode: 0o755 });
    await fs.writeFile(path.join(tools, 'secret.txt'), secret, { mode: 0o644 });
    const tool = path.join(tools, 'bin', 'tool');
    await fs.writeFile(
      tool,
      '#!/bin/sh\ncat "$(dirname "$0")/../secret.txt"; echo; echo READY; exec sleep 600\n',
      { mode: 0o755 },
    );
    return tool;
  };

  it('never runs a program its start() names in a host folder, nor shows that folder to the game', async () => {
    const tool = await hostTool();
    const uuid = await createFrom(withStart(`{ command: ${JSON.stringify(tool)} }`), 'Host tool');
    const log = await EventLog.open(core, ownerToken);
    try {
      const started = await core.request('PUT', `/instance/${uuid}/start`, { token: maker });
      expect(started.text).not.toContain(secret);
      if (started.status === 200) await log.wait(isState(uuid, 'Running'), 'the tool running');
      expect(await consoleOf(uuid)).not.toContain(secret);
      expect(started.status, started.text).toBe(400);
      expect((started.json as ClientError).causes.join(' ')).toContain(`may not run ${tool}`);
    } finally {
      await core.request('PUT', `/instance/${uuid}/kill`, { token: ownerToken });
      log.close();
    }
  });

  it('runs a program in the instance folder inside the sandbox only, where a planted link leads nowhere', async () => {
    const sandboxed =
      ((await core.request('GET', '/system/warnings', { token: ownerToken })).json as unknown[])
        .length === 0;
    const tool = await hostTool();
    const real = await createFrom(
      withStart(
        "{ command: './server.sh', args: ['x'] }",
        "fs.writeFileSync(ctx.instanceDir + '/server.sh', '#!/bin/sh\\necho READY $1\\nexec sleep 600\\n', { mode: 0o755 })",
      ),
      'Own program',
    );
    const log = await EventLog.open(core, ownerToken);
    try {
      const running = log.next(isState(real, 'Running'), 'its own program running');
      const started = await core.request('PUT', `/instance/${real}/start`, { token: maker });
      expect(started.status, started.text).toBe(200);
      await running;
      expect(await consoleOf(real)).toContain('READY x');
      await core.request('PUT', `/instance/${real}/kill`, { token: ownerToken });

      // Without a sandbox the core runs everything as itself anyway (and says so to the owner).
      if (!sandboxed) return;
      const linked = await createFrom(
        withStart(
          "{ command: './server' }",
          `fs.symlinkSync(${JSON.stringify(tool)}, ctx.instanceDir + '/server')`,
        ),
        'Linked program',
      );
      const over = log.next(
        (e) => isState(linked, 'Running')(e) || isState(linked, 'Error')(e),
        'the linked program to run or fail',
      );
      const res = await core.request('PUT', `/instance/${linked}/start`, { token: maker });
      expect(res.text).not.toContain(secret);
      await over;
      expect(await consoleOf(linked)).not.toContain(secret);
      expect(log.states(linked)).not.toContain('Running');
      await core.request('PUT', `/instance/${linked}/kill`, { token: ownerToken });
    } finally {
      log.close();
    }
  });

  it('does not adopt a record whose definition is a file on this machine that Hearth does not ship', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-adopt-'));
    // A folder of the host: as the definition's folder it would be shown to the game's sandbox.
    const hostDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-host-'));
    await fs.writeFile(path.join(hostDir, 'definition.ts'), 'export default {};\n');
    const uuid = 'INSTANCE_ADOPTED_FILE';
    await writeAdoptedRecord(dataDir, uuid, {
      url: pathToFileURL(path.join(hostDir, 'definition.ts')).href,
      bundle_path: path.join(dataDir, 'none.mjs'),
      output: {},
    });
    const adopted = await startTestCore({ isolation: 'auto' }, dataDir);
    try {
      const owner = await adopted.setupOwner();
      const list = await adopted.request('GET', '/instance/list', { token: owner });
      expect(list.status).toBe(200);
      expect(list.text).toContain('[');
      expect(list.text).not.toContain(uuid);
    } finally {
      await adopted.close();
      await fs.rm(dataDir, { recursive: true, force: true });
      await fs.rm(hostDir, { recursive: true, force: true });
    }
  });

  it("never uses a bundle path a record adopted from an instance folder names, only the core's own", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-adopt-'));
    const stolen = path.join(dataDir, 'stolen.key');
    // A file of the core's own data directory: taken as the bundle, it would be shown to the
    // sandbox and imported, and an error could quote it.
    const word = `SECRET_${randomBytes(8).toString('hex')}`;
    await fs.writeFile(stolen, `key ${word}\n`);
    const uuid = 'INSTANCE_ADOPTED';
    await writeAdoptedRecord(dataDir, uuid, {
      url: withStart("{ command: 'sh', args: ['-c', 'echo READY; exec sleep 600'] }"),
      bundle_path: stolen,
      output: { started: 'READY' },
    });
    const adopted = await startTestCore({ isolation: 'auto' }, dataDir);
    try {
      const owner = await adopted.setupOwner();
      const log = await EventLog.open(adopted, owner);
      const settled = log.next(
        (e) => isState(uuid, 'Running')(e) || isState(uuid, 'Error')(e),
        'the adopted instance to run or fail',
      );
      const res = await adopted.request('PUT', `/instance/${uuid}/start`, { token: owner });
      expect(res.text).not.toContain(word);
      expect(res.status, res.text).toBe(200);
      await settled;
      expect(log.states(uuid)).toContain('Running');
      const buffer = await adopted.request('GET', `/instance/${uuid}/console/buffer`, {
        token: owner,
      });
      expect(buffer.text).not.toContain(word);
      expect(JSON.stringify(log.events)).not.toContain(word);
      await adopted.request('PUT', `/instance/${uuid}/kill`, { token: owner });
      log.close();
    } finally {
      await adopted.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
