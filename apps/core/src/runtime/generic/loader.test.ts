import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupValue } from '@hearth/protocol';
import { GenericDefinitionError } from './errors.ts';
import {
  isStoredBundle,
  loadGenericDefinition,
  resolveConfigurableSections,
  resolveStartPlan,
  runInstall,
  runInstallWithPlan,
  startPlanKey,
} from './loader.ts';

const MANIFEST = `{
  setting_sections: {
    section_1: {
      section_id: 'section_1',
      name: 'Basic Settings',
      description: '',
      settings: {
        port: {
          setting_id: 'port', name: 'Port', description: 'Port',
          value: null, value_type: { type: 'UnsignedInteger', min: 0, max: 65535 },
          default_value: { type: 'UnsignedInteger', value: 7777 },
          is_secret: false, is_required: true, is_mutable: true,
        },
      },
    },
  },
}`;

/** A well-formed definition; `parts` replaces members to make broken variants. */
function definitionSource(
  parts: Partial<Record<'setupManifest' | 'install' | 'start' | 'extra' | 'prelude', string>> = {},
): string {
  return `
import { z } from 'zod';
import { greeting } from './helper.ts';
${parts.prelude ?? ''}
const definition = {
  game_name: 'testgame',
  game_display_name: greeting('Test Game'),
  setupManifest: ${parts.setupManifest ?? `() => (${MANIFEST})`},
  install: ${
    parts.install ??
    `async (ctx: any) => {
      const { writeFile } = await import('node:fs/promises');
      ctx.progress(0.25, 'writing');
      await writeFile(ctx.instanceDir + '/settings.json', JSON.stringify(ctx.values));
      ctx.progress(1, 'done');
      return { version: '1.0', port: z.number().parse(ctx.values.port), config: { motd: 'hi' } };
    }`
  },
  start: ${parts.start ?? `(ctx: any) => ({ command: 'node', args: ['server.js', String(ctx.port), String(ctx.config.motd)] })`},
  stop: { command: 'quit' },
  output: { started: 'Ready!', join: '(\\\\w+) joined' },
  ping: { kind: 'minecraft' },
  ${parts.extra ?? ''}
};
export default definition;
`;
}

let root: string;
let cacheDir: string;
let server: Server;
let baseUrl: string;
const served = new Map<string, string>();

async function writeDefinition(
  name: string,
  source: string,
  helper = "export const greeting = (s: string): string => s + '!';",
): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'main.ts'), source);
  await writeFile(join(dir, 'helper.ts'), helper);
  return pathToFileURL(join(dir, 'main.ts')).href;
}

async function loadError(url: string): Promise<GenericDefinitionError> {
  const error = await loadGenericDefinition(url, { cacheDir, allowPrivate: true }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GenericDefinitionError);
  const message = (error as Error).message;
  expect(message).not.toMatch(/\n\s+at /);
  return error as GenericDefinitionError;
}

