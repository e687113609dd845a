import { t } from '@lingui/core/macro';
import { INSTANCE_CONFIG_FILE } from '@hearth/protocol';
import type { ClientFile } from '@hearth/protocol';
import { isRootPath } from './file-path.ts';

// Files in an instance folder that belong to Hearth rather than to the game (issue 15 #8). The
// core keeps its state in its database; these are what is left in the folder: the marker files it
// writes for Lodestone compatibility (never read back) and its own temporary files. They are hidden
// by default and marked when shown.

/** At the instance's top level: Lodestone's marker files, mirrored by Hearth. */
const ROOT_CORE_FILES: ReadonlySet<string> = new Set([
  INSTANCE_CONFIG_FILE,
  '.lodestone_minecraft_config.json',
]);

/** Anywhere: Hearth's own (`.hearth_creating`, `.hearth-tmp-*`, files of older versions). */
const HEARTH_PREFIX = '.hearth';

export function isCoreFile(file: Pick<ClientFile, 'name'>, dir: string): boolean {
  if (file.name.startsWith(HEARTH_PREFIX)) return true;
  return isRootPath(dir) && ROOT_CORE_FILES.has(file.name);
}

/** What the mark on such a row says. */
export function coreFileNote(file: Pick<ClientFile, 'name'>): string {
  return file.name.startsWith(HEARTH_PREFIX)
    ? t`Hearth's working file, not part of the game`
    : t`Written by Hearth for Lodestone compatibility; Hearth never reads it back`;
}

const STORAGE_KEY = 'hearth.files.showCoreFiles';

export function loadShowCoreFiles(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function saveShowCoreFiles(show: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(show));
  } catch {
    // Not remembered across reloads; harmless.
  }
}
