// Issue 22: this folder reaches instance folders only through instance-folder.ts (the file
// sandbox) and runs programs only through the sandbox's runOnce. A new `node:fs` or
// `node:child_process` import elsewhere fails here, so it is a decision rather than an accident.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HANDLER = path.join(HERE, '..', 'handlers', 'minecraft-handler.ts');

/** Files allowed to use node:fs, and on what. */
const FS_ALLOWED: Record<string, string> = {
  'instance-folder.ts': 'instance folders, only through FileSandbox descriptors',
  'launch-policy.ts': 'the Java command: host paths outside every instance folder',
  'java.ts': "the JREs Hearth downloads into its own data folder's bin/java",
};

const importsOf = (source: string): string[] =>
  [...source.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

async function sources(): Promise<[string, string][]> {
  const names = (await readdir(HERE)).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'));
  const files = [...names.map((n) => path.join(HERE, n)), HANDLER];
  return Promise.all(
    files.map(async (file): Promise<[string, string]> => [file, await readFile(file, 'utf8')]),
  );
}

describe('runtime/minecraft and the Minecraft handler', () => {
  it('touch the file system only where that is the point of the file', async () => {
    const offenders: string[] = [];
    for (const [file, source] of await sources()) {
      const usesFs = importsOf(source).some((m) => m === 'node:fs' || m === 'node:fs/promises');
      if (usesFs && !Object.hasOwn(FS_ALLOWED, path.basename(file)))
        offenders.push(path.basename(file));
    }
    expect(offenders).toEqual([]);
  });

  it('never start a process themselves (Java runs through the sandbox)', async () => {
    const offenders: string[] = [];
    for (const [file, source] of await sources()) {
      if (importsOf(source).some((m) => m === 'node:child_process'))
        offenders.push(path.basename(file));
    }
    expect(offenders).toEqual([]);
  });
});
