// node:fs `globSync(patterns, { exclude })` and node:fs/promises `glob(patterns)` as @lingui/cli
// calls them (absolute or cwd-relative patterns; files and folders; `exclude` as globs), for Node 20
// (see node20-hooks.mjs).
import path from 'node:path';
import { globSync as tinyGlobSync } from 'tinyglobby';

export function globSync(patterns, options = {}) {
  const list = Array.isArray(patterns) ? patterns : [patterns];
  const exclude = Array.isArray(options.exclude) ? options.exclude : [];
  return tinyGlobSync(list, {
    cwd: options.cwd ?? process.cwd(),
    ignore: exclude,
    absolute: list.some((pattern) => path.isAbsolute(pattern)),
    onlyFiles: false,
    dot: true,
    expandDirectories: false,
  }).map((found) => found.replace(/\/$/, ''));
}

export async function* glob(patterns, options = {}) {
  yield* globSync(patterns, options);
}
