import { replaceControlCharacters } from '@hearth/protocol';
import { badRequest } from '../../errors.ts';
import { MAX_FILE_NAME_BYTES } from '../../lib/file-sandbox.ts';

export { MAX_FILE_NAME_BYTES };

/** Longest instance-name part of an instance folder name, in characters. */
const MAX_INSTANCE_NAME_CHARS = 64;

export interface FileNameParts {
  stem: string;
  /** Without the dot; null when the name has none (`.bashrc`, `Makefile`). */
  extension: string | null;
}

/**
 * Splits a name the way the reference reports `file_stem` / `extension` (Rust `Path` rules): the
 * extension is what follows the last dot, unless that dot is the first character.
 */
export function splitFileName(name: string): FileNameParts {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || name === '..') return { stem: name, extension: null };
  return { stem: name.slice(0, dot), extension: name.slice(dot + 1) };
}

/** `name_1.ext`, `name_2.ext`, … (n = 0 is the name itself). */
export function conflictName(name: string, n: number): string {
  if (n === 0) return name;
  const { stem, extension } = splitFileName(name);
  return extension === null ? `${stem}_${n}` : `${stem}_${n}.${extension}`;
}

function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Cuts a string to at most `maxBytes` of UTF-8 without splitting a character. */
function truncateUtf8(s: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    const len = utf8Length(ch);
    if (bytes + len > maxBytes) break;
    out += ch;
    bytes += len;
  }
  return out;
}

/**
 * Makes a client-supplied name (upload filename, new name) safe to use as ONE path component:
 * control characters (NUL included) are dropped, `/` and `\` become `_`, surrounding whitespace is
 * trimmed and the result is cut to 255 bytes keeping the extension. `""`, `.` and `..` are refused.
 */
export function sanitizeFileName(name: string): string {
  const cleaned = replaceControlCharacters(name.normalize('NFC')).replace(/[/\\]/g, '_').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') {
    throw badRequest('Invalid file name', `"${cleaned}" cannot be used as a file name`);
  }
  if (utf8Length(cleaned) <= MAX_FILE_NAME_BYTES) return cleaned;
  const { stem, extension } = splitFileName(cleaned);
  const suffix = extension === null ? '' : `.${truncateUtf8(extension, 32)}`;
  return truncateUtf8(stem, MAX_FILE_NAME_BYTES - utf8Length(suffix)) + suffix;
}

/**
 * The folder name of an instance: `<name>-<first 8 chars of the bare uuid>` like the reference, but
 * the name is never used raw: path and control characters are removed, leading dots stripped (no
 * `..`, no hidden folder), whitespace collapsed and the length capped.
 */
export function instanceFolderName(name: string, uuid: string): string {
  const bare = uuid.replace(/^(INSTANCE|DOCKER)[-_]/i, '');
  const suffix = bare.replace(/[^A-Za-z0-9]/g, '').slice(0, 8);
  if (suffix === '') throw badRequest('Invalid instance uuid');
  const cleaned = replaceControlCharacters(name.normalize('NFC'))
    .replace(/[/\\:*?"<>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const limited = Array.from(cleaned).slice(0, MAX_INSTANCE_NAME_CHARS).join('').trim();
  return `${limited === '' ? 'instance' : limited}-${suffix}`;
}
