import { deno } from './deno-api.ts';

// Folder helpers for macros such as backups. Paths are relative to the instance folder (the task's
// working directory) or absolute inside it; Deno refuses anything outside.

/** Creates a folder and its parents; an existing folder is fine. */
export async function ensureDir(path: string): Promise<void> {
  await deno.mkdir(path, { recursive: true });
}

/** Names in a folder, sorted. */
export async function listDir(path: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of deno.readDir(path)) names.push(entry.name);
  return names.sort();
}

/** Removes a file or a whole folder. */
export async function removePath(path: string): Promise<void> {
  await deno.remove(path, { recursive: true });
}

/**
 * Copies a folder tree. Symbolic links are skipped, never followed: a link planted in a world folder
 * must not drag outside files into a backup.
 */
export async function copyDir(from: string, to: string): Promise<number> {
  await deno.mkdir(to, { recursive: true });
  let files = 0;
  for await (const entry of deno.readDir(from)) {
    const source = `${from}/${entry.name}`;
    const target = `${to}/${entry.name}`;
    if (entry.isSymlink) continue;
    if (entry.isDirectory) files += await copyDir(source, target);
    else if (entry.isFile) {
      await deno.copyFile(source, target);
      files++;
    }
  }
  return files;
}

/** True when something (file, folder or link) exists at `path`. */
export async function exists(path: string): Promise<boolean> {
  try {
    await deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}
