// Builds FakeServer.java into a runnable jar with javac + jar (JDK 17 on PATH), cached by the
// source's hash so repeated calls (and parallel test files) reuse one jar.
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SOURCE = fileURLToPath(new URL('./FakeServer.java', import.meta.url));

async function tool(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { timeout: 120_000 });
  } catch (error) {
    const failure = error as { stderr?: string; message: string };
    throw new Error(`${command} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

/** Returns the path of `fake-minecraft-<hash>.jar` in outDir, compiling it only when missing. */
export async function compileFakeServerJar(outDir: string): Promise<string> {
  const source = await readFile(SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const jarPath = join(outDir, `fake-minecraft-${hash}.jar`);
  if (existsSync(jarPath)) return jarPath;

  const work = join(outDir, `.build-${randomUUID()}`);
  const classes = join(work, 'classes');
  await mkdir(classes, { recursive: true });
  try {
    // -XDignore.symbol.file: quiet the warnings about sun.misc.Signal (used for fake.ignoreStop).
    await tool('javac', ['--release', '17', '-XDignore.symbol.file', '-d', classes, SOURCE]);
    const tempJar = join(work, 'fake.jar');
    await tool('jar', [
      '--create',
      '--file',
      tempJar,
      '--main-class',
      'FakeServer',
      '-C',
      classes,
      '.',
    ]);
    await rename(tempJar, jarPath);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return jarPath;
}
