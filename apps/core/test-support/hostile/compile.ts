// Builds Hostile.java into a class folder with javac (JDK 17 on PATH), cached by the source's hash
// so parallel test files share one build.
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SOURCE = fileURLToPath(new URL('./Hostile.java', import.meta.url));

/** Returns a folder holding Hostile.class (for `java -cp <folder> Hostile`), compiling when missing. */
export async function compileHostile(outDir: string): Promise<string> {
  const source = await readFile(SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const classes = join(outDir, `hostile-${hash}`);
  if (existsSync(join(classes, 'Hostile.class'))) return classes;
  const work = join(outDir, `.build-${randomUUID()}`);
  await mkdir(work, { recursive: true });
  try {
    await run('javac', ['--release', '17', '-d', work, SOURCE], { timeout: 120_000 });
    await rename(work, classes).catch(async (error: NodeJS.ErrnoException) => {
      // Another test file finished the same build first.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return classes;
}
