import { InstanceFolder, MAX_SMALL_FILE_BYTES } from './instance-folder.ts';

/** The file's name in an instance folder. */
export const SERVER_PROPERTIES_FILE = 'server.properties';
/** Larger is refused: a real server.properties is a few KiB. */
export const MAX_SERVER_PROPERTIES_BYTES = MAX_SMALL_FILE_BYTES;

/**
 * A `server.properties` file kept line by line so that writing it back loses nothing: comments, blank
 * lines, key order, odd spacing, escapes and values containing `=` or `:` survive byte for byte. Only
 * entries that `setProperty` changed or added are re-rendered. Parsing follows
 * `java.util.Properties.load` (the reader Minecraft uses), including `\uXXXX` escapes and
 * backslash line continuations.
 */
export type PropertiesLine =
  /** A blank line or a `#`/`!` comment, with its line terminator. */
  | { kind: 'text'; raw: string }
  /** One logical entry; `raw` is its original text (all physical lines and terminators). */
  | { kind: 'entry'; key: string; value: string; raw: string };

export interface PropertiesDoc {
  lines: PropertiesLine[];
  /** Terminator used for lines we add: the file's first one, else `\n`. */
  eol: string;
}

const PHYSICAL_LINE = /[^\r\n]*(?:\r\n|\r|\n)?/g;

function splitPhysicalLines(text: string): string[] {
  const lines: string[] = [];
  for (const match of text.matchAll(PHYSICAL_LINE)) {
    if (match[0] === '') break;
    lines.push(match[0]);
  }
  return lines;
}

function stripTerminator(line: string): string {
  return line.replace(/(?:\r\n|\r|\n)$/, '');
}

const WHITESPACE = new Set([' ', '\t', '\f']);

function endsWithContinuation(content: string): boolean {
  let slashes = 0;
  for (let i = content.length - 1; i >= 0 && content[i] === '\\'; i--) slashes++;
  return slashes % 2 === 1;
}

function unescape(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== '\\' || i === text.length - 1) {
      out += ch;
      continue;
    }
    const next = text[++i]!;
    switch (next) {
      case 't':
        out += '\t';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u': {
        const hex = text.slice(i + 1, i + 5);
        if (/^[0-9a-fA-F]{4}$/.test(hex)) {
          out += String.fromCharCode(parseInt(hex, 16));
          i += 4;
        } else {
          out += 'u';
        }
        break;
      }
      default:
        out += next;
    }
  }
  return out;
}

/** Splits one logical line (continuations already joined) into key and value, as Properties.load does. */
function splitEntry(logical: string): { key: string; value: string } {
  let i = 0;
  while (i < logical.length && WHITESPACE.has(logical[i]!)) i++;
  let key = '';
  while (i < logical.length) {
    const ch = logical[i]!;
    if (ch === '\\' && i + 1 < logical.length) {
      key += ch + logical[i + 1]!;
      i += 2;
      continue;
    }
    if (ch === '=' || ch === ':' || WHITESPACE.has(ch)) break;
    key += ch;
    i++;
  }
  while (i < logical.length && WHITESPACE.has(logical[i]!)) i++;
  if (logical[i] === '=' || logical[i] === ':') i++;
  while (i < logical.length && WHITESPACE.has(logical[i]!)) i++;
  return { key: unescape(key), value: unescape(logical.slice(i)) };
}

export function parseProperties(text: string): PropertiesDoc {
  const physical = splitPhysicalLines(text);
  const eol = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
  const lines: PropertiesLine[] = [];
  for (let n = 0; n < physical.length; n++) {
    const first = physical[n]!;
    const content = stripTerminator(first).replace(/^[ \t\f]+/, '');
    if (content === '' || content.startsWith('#') || content.startsWith('!')) {
      lines.push({ kind: 'text', raw: first });
      continue;
    }
    let raw = first;
    let logical = content;
    while (endsWithContinuation(logical) && n + 1 < physical.length) {
      const next = physical[++n]!;
      raw += next;
      logical = logical.slice(0, -1) + stripTerminator(next).replace(/^[ \t\f]+/, '');
    }
    if (endsWithContinuation(logical)) logical = logical.slice(0, -1);
    const { key, value } = splitEntry(logical);
    lines.push({ kind: 'entry', key, value, raw });
  }
  return { lines, eol };
}

