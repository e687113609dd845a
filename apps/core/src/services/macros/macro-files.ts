import { constants } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { hasControlCharacter } from '@hearth/protocol';
import { CoreError, badRequest, notFound } from '../../errors.ts';
import { FileSandbox } from '../../lib/file-sandbox.ts';
import { isErrno } from '../../lib/fs-error.ts';
import { MACROS_DIR, ensureMacrosFolder } from './macro-digest.ts';

export { MACROS_DIR };
/** A macro source larger than this is refused (it is read whole to find its config declaration). */
export const MAX_MACRO_SOURCE_BYTES = 4 * 1024 * 1024;
const MAX_NAME_BYTES = 200;

/** A macro name is one path component: no separators, `.`/`..`, NUL or control characters. */
export function validateMacroName(name: string): string {
  if (typeof name !== 'string' || name === '') throw badRequest('Invalid macro name');
  if (name.includes('/') || name.includes('\\'))
    throw badRequest('Invalid macro name', 'A macro name cannot contain a path separator');
  if (name === '.' || name === '..')
    throw badRequest('Invalid macro name', "A macro name cannot be '.' or '..'");
  if (hasControlCharacter(name))
    throw badRequest('Invalid macro name', 'A macro name cannot contain control characters');
  if (Buffer.byteLength(name) > MAX_NAME_BYTES)
    throw badRequest('Invalid macro name', 'The macro name is too long');
  return name;
}

/** A macro found on disk: its name and the entry file to run (a real path inside the instance). */
export interface MacroFile {
  name: string;
  /** Absolute path of `macros/<name>` as listed (`MacroEntry.path`). */
  listedPath: string;
  /** Real path of the entry file (index.ts|js or <name>.ts|js), inside the instance folder. */
  entry: string;
}

async function isRegularFile(absolute: string): Promise<boolean> {
  try {
    return (await lstat(absolute)).isFile();
  } catch (err) {
    if (isErrno(err, 'ENOENT', 'ENOTDIR')) return false;
    throw err;
  }
}

/**
 * Macro files of one instance folder, every path through the instance's FileSandbox: a macro
 * folder or file that is a symbolic link leading outside the instance is refused (or skipped when
 * listing), so a game or a file-editing user cannot point a macro at another instance or the core.
 */
export class MacroFiles {
  readonly sandbox: FileSandbox;

  constructor(readonly instanceDir: string) {
    this.sandbox = new FileSandbox(instanceDir);
  }

  /** `macros/<name>/index.ts|js` folders, sorted by name; a missing macros folder lists nothing. */
  async list(): Promise<MacroFile[]> {
    const dir = await this.sandbox.resolve(MACROS_DIR);
    let names: string[];
    try {
      names = await this.sandbox.withDir(dir, (d) => readdir(d));
    } catch (err) {
      // No macros folder yet (or a file in its place): nothing to list.
      if (err instanceof CoreError && (err.kind === 'NotFound' || err.kind === 'BadRequest'))
        return [];
      throw err;
    }
    const found: MacroFile[] = [];
    for (const name of names.sort()) {
      const entry = await this.folderEntry(name).catch(() => null);
      if (entry) found.push(entry);
    }
    return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The file `run` executes: `<name>.ts`, `<name>.js`, then `<name>/index.ts`, `<name>/index.js`. */
  async resolve(rawName: string): Promise<MacroFile> {
    const name = validateMacroName(rawName);
    for (const ext of ['ts', 'js']) {
      const file = await this.sandbox.resolve(`${MACROS_DIR}/${name}.${ext}`);
      if (await isRegularFile(file))
        return { name, listedPath: this.listedPath(name), entry: file };
    }
    const folder = await this.folderEntry(name);
    if (folder) return folder;
    throw notFound(`Macro ${name} not found`);
  }

  /** The whole source of a macro's entry file, read through a verified descriptor. */
  async readSource(file: MacroFile): Promise<string> {
    const handle = await this.sandbox.open(
      file.entry,
      constants.O_RDONLY,
      0,
      'Failed to read macro',
    );
    try {
      const { size } = await handle.stat();
      if (size > MAX_MACRO_SOURCE_BYTES) throw badRequest('The macro file is too large');
      const buf = Buffer.alloc(size);
      const { bytesRead } = await handle.read(buf, 0, size, 0);
      return buf.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  }

  /**
   * Real path of `macros/<name>/`, created if missing (for the config cache); `macros/` itself must
   * be a real folder, never a link (see ensureMacrosFolder).
   */
  async ensureFolder(name: string): Promise<string> {
    await ensureMacrosFolder(this.sandbox);
    const dir = await this.sandbox.resolve(`${MACROS_DIR}/${validateMacroName(name)}`);
    await this.sandbox.mkdirp(dir);
    return dir;
  }

  private listedPath(name: string): string {
    return path.join(this.sandbox.root, MACROS_DIR, name);
  }

  private async folderEntry(name: string): Promise<MacroFile | null> {
    for (const index of ['index.ts', 'index.js']) {
      const file = await this.sandbox.resolve(`${MACROS_DIR}/${name}/${index}`);
      if (await isRegularFile(file))
        return { name, listedPath: this.listedPath(name), entry: file };
    }
    return null;
  }
}
