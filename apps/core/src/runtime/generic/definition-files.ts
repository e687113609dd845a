// The files of a file:// definition as the bundler reads them: through the file sandbox rooted at
// the definition's own folder (no link out of it, regular files only, a non-blocking open, a size
// cap), and only files every user of the host may read, never inside a hidden folder (the core's
// data directory). The core bundles as root on most hosts; this keeps it from reading more than an
// unprivileged user could.
import { constants } from 'node:fs';
import { readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { describeError } from '../../errors.ts';
import { FileSandbox, isWithin } from '../../lib/file-sandbox.ts';

/** Largest module read for a definition (the entry and each import). */
export const MAX_SOURCE_BYTES = 5 * 1024 * 1024;

/** Why an own file cannot be read; the message names no more than the file's place in the folder. */
export class DefinitionFileError extends Error {
  override name = 'DefinitionFileError';
}

async function realOrSelf(dir: string): Promise<string> {
  try {
    return await realpath(dir);
  } catch {
    return path.resolve(dir);
  }
}

export class DefinitionFolder {
  readonly #sandbox: FileSandbox;
  readonly #hidden: Promise<string[]>;

  /** `folder`: the entry's folder as named; `hidden`: host folders never read (the data directory). */
  constructor(
    readonly folder: string,
    hidden: readonly string[],
  ) {
    this.#sandbox = new FileSandbox(folder);
    this.#hidden = Promise.all(
      hidden.flatMap((dir) => [Promise.resolve(path.resolve(dir)), realOrSelf(dir)]),
    );
  }

  async #refuseHidden(real: string): Promise<void> {
    if ((await this.#hidden).some((dir) => isWithin(dir, real)))
      throw new DefinitionFileError("it lies inside the core's data directory");
  }

  /** The bytes of the own file at `absolute` (a path under the folder, as the policy named it). */
  async read(absolute: string): Promise<Uint8Array> {
    const relative = path.relative(this.folder, absolute);
    let root: string;
    try {
      root = await this.#sandbox.realRoot();
    } catch {
      throw new DefinitionFileError('no such file (its folder does not exist)');
    }
    await this.#refuseHidden(root);
    let handle;
    try {
      const resolved = await this.#sandbox.resolve(relative);
      handle = await this.#sandbox.open(resolved, constants.O_RDONLY, 0, 'Cannot open it');
    } catch (error) {
      const missing = (error as { kind?: unknown }).kind === 'NotFound';
      throw new DefinitionFileError(missing ? 'no such file' : describeError(error));
    }
    try {
      const real = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => absolute);
      await this.#refuseHidden(real);
      const info = await handle.stat();
      if (!info.isFile()) throw new DefinitionFileError('it is not a regular file');
      if (info.size > MAX_SOURCE_BYTES) throw new DefinitionFileError('it is larger than 5 MiB');
      if ((info.mode & 0o004) === 0)
        throw new DefinitionFileError(
          `it is not readable by every user (mode ${(info.mode & 0o777).toString(8).padStart(4, '0')}); the core reads nothing for a definition that an unprivileged user could not`,
        );
      // One byte past the size: a file that grew since the stat is refused, not cut.
      const buffer = Buffer.alloc(info.size + 1);
      let length = 0;
      while (length < buffer.length) {
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
        if (bytesRead === 0) break;
        length += bytesRead;
      }
      if (length > info.size) throw new DefinitionFileError('it changed while being read');
      return buffer.subarray(0, length);
    } finally {
      await handle.close();
    }
  }
}
