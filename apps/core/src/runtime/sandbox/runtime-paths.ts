// Which host folders a launch needs to see read-only besides the system: the program it runs
// (a Java home, a node or Deno binary outside /usr), Hearth's own installation, a definition's folder.
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Host folders every sandbox sees read-only (the system runtime). Masks in /etc hide secrets. */
export const SYSTEM_READ_ONLY = ['/usr', '/etc'];
/** Top-level names that are folders on older systems and links into /usr on merged-/usr ones. */
export const SYSTEM_LINKS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/**
 * The folder holding Hearth's code and node_modules (`apps/core/src/runtime/sandbox` → repository
 * root): generic definitions import packages from it and run `definition-runner.mjs` out of it.
 */
export { HEARTH_ROOT } from '../../lib/core-paths.ts';

export function isInside(child: string, parent: string): boolean {
  if (parent === '/') return child.startsWith('/');
  return child === parent || child.startsWith(`${parent}/`);
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `java` → `/usr/bin/java` through PATH (as spawn would); absolute and relative names stay as they are. */
export function resolveCommand(command: string, searchPath: string, cwd: string): string | null {
  if (command.includes('/')) {
    const absolute = path.resolve(cwd, command);
    return isExecutableFile(absolute) ? absolute : null;
  }
  for (const dir of searchPath.split(':')) {
    if (dir === '') continue;
    const candidate = path.join(dir, command);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/**
 * The folder a program needs around itself: `<home>/bin/java` → `<home>` (a JDK finds its libraries
 * from its own location), anything else → its own folder (a Deno binary from npm). Null for
 * programs inside the system folders, which every sandbox sees anyway.
 */
export function programHome(resolved: string): string | null {
  let real: string;
  try {
    real = realpathSync(resolved);
  } catch {
    return null;
  }
  if (SYSTEM_READ_ONLY.some((dir) => isInside(real, dir))) return null;
  const dir = path.dirname(real);
  return path.basename(dir) === 'bin' ? path.dirname(dir) : dir;
}

/**
 * What a generic definition needs beyond Hearth's installation: the folder of a `file://`
 * definition (it may start files shipped beside it). Nothing for http(s) definitions, which are
 * bundled whole.
 */
export function definitionReadOnlyPaths(definitionUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(definitionUrl);
  } catch {
    return [];
  }
  if (url.protocol !== 'file:') return [];
  return [path.dirname(fileURLToPath(url))];
}
