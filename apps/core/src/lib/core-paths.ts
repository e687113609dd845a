import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `apps/core`, found by walking up from this module to the package.json named `@hearth/core`: the
 * same answer whether the core runs from its TypeScript sources or from its bundle in `dist/`, so
 * every file the core ships (migrations, the definition runner, shipped definitions, the README)
 * is named from here instead of from a module's own location.
 */
function findCoreRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
      if (name === '@hearth/core') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @hearth/core package folder');
    dir = parent;
  }
}

export const CORE_ROOT = findCoreRoot();
/** The repository (or installation) root: `apps/core/../..`. */
export const HEARTH_ROOT = path.resolve(CORE_ROOT, '..', '..');

/** A path under `apps/core`. */
export function corePath(...parts: string[]): string {
  return path.join(CORE_ROOT, ...parts);
}
