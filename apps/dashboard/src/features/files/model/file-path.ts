// Client paths as the core speaks them (core-api.md §1.4.14): relative to the instance root,
// `/`-separated, the root itself is '.'.

export const ROOT_PATH = '.';

/** The `path` query parameter as a directory path: missing, empty or `/` mean the root. */
export function normalizeDirPath(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return ROOT_PATH;
  const parts = raw.split('/').filter((part) => part !== '' && part !== '.');
  return parts.length === 0 ? ROOT_PATH : parts.join('/');
}

export function isRootPath(path: string): boolean {
  return normalizeDirPath(path) === ROOT_PATH;
}

/** `a/b` + `c` → `a/b/c`; the root has no prefix. */
export function joinPath(dir: string, name: string): string {
  const base = normalizeDirPath(dir);
  return base === ROOT_PATH ? name : `${base}/${name}`;
}

/** `a/b/c` → `a/b`; a top-level name → '.'. */
export function parentPath(path: string): string {
  const normalized = normalizeDirPath(path);
  const cut = normalized.lastIndexOf('/');
  return cut === -1 ? ROOT_PATH : normalized.slice(0, cut);
}

/** Whether `path` is `ancestor` or lies somewhere below it. */
export function isSameOrInside(path: string, ancestor: string): boolean {
  const p = normalizeDirPath(path);
  const a = normalizeDirPath(ancestor);
  if (a === ROOT_PATH) return true;
  return p === a || p.startsWith(`${a}/`);
}

export interface PathCrumb {
  name: string;
  path: string;
}

/** The folders from the root down to `path` (the root is not included). */
export function pathCrumbs(path: string): PathCrumb[] {
  const normalized = normalizeDirPath(path);
  if (normalized === ROOT_PATH) return [];
  const parts = normalized.split('/');
  return parts.map((name, i) => ({ name, path: parts.slice(0, i + 1).join('/') }));
}
