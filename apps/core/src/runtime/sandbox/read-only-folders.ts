// Folders inside an instance folder that a sandboxed program may read but never change (macro code:
// the game and the macros themselves must not rewrite what a macro runs). Each is checked and
// opened through the file sandbox right before the launch. A root bubblewrap mounts the opened
// directory itself (through /proc/<core pid>/fd/N), so a link planted at the name afterwards
// cannot redirect the mount; an unprivileged bubblewrap (in a user namespace of its own) may not
// look into the core's descriptors and mounts the checked path instead (see README.md).
import { constants } from 'node:fs';
import { readlink } from 'node:fs/promises';
import path from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import { CoreError, badRequest } from '../../errors.ts';
import { FileSandbox } from '../../lib/file-sandbox.ts';
import { isErrno } from '../../lib/fs-error.ts';

/** One folder ready to be mounted read-only: keep it open until the launch has ended. */
export interface PinnedFolder {
  /** The core's descriptor of the checked folder, as a path: `/proc/<core pid>/fd/<n>`. */
  descriptor: string;
  /** The checked folder's real path (`<instance real path>/<name>`). */
  real: string;
  /** Where it is mounted: its path inside the instance folder, as the sandbox sees it. */
  dest: string;
  close(): Promise<void>;
}

const NAME = /^[^/\0]+$/;

function causeOf(err: unknown): unknown {
  return err instanceof CoreError ? err.cause : err;
}

/**
 * Makes sure `<instanceDir>/<name>` is a real folder (creating it when missing) and opens it. A
 * symbolic link or anything else at that name refuses the launch: the owner renames or removes
 * it (nothing is moved aside behind their back).
 */
export async function pinReadOnlyFolder(instanceDir: string, name: string): Promise<PinnedFolder> {
  if (!NAME.test(name) || name === '.' || name === '..')
    throw new Error(`Not a folder name: ${name}`);
  const files = new FileSandbox(instanceDir);
  const absolute = await files.resolve(name, { followFinal: false });
  const refuse = (what: string) =>
    badRequest(
      `The instance's "${name}" is ${what}: it is shown read-only to the server and its macros, so it must be a real folder. Rename or remove it, then start again`,
    );
  const open = () =>
    files.open(absolute, constants.O_RDONLY | constants.O_DIRECTORY, 0, `Cannot open "${name}"`);
  let handle: FileHandle;
  try {
    handle = await open();
  } catch (err) {
    if (isErrno(causeOf(err), 'ELOOP', 'ENOTDIR')) {
      // The name is there but no folder opened: a link resolves to another path (or nowhere).
      const followed = await files.resolve(name).catch(() => null);
      throw refuse(followed === absolute ? 'not a folder' : 'a symbolic link');
    }
    if (!isErrno(causeOf(err), 'ENOENT')) throw err;
    await files.mkdirp(absolute);
    try {
      handle = await open();
    } catch (again) {
      if (isErrno(causeOf(again), 'ELOOP', 'ENOTDIR')) throw refuse('not a real folder');
      throw again;
    }
  }
  const real = path.join(await files.realRoot(), name);
  try {
    // `open` checked it lies inside the instance folder; it must be exactly that entry.
    if ((await readlink(`/proc/self/fd/${handle.fd}`)) !== real) throw refuse('not a real folder');
  } catch (err) {
    await handle.close();
    throw err;
  }
  let closed: Promise<void> | null = null;
  return {
    descriptor: `/proc/${process.pid}/fd/${handle.fd}`,
    real,
    dest: path.join(path.resolve(instanceDir), name),
    close: () => (closed ??= handle.close()),
  };
}
