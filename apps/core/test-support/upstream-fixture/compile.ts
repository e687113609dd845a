import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import yazl from 'yazl';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const SOURCES = ['FakeForgeInstaller.java', 'TinyServer.java'];

let compiled: Promise<string> | null = null;

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Compiles the fixture's Java programs with `javac` (Java 17) into a folder under os.tmpdir() named
 * by the hash of their sources, so later calls and other test files reuse it. Returns that folder.
 */
export function compileFixtureClasses(): Promise<string> {
  compiled ??= (async () => {
    const hash = createHash('sha256');
    for (const name of SOURCES) hash.update(name).update(await readFile(path.join(here, name)));
    const dir = path.join(
      os.tmpdir(),
      `hearth-upstream-fixture-${hash.digest('hex').slice(0, 16)}`,
    );
    if (await exists(path.join(dir, 'complete'))) return dir;
    const staging = `${dir}.${randomBytes(4).toString('hex')}`;
    await mkdir(staging, { recursive: true });
    try {
      await run('javac', [
        '--release',
        '17',
        '-d',
        staging,
        ...SOURCES.map((n) => path.join(here, n)),
      ]);
      await writeFile(path.join(staging, 'complete'), '');
      await rename(staging, dir).catch(async (err: unknown) => {
        // Another test worker finished first: use its copy.
        if (!(await exists(path.join(dir, 'complete')))) throw err;
      });
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
    return dir;
  })();
  compiled.catch(() => (compiled = null));
  return compiled;
}

/** Builds a jar in memory: a manifest naming `mainClass`, its class file and extra entries. */
export async function buildJar(
  mainClass: string,
  extra: Record<string, Buffer> = {},
): Promise<Buffer> {
  const classes = await compileFixtureClasses();
  const zip = new yazl.ZipFile();
  const mtime = new Date(Date.UTC(2024, 0, 1));
  zip.addBuffer(
    Buffer.from(`Manifest-Version: 1.0\r\nMain-Class: ${mainClass}\r\n\r\n`),
    'META-INF/MANIFEST.MF',
    {
      mtime,
    },
  );
  zip.addBuffer(await readFile(path.join(classes, `${mainClass}.class`)), `${mainClass}.class`, {
    mtime,
  });
  for (const [name, data] of Object.entries(extra)) zip.addBuffer(data, name, { mtime });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A runnable jar that prints vanilla-style start lines including `Done (…)!` and exits on `stop`. */
export function tinyServerJar(): Promise<Buffer> {
  return buildJar('TinyServer');
}

/** A fake Forge installer for `buildId` that installs `serverJar` (or fails, printing an error). */
export function forgeInstallerJar(
  buildId: string,
  serverJar: Buffer,
  fail = false,
): Promise<Buffer> {
  return buildJar('FakeForgeInstaller', {
    'hearth-forge/build.txt': Buffer.from(buildId),
    'hearth-forge/server.jar': serverJar,
    ...(fail ? { 'hearth-forge/fail': Buffer.from('1') } : {}),
  });
}