function setupValue(port: number): SetupValue {
  return {
    name: 'x',
    description: null,
    auto_start: false,
    restart_on_crash: false,
    setting_sections: {
      section_1: { settings: { port: { value: { type: 'UnsignedInteger', value: port } } } },
    },
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hearth-generic-'));
  cacheDir = join(root, 'cache');
  server = createServer((req, res) => {
    const body = served.get(req.url ?? '');
    if (body === undefined) {
      res.writeHead(404).end('not here');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('loadGenericDefinition', () => {
  it('loads a TypeScript definition from file:// with relative and package imports', async () => {
    const url = await writeDefinition('good', definitionSource());
    const loaded = await loadGenericDefinition(url, { cacheDir, allowPrivate: true });
    expect(loaded.game).toEqual({
      type: 'Generic',
      game_name: 'testgame',
      game_display_name: 'Test Game!',
    });
    expect(loaded.stop).toEqual({ command: 'quit' });
    expect(loaded.output).toEqual({ started: 'Ready!', join: '(\\w+) joined' });
    expect(loaded.ping).toEqual({ kind: 'minecraft' });
    expect(loaded.hasConfigurableManifest).toBe(false);
    expect(loaded.setupManifest.setting_sections.section_1?.settings.port?.default_value).toEqual({
      type: 'UnsignedInteger',
      value: 7777,
    });
    expect(loaded.bundlePath.startsWith(cacheDir)).toBe(true);
    expect(existsSync(loaded.bundlePath)).toBe(true);
  });

  it('keeps a bundle it stored already (a sandbox binding that file at the moment must find it)', async () => {
    const url = await writeDefinition('twice', definitionSource());
    const first = await loadGenericDefinition(url, { cacheDir, allowPrivate: true });
    const before = await lstat(first.bundlePath);
    const second = await loadGenericDefinition(url, { cacheDir, allowPrivate: true });
    expect(second.bundlePath).toBe(first.bundlePath);
    // The same file, not a new one renamed over it: bubblewrap failed to bind a bundle replaced
    // while it mounted it ("Can't bind mount …"), one creation in a few hundred at 6 at once.
    expect((await lstat(second.bundlePath)).ino).toBe(before.ino);
  });

  it('loads from a local http server, fetching relative imports too', async () => {
    served.set('/defs/web/main.ts', definitionSource());
    served.set('/defs/web/helper.ts', "export const greeting = (s: string): string => 'web ' + s;");
    const loaded = await loadGenericDefinition(`${baseUrl}/defs/web/main.ts`, {
      cacheDir,
      allowPrivate: true,
    });
    expect(loaded.game.game_display_name).toBe('web Test Game');
  });

  it('reports a 404 as a fetch error', async () => {
    const error = await loadError(`${baseUrl}/defs/missing.ts`);
    expect(error.reason).toBe('fetch');
    expect(error.message).toContain('answered 404 Not Found');
    expect(error.message).toContain(`${baseUrl}/defs/missing.ts`);
  });

  it('reports a missing relative import of an http module', async () => {
    served.set('/defs/lonely/main.ts', definitionSource());
    const error = await loadError(`${baseUrl}/defs/lonely/main.ts`);
    expect(error.message).toMatch(
      /is invalid: .*main\.ts:\d+:\d+: could not read .*helper\.ts: .*answered 404/,
    );
  });

  it('rejects unsupported schemes and missing files', async () => {
    expect((await loadError('ftp://example.invalid/x.ts')).message).toContain(
      'unsupported URL scheme',
    );
    expect((await loadError(pathToFileURL(join(root, 'nope.ts')).href)).message).toContain(
      'no such file',
    );
  });

  it('reports a syntax error without a stack', async () => {
    const url = await writeDefinition('syntax', 'export default { game_name: ;');
    expect((await loadError(url)).message).toMatch(
      /is invalid: it does not compile: .*main\.ts:1:/,
    );
  });

  it('rejects a module without a default export', async () => {
    const url = await writeDefinition('nodefault', 'export const x = 1;');
    expect((await loadError(url)).message).toContain(
      'is invalid: the module has no default export',
    );
  });

  it('rejects a garbage default export', async () => {
    const url = await writeDefinition('garbage', 'export default 42;');
    expect((await loadError(url)).message).toContain(
      'the default export must be an object, got number',
    );
  });

  it('rejects a definition that lacks install()', async () => {
    const url = await writeDefinition(
      'noinstall',
      definitionSource({ install: "'not a function'" }),
    );
    expect((await loadError(url)).message).toContain('install must be a function');
  });

  it('rejects an invalid output regex and an unknown stop method', async () => {
    const badRegex = await writeDefinition(
      'badregex',
      definitionSource().replace("started: 'Ready!'", "started: '(unclosed'"),
    );
    expect((await loadError(badRegex)).message).toMatch(
      /output\.started: is not a valid regular expression/,
    );
    const badStop = await writeDefinition(
      'badstop',
      definitionSource().replace("stop: { command: 'quit' }", "stop: { signal: 'SIGHUP' }"),
    );
    expect((await loadError(badStop)).message).toMatch(/wrong shape \(stop/);
  });

  it('reports a module that throws while loading', async () => {
    const url = await writeDefinition(
      'throws',
      definitionSource({ prelude: "throw new Error('boom at load');" }),
    );
    const error = await loadError(url);
    expect(error.reason).toBe('invalid');
    expect(error.message).toContain('the module threw while loading: boom at load');
  });

  it('reports setupManifest() throwing', async () => {
    const url = await writeDefinition(
      'manifestthrows',
      definitionSource({ setupManifest: "() => { throw new Error('no manifest'); }" }),
    );
    expect((await loadError(url)).message).toBe(
      `Generic definition at ${url} failed: setupManifest() threw: no manifest`,
    );
  });

  it('rejects a setupManifest() of the wrong shape', async () => {
    const url = await writeDefinition(
      'badmanifest',
      definitionSource({
        setupManifest: "async () => ({ setting_sections: { s: { name: 'x' } } })",
      }),
    );
    expect((await loadError(url)).message).toMatch(
      /is invalid: setupManifest\(\) returned an invalid manifest \(setting_sections\.s\./,
    );
  });
});

describe('where a definition may come from', () => {
  it("refuses a file:// definition inside a hidden folder (the core's data directory)", async () => {
    const url = await writeDefinition('hidden', definitionSource());
    const error = await loadGenericDefinition(url, {
      cacheDir,
      hiddenDirs: [root],
      allowPrivate: true,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GenericDefinitionError);
    expect((error as Error).message).toBe(
      `Could not fetch the generic definition at ${url}: it lies inside the core's data directory`,
    );
  });

  it('names only bundles it stored itself as stored bundles', async () => {
    const loaded = await loadGenericDefinition(
      await writeDefinition('stored', definitionSource()),
      { cacheDir, allowPrivate: true },
    );
    expect(isStoredBundle(cacheDir, loaded.bundlePath)).toBe(true);
    const name = loaded.bundlePath.slice(cacheDir.length + 1);
    for (const other of [
      join(root, name),
      `${cacheDir}/../cache/${name}`,
      `${cacheDir}/./${name}`,
      join(cacheDir, 'evil.mjs'),
      join(cacheDir, 'sub', name),
      `cache/${name}`,
      '/etc/shadow',
    ])
      expect(isStoredBundle(cacheDir, other), other).toBe(false);
  });
});

/** Writes definition `name` and loads it (private addresses allowed: the tests serve it locally). */
async function writeAndLoad(name: string, source: string) {
  const url = await writeDefinition(name, source);
  return { url, loaded: await loadGenericDefinition(url, { cacheDir, allowPrivate: true }) };
}

/** writeAndLoad, plus an empty instance folder `instance-<name>` to install into. */
async function loadForInstall(name: string, source: string) {
  const { url, loaded } = await writeAndLoad(name, source);
  const instanceDir = join(root, `instance-${name}`);
  await mkdir(instanceDir);
  return { url, loaded, instanceDir };
}

describe('runInstall / resolveStartPlan', () => {
  it('runs install() in the instance folder, relaying progress, and validates the result', async () => {
    const { url, loaded, instanceDir } = await loadForInstall(
      'install',
      definitionSource({ prelude: "console.log('noise on stdout');" }),
    );
    const progress: [number, string][] = [];
    const output: string[] = [];
    const result = await runInstall(
      loaded.bundlePath,
      { definitionUrl: url, instanceDir, setupValue: setupValue(4242) },
      (fraction, message) => progress.push([fraction, message]),
      { onOutput: (line) => output.push(line) },
    );
    expect(result).toEqual({
      version: '1.0',
      port: 4242,
      max_players: null,
      config: { motd: 'hi' },
    });
    expect(progress).toEqual([
      [0.25, 'writing'],
      [1, 'done'],
    ]);
    expect(output).toContain('noise on stdout');
    expect(JSON.parse(await readFile(join(instanceDir, 'settings.json'), 'utf8'))).toEqual({
      port: 4242,
    });
  });

  it('rejects an install result of the wrong shape', async () => {
    const { url, loaded, instanceDir } = await loadForInstall(
      'badinstall',
      definitionSource({ install: "async () => ({ version: '1', port: 70000 })" }),
    );
    await expect(
      runInstall(
        loaded.bundlePath,
        { definitionUrl: url, instanceDir, setupValue: setupValue(1) },
        () => undefined,
      ),
    ).rejects.toThrow(/install\(\) returned an invalid result \(port:/);
  });

  it('says what the definition printed last when its process exits without answering', async () => {
    const { url, loaded, instanceDir } = await loadForInstall(
      'dies',
      definitionSource({
        install:
          "async () => { console.error('first line'); console.error('\\u001b[31mdisk on fire\\u001b[0m'); process.exit(1); }",
      }),
    );
    const error = await runInstall(
      loaded.bundlePath,
      { definitionUrl: url, instanceDir, setupValue: setupValue(1) },
      () => undefined,
    ).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(
      /exited \(code 1\) before answering: first line \/ disk on fire$/,
    );
  });

  it('times out an install that never finishes', async () => {
    const { url, loaded } = await writeAndLoad(
      'hang',
      definitionSource({ install: '() => new Promise(() => setInterval(() => undefined, 1000))' }),
    );
    await expect(
      runInstall(
        loaded.bundlePath,
        { definitionUrl: url, instanceDir: root, setupValue: setupValue(1) },
        () => undefined,
        { timeoutMs: 300 },
      ),
    ).rejects.toThrow(/failed: install did not finish within/);
  });

  it('resolves and validates a start plan', async () => {
    const { url, loaded } = await writeAndLoad('start', definitionSource());
    const plan = await resolveStartPlan(loaded.bundlePath, {
      definitionUrl: url,
      instanceDir: root,
      port: 9000,
      config: { motd: 'yo' },
    });
    expect(plan).toEqual({ command: 'node', args: ['server.js', '9000', 'yo'], env: {}, cwd: '.' });
    expect(
      await resolveConfigurableSections(loaded.bundlePath, {
        definitionUrl: url,
        instanceDir: root,
        port: 9000,
        config: {},
      }),
    ).toEqual({});
  });

  it('rejects a start plan that leaves the instance folder', async () => {
    const { url, loaded } = await writeAndLoad(
      'escape',
      definitionSource({ start: "() => ({ command: 'node', cwd: '../elsewhere' })" }),
    );
    await expect(
      resolveStartPlan(loaded.bundlePath, {
        definitionUrl: url,
        instanceDir: root,
        port: 1,
        config: {},
      }),
    ).rejects.toThrow(
      /start\(\) returned an invalid start plan \(cwd: must stay inside the instance folder\)/,
    );
  });

  it('installs and asks start() in one process for the port and config the install answered', async () => {
    const { url, loaded, instanceDir } = await loadForInstall('withplan', definitionSource());
    const { install, startPlan } = await runInstallWithPlan(
      loaded.bundlePath,
      { definitionUrl: url, instanceDir, setupValue: setupValue(4343) },
      () => undefined,
    );
    expect(install).toMatchObject({ port: 4343, config: { motd: 'hi' } });
    const inputs = { definitionUrl: url, instanceDir, port: 4343, config: { motd: 'hi' } };
    expect(startPlan).toEqual({
      key: startPlanKey(loaded.bundlePath, inputs),
      plan: await resolveStartPlan(loaded.bundlePath, inputs),
    });
    for (const changed of [{ port: 4344 }, { config: { motd: 'yo' } }, { instanceDir: root }])
      expect(startPlanKey(loaded.bundlePath, { ...inputs, ...changed })).not.toBe(startPlan?.key);
    expect(startPlanKey(`${loaded.bundlePath}x`, inputs)).not.toBe(startPlan?.key);
  });

  it('installs without a plan when start() throws or answers an invalid plan', async () => {
    for (const [name, start] of [
      ['planthrows', "() => { throw new Error('not now'); }"],
      ['planinvalid', "() => ({ command: 'node', cwd: '/etc' })"],
    ] as const) {
      const { url, loaded, instanceDir } = await loadForInstall(name, definitionSource({ start }));
      const outcome = await runInstallWithPlan(
        loaded.bundlePath,
        { definitionUrl: url, instanceDir, setupValue: setupValue(1) },
        () => undefined,
      );
      expect(outcome).toEqual({
        install: { version: '1.0', port: 1, max_players: null, config: { motd: 'hi' } },
        startPlan: null,
      });
    }
  });
});
