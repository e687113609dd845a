// A sandbox that runs as an unprivileged uid must own its instance folder. The folder is also
// written by hostile code (a previous run, a definition call running beside this one), so the walk
// never follows a link: every entry is reached through its parent's open descriptor
// (/proc/self/fd/N/name, the equivalent of openat) and changed through its own descriptor.
import { constants } from 'node:fs';
import { lstat, open, readdir, type FileHandle } from 'node:fs/promises';

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Gives the folder and everything in it (same filesystem, no links followed) to uid:gid. */
export async function chownTree(root: string, uid: number, gid: number): Promise<void> {
  const top = await open(root, OPEN_FLAGS | constants.O_DIRECTORY);
  try {
    const info = await top.stat();
    await visit(top, info.dev, uid, gid);
  } finally {
    await top.close();
  }
}

async function visit(dir: FileHandle, device: number, uid: number, gid: number): Promise<void> {
  const info = await dir.stat();
  if (info.uid !== uid || info.gid !== gid) await dir.chown(uid, gid);
  const base = `/proc/self/fd/${dir.fd}`;
  for (const name of await readdir(base)) {
    const entry = `${base}/${name}`;
    const seen = await lstat(entry).catch(() => null);
    // Links keep their owner (nothing follows them here); sockets and fifos belong to the game.
    if (seen === null || seen.dev !== device) continue;
    if (!seen.isDirectory() && !seen.isFile()) continue;
    if (seen.isFile() && seen.uid === uid && seen.gid === gid) continue;
    // A file with several names may have one outside the folder (made while unsandboxed): leave it.
    if (seen.isFile() && seen.nlink > 1) continue;
    let handle: FileHandle;
    try {
      handle = await open(entry, OPEN_FLAGS);
    } catch {
      continue; // Replaced by a link or removed meanwhile.
    }
    try {
      const opened = await handle.stat();
      if (opened.isDirectory()) await visit(handle, device, uid, gid);
      else if (opened.isFile() && opened.nlink === 1 && (opened.uid !== uid || opened.gid !== gid))
        await handle.chown(uid, gid);
    } finally {
      await handle.close();
    }
  }
}
