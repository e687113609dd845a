// The only way this folder's code touches an instance folder: everything goes through the file
// sandbox (lib/file-sandbox.ts). The game and anyone with file permission write there (links,
// FIFOs, huge files), so the core never follows a link out of it, never blocks on a FIFO in it, never
// reads more than a small cap of it, and replaces files atomically instead of writing through a link.
import { constants, lstat, mkdir, readdir, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { CoreError } from '../../errors.ts';
import type { WriteSource } from '../../lib/atomic-write.ts';
import { FileSandbox, normalizeClientPath } from '../../lib/file-sandbox.ts';
import { MinecraftError } from './errors.ts';

/** Largest small file (server.properties, the Lodestone config) the core reads: real ones are KiB. */
export const MAX_SMALL_FILE_BYTES = 1024 * 1024;

export type EntryKind = 'file' | 'directory' | 'other';

function lastCause(err: CoreError): string {
  return err.causes[err.causes.length - 1] ?? err.message;
}

/** An instance folder seen through the file sandbox (paths are relative, `/`-separated). */
export class InstanceFolder {
  readonly files: FileSandbox;

  constructor(readonly dir: string) {
    this.files = new FileSandbox(dir);
  }

  /**
   * Creates the instance folder (and the core's own folder above it) and returns it. The folder
   * itself is made through a verified descriptor of its parent, so a link planted at its name is
   * refused rather than followed.
   */
  static async create(dir: string): Promise<InstanceFolder> {
    const parent = path.dirname(path.resolve(dir));
    await mkdir(parent, { recursive: true });
    const above = new FileSandbox(parent);
    await above.mkdirp(path.join(await above.realRoot(), path.basename(dir)));
    return new InstanceFolder(dir);
  }

  /**
   * A regular file's bytes, or null when it does not exist. A link out of the folder, a FIFO, a
   * device, a folder or a file over `maxBytes` is a BadRequest naming the file (never its content,
   * never a hang).
   */
  async read(relative: string, maxBytes = MAX_SMALL_FILE_BYTES): Promise<Buffer | null> {
    try {
      return await this.files.readRegular(relative, maxBytes, `Could not read ${relative}`);
    } catch (err) {
      if (!(err instanceof CoreError)) throw err;
      if (err.kind === 'NotFound') return null;
      if (err.kind === 'Internal') throw err;
      // readRegular says "File is larger than N bytes" for the one refusal that is about size.
      const reason = lastCause(err);
      if (/larger than/.test(reason))
        throw new MinecraftError('BadRequest', `${relative} is too large`, reason);
      throw new MinecraftError('BadRequest', `${relative} is not a regular file`, reason);
    }
  }

  /** Creates or replaces a file atomically (temp file + rename in the verified parent folder). */
  async write(relative: string, data: WriteSource): Promise<void> {
    await this.files.writeAtomic(relative, data, {}, `Could not write ${relative}`);
  }

  /** Writes the file only when nothing has that name yet; true when it wrote it. */
  async writeIfMissing(relative: string, data: WriteSource): Promise<boolean> {
    if ((await this.kind(relative)) !== null) return false;
    await this.write(relative, data);
    return true;
  }

  /**
   * What is at a path, never following its last component: `file` and `directory` are real ones,
   * `other` is a link, FIFO, socket, device, or a path that leads through a link out of the folder;
   * null when nothing is there.
   */
  async kind(relative: string): Promise<EntryKind | null> {
    try {
      const absolute = await this.files.resolve(relative, { followFinal: false });
      const info = await this.files.withParent(absolute, (dir, name) => lstat(`${dir}/${name}`));
      if (info.isFile()) return 'file';
      return info.isDirectory() ? 'directory' : 'other';
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      if (err instanceof CoreError) {
        if (err.kind === 'NotFound') return null;
        if (err.kind === 'PermissionDenied' || err.kind === 'BadRequest') return 'other';
      }
      throw err;
    }
  }

  /**
   * Opens a regular file read-only for the core to look into (a jar's central directory), or null
   * when it is not one: no link out, no FIFO (opened non-blocking), re-checked on the descriptor.
   */
  async openRegular(relative: string): Promise<FileHandle | null> {
    let handle: FileHandle;
    try {
      handle = await this.files.open(
        await this.files.resolve(relative),
        constants.O_RDONLY,
        0,
        `Could not read ${relative}`,
      );
    } catch (err) {
      if (err instanceof CoreError) return null;
      throw err;
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      return null;
    }
    return handle;
  }

  /** Names of the regular files directly in the folder (links and everything else left out). */
  async regularFiles(): Promise<string[]> {
    return (await this.entries('.')).filter((e) => e.kind === 'file').map((e) => e.name);
  }

  /**
   * What a sub-folder holds, listed through a verified descriptor and never following anything:
   * links, FIFOs, sockets and devices are `other`. Empty when the folder is missing, not a real
   * folder, or reached through a link out of the instance.
   */
  async entries(relative: string): Promise<{ name: string; kind: EntryKind }[]> {
    const isRoot = normalizeClientPath(relative) === '.';
    if (!isRoot && (await this.kind(relative)) !== 'directory') return [];
    const absolute = isRoot
      ? await this.files.realRoot()
      : await this.files.resolve(relative, { followFinal: false });
    const entries = await this.files.withDir(absolute, (dir) =>
      readdir(dir, { withFileTypes: true }),
    );
    return entries.map((e) => ({
      name: e.name,
      kind: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : 'other',
    }));
  }
}
