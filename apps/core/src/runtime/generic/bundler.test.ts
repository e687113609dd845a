import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../../lib/address-guard.ts';
import { bundleDefinition } from './bundler.ts';
import { GenericDefinitionError } from './errors.ts';

/** This process's children whose command name starts with `name`. */
function childrenNamed(name: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && comm.startsWith(name)) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-bundler-'));
  await writeFile(path.join(dir, 'def.ts'), 'export default { answer: 42 as number };\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('bundleDefinition', () => {
  it("stops esbuild's helper process once idle, and starts it again for the next bundle", async () => {
    const url = pathToFileURL(path.join(dir, 'def.ts')).href;
    const code = await bundleDefinition(url, {
      fetchTimeoutMs: 5000,
      idleMs: 20,
      allowPrivate: true,
    });
    expect(code).toContain('42');
    for (let i = 0; i < 200 && childrenNamed('esbuild').length > 0; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(childrenNamed('esbuild')).toEqual([]);
    const again = await bundleDefinition(url, {
      fetchTimeoutMs: 5000,
      idleMs: 20,
      allowPrivate: true,
    });
    expect(again).toContain('42');
  });
});

/** Writes `files` (name → text) into a new folder under the test's folder; returns main.ts's URL. */
async function folderWith(name: string, files: Record<string, string>): Promise<string> {
  const folder = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), text);
  }
  return pathToFileURL(path.join(folder, 'main.ts')).href;
}

const bundle = (url: string, hiddenDirs: string[] = []) =>
  bundleDefinition(url, { fetchTimeoutMs: 5000, hiddenDirs, allowPrivate: true });

async function bundleError(url: string, hiddenDirs: string[] = []): Promise<string> {
  const error = await bundle(url, hiddenDirs).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GenericDefinitionError);
  return (error as Error).message;
}

describe('what esbuild reads for a file:// definition', () => {
  it('ignores every tsconfig.json and package.json around the definition', async () => {
    await writeFile(path.join(dir, 'secret.txt'), 'TOPSECRET words');
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: './secret.txt' }));
    const url = await folderWith('configured', {
      // verbatimModuleSyntax would keep the type-only import, which names no file.
      'tsconfig.json': JSON.stringify({ compilerOptions: { verbatimModuleSyntax: true } }),
      'package.json': JSON.stringify({ imports: { '#own': './own.ts' }, browser: './other.ts' }),
      'main.ts': "import { Shape } from './types.ts';\nconst s: Shape = 1;\nexport default s;\n",
    });
    const code = await bundle(url);
    expect(code).not.toContain('TOPSECRET');
    expect(code).not.toContain('types.ts');
    expect(await bundleError(await folderWith('aliased', { 'main.ts': "import '#own';" }))).toMatch(
      /the import "#own" is refused/,
    );
  });

  it("bundles the definition's own files, JSON and bytes, and points packages at Hearth's", async () => {
    const url = await folderWith('own', {
      'main.ts': `import { word } from './lib/word.ts';
import data from './lib/data.json';
import icon from './icon.bin' with { type: 'bytes' };
import versions from 'flying-squid/src/lib/version.js';
export default { word, data, size: icon.length, versions };`,
      'lib/word.ts': "export const word = 'own words';",
      'lib/data.json': '{"answer": 42}',
      'icon.bin': 'ICONBYTES',
    });
    const code = await bundle(url);
    expect(code).toContain('own words');
    expect(code).toContain('42');
    expect(code).toContain(Buffer.from('ICONBYTES').toString('base64'));
    expect(code).toMatch(
      /from "file:\/\/\/[^"]*\/node_modules\/flying-squid\/src\/lib\/version\.js"/,
    );
  });

  it('reads no file through a link that leaves the folder, nor one other users may not read', async () => {
    await writeFile(path.join(dir, 'outside.ts'), "export default 'OUTSIDE';");
    const linkedImport = await folderWith('linked-import', {
      'main.ts': "import x from './inside.ts'; export default x;",
    });
    await symlink(path.join(dir, 'outside.ts'), path.join(dir, 'linked-import', 'inside.ts'));
    expect(await bundleError(linkedImport)).toMatch(
      /main\.ts:1:14: could not read inside\.ts: .*symbolic link/,
    );

    const linkedEntry = path.join(dir, 'linked-entry');
    await mkdir(linkedEntry);
    await symlink(path.join(dir, 'outside.ts'), path.join(linkedEntry, 'main.ts'));
    expect(await bundleError(pathToFileURL(path.join(linkedEntry, 'main.ts')).href)).toMatch(
      /^Could not fetch .*: .*symbolic link/,
    );

    const privateUrl = await folderWith('private', {
      'main.ts': "import x from './key.ts'; export default x;",
      'key.ts': "export default 'PRIVATE';",
    });
    await chmod(path.join(dir, 'private', 'key.ts'), 0o600);
    expect(await bundleError(privateUrl)).toMatch(
      /could not read key\.ts: it is not readable by every user \(mode 0600\)/,
    );
    await chmod(path.join(dir, 'private', 'main.ts'), 0o640);
    expect(await bundleError(privateUrl)).toMatch(/^Could not fetch .*mode 0640/);
  });

  it('reads nothing inside a hidden folder, even one inside its own folder', async () => {
    const url = await folderWith('holds-data', {
      'main.ts': "import x from './data/hearth.ts'; export default x;",
      'data/hearth.ts': "export default 'DATA';",
    });
    const hidden = path.join(dir, 'holds-data', 'data');
    expect(await bundleError(url, [hidden])).toMatch(
      /could not read data\/hearth\.ts: it lies inside the core's data directory/,
    );
    expect(await bundleError(url, [path.join(dir, 'holds-data')])).toMatch(
      /^Could not fetch .*: it lies inside the core's data directory/,
    );
    expect(await bundle(url)).toContain('DATA');
  });
});

describe('an http(s) definition and the outbound guard', () => {
  let server: Server;
  let port = 0;
  const seen: string[] = [];
  const files: Record<string, string> = {
    '/def/main.ts': "import { word } from './lib/word.ts';\nexport default { word };\n",
    '/def/lib/word.ts': "export const word: string = 'pinned';\n",
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      const body = files[req.url ?? ''];
      if (body === undefined) res.writeHead(404).end();
      else res.writeHead(200).end(body);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it('judges the host once: every module comes from the address judged for the entry', async () => {
    // A name whose second answer points elsewhere (DNS rebinding): only the first is ever used.
    const answers = ['127.0.0.1', '192.0.2.1'];
    const asked: string[] = [];
    const resolve: Resolver = (host) => {
      asked.push(host);
      return Promise.resolve([{ address: answers.shift() ?? '192.0.2.1', family: 4 }]);
    };
    const code = await bundleDefinition(`http://defs.test:${port}/def/main.ts`, {
      fetchTimeoutMs: 5000,
      allowPrivate: true,
      resolve,
    });
    expect(code).toContain('pinned');
    expect(asked).toEqual(['defs.test']);
    expect(seen).toEqual(['/def/main.ts', '/def/lib/word.ts']);
  });

  it('refuses a private address before any request when private targets are not allowed', async () => {
    const before = seen.length;
    const resolve: Resolver = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    const error = await bundleDefinition(`http://defs.test:${port}/def/main.ts`, {
      fetchTimeoutMs: 5000,
      allowPrivate: false,
      resolve,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GenericDefinitionError);
    expect((error as Error).message).toMatch(
      /^Could not fetch the generic definition at .*: defs\.test resolves to 127\.0\.0\.1, a loopback, link-local or private address/,
    );
    expect(seen.length).toBe(before);
  });
});
