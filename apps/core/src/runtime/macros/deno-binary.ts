import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { internal } from '../../errors.ts';
import { corePath } from '../../lib/core-paths.ts';

/** The `@deno/<target>` package that carries this platform's binary (as the `deno` package names them). */
function platformPackage(): string {
  const arch = process.arch === 'x64' || process.arch === 'arm64' ? process.arch : null;
  if (arch === null) throw internal('Macros need Deno, which has no build for this CPU');
  if (process.platform === 'linux') return `@deno/linux-${arch}-glibc`;
  if (process.platform === 'darwin' || process.platform === 'win32')
    return `@deno/${process.platform}-${arch}`;
  throw internal('Macros need Deno, which has no build for this operating system');
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

let cached: string | undefined;

/**
 * The Deno executable installed by the npm package `deno`. Its postinstall script links the
 * platform binary into the package folder; when install scripts were skipped (`--ignore-scripts`,
 * npm's script policy) the binary is taken from the platform package it depends on, which npm
 * installs either way.
 */
export function denoBinaryPath(): string {
  if (cached !== undefined) return cached;
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const require = createRequire(corePath('package.json'));
  let packageJson: string;
  try {
    packageJson = require.resolve('deno/package.json');
  } catch {
    throw internal('Macros need Deno: the npm package "deno" is not installed');
  }
  const linked = path.join(path.dirname(packageJson), exe);
  if (executable(linked)) return (cached = linked);
  const fromDeno = createRequire(packageJson);
  const target = platformPackage();
  let platformJson: string;
  try {
    platformJson = fromDeno.resolve(`${target}/package.json`);
  } catch {
    throw internal(`Macros need Deno: the npm package "${target}" is not installed`);
  }
  const binary = path.join(path.dirname(platformJson), exe);
  if (!executable(binary)) throw internal(`Macros need Deno: ${target} has no runnable binary`);
  return (cached = binary);
}
