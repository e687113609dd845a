import { PROTECTED_EXTENSIONS } from '@hearth/protocol';
import { splitFileName } from './file-name.ts';

const PROTECTED = new Set<string>(PROTECTED_EXTENSIONS);

/**
 * The protected-path rule of core-api.md §1.4.14, for the route layer (it applies unless the caller
 * may write global files): an existing directory is protected only when it is named `mods`; any
 * other path is protected when its extension is in PROTECTED_EXTENSIONS or when it has no extension
 * at all (which covers `.lodestone_config` and not-yet-existing directory names).
 */
export function isProtectedPath(relative: string, isExistingDir: boolean): boolean {
  const parts = relative.split(/[/\\]/).filter((p) => p !== '' && p !== '.');
  const name = parts.at(-1) ?? '.';
  if (isExistingDir) return name === 'mods';
  const { extension } = splitFileName(name);
  return extension === null || PROTECTED.has(extension.toLowerCase());
}