export function serializeProperties(doc: PropertiesDoc): string {
  return doc.lines.map((line) => line.raw).join('');
}

function escapeChar(ch: string, isKey: boolean, isFirst: boolean): string {
  switch (ch) {
    case '\\':
      return '\\\\';
    case '\t':
      return '\\t';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\f':
      return '\\f';
    case ' ':
      return isKey || isFirst ? '\\ ' : ' ';
    case '=':
    case ':':
      return isKey ? `\\${ch}` : ch;
    case '#':
    case '!':
      return isKey && isFirst ? `\\${ch}` : ch;
  }
  const code = ch.charCodeAt(0);
  if (code < 0x20 || code > 0x7e) return `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return ch;
}

function escape(text: string, isKey: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += escapeChar(text[i]!, isKey, i === 0);
  return out;
}

/** The line `setProperty` writes: `key=value` with Properties escapes (non-ASCII as `\uXXXX`). */
export function renderEntry(key: string, value: string): string {
  return `${escape(key, true)}=${escape(value, false)}`;
}

function lastEntryIndex(doc: PropertiesDoc, key: string): number {
  for (let i = doc.lines.length - 1; i >= 0; i--) {
    const line = doc.lines[i]!;
    if (line.kind === 'entry' && line.key === key) return i;
  }
  return -1;
}

/** The value Minecraft sees for `key` (the last occurrence wins, as in Properties.load). */
export function getProperty(doc: PropertiesDoc, key: string): string | undefined {
  const index = lastEntryIndex(doc, key);
  const line = index === -1 ? undefined : doc.lines[index];
  return line?.kind === 'entry' ? line.value : undefined;
}

/** Every key once, in the order it first appears, with the value Minecraft sees. */
export function propertyEntries(doc: PropertiesDoc): [string, string][] {
  const map = new Map<string, string>();
  for (const line of doc.lines) if (line.kind === 'entry') map.set(line.key, line.value);
  return [...map.entries()];
}

/**
 * Sets `key` in place (its last occurrence, keeping that line's terminator) or appends it at the end.
 * An unchanged value leaves the original text untouched. Mutates and returns `doc`.
 */
export function setProperty(doc: PropertiesDoc, key: string, value: string): PropertiesDoc {
  const index = lastEntryIndex(doc, key);
  if (index !== -1) {
    const line = doc.lines[index]!;
    if (line.kind === 'entry' && line.value !== value) {
      const terminator = /(?:\r\n|\r|\n)$/.exec(line.raw)?.[0] ?? '';
      doc.lines[index] = { kind: 'entry', key, value, raw: renderEntry(key, value) + terminator };
    }
    return doc;
  }
  const last = doc.lines[doc.lines.length - 1];
  if (last && !/(?:\r\n|\r|\n)$/.test(last.raw)) last.raw += doc.eol;
  doc.lines.push({ kind: 'entry', key, value, raw: renderEntry(key, value) + doc.eol });
  return doc;
}

/** Removes every occurrence of `key`. Mutates and returns `doc`. */
export function deleteProperty(doc: PropertiesDoc, key: string): PropertiesDoc {
  doc.lines = doc.lines.filter((line) => line.kind !== 'entry' || line.key !== key);
  return doc;
}

export function emptyProperties(): PropertiesDoc {
  return { lines: [], eol: '\n' };
}

/**
 * Reads and parses the instance's server.properties through the file sandbox; a missing file is an
 * empty document. A link out of the folder, a FIFO or an oversized file is a BadRequest naming
 * server.properties (never another file's lines, never a blocked read).
 */
export async function readServerProperties(instanceDir: string): Promise<PropertiesDoc> {
  const bytes = await new InstanceFolder(instanceDir).read(
    SERVER_PROPERTIES_FILE,
    MAX_SERVER_PROPERTIES_BYTES,
  );
  return bytes === null ? emptyProperties() : parseProperties(bytes.toString('utf8'));
}

/** Replaces server.properties atomically (temp file + rename; a link there is replaced, not followed). */
export async function writeServerProperties(
  instanceDir: string,
  doc: PropertiesDoc,
): Promise<void> {
  await new InstanceFolder(instanceDir).write(SERVER_PROPERTIES_FILE, serializeProperties(doc));
}
