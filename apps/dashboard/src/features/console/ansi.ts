import { stripAnsi } from '@hearth/protocol';
import Anser from 'anser';
import type { CSSProperties } from 'react';

// Console colours: ANSI SGR codes (parsed by anser) and Minecraft's § formatting codes, which are
// rewritten into the equivalent SGR codes first so one parser handles both.

export interface Segment {
  text: string;
  style?: CSSProperties;
}

const SECTION_CODE = /§[0-9a-fk-orx]/gi;

/** Minecraft's 16 named colours by their § code. */
const MINECRAFT_COLOURS: Readonly<Record<string, readonly [number, number, number]>> = {
  '0': [0, 0, 0],
  '1': [0, 0, 170],
  '2': [0, 170, 0],
  '3': [0, 170, 170],
  '4': [170, 0, 0],
  '5': [170, 0, 170],
  '6': [255, 170, 0],
  '7': [170, 170, 170],
  '8': [85, 85, 85],
  '9': [85, 85, 255],
  a: [85, 255, 85],
  b: [85, 255, 255],
  c: [255, 85, 85],
  d: [255, 85, 255],
  e: [255, 255, 85],
  f: [255, 255, 255],
};
/** § formatting codes as SGR parameters (§k "obfuscated" has no SGR twin and is dropped). */
const MINECRAFT_FORMATS: Readonly<Record<string, string>> = {
  l: '1',
  m: '9',
  n: '4',
  o: '3',
  r: '0',
};

/**
 * The 16 named colours — anser's palette and Minecraft's (rgb strings as anser emits them, spaces
 * removed) — as theme tokens (styles/index.css), each readable on the console's background in
 * both themes. Other 256-colour and 24-bit colours are kept as sent.
 */
const PALETTE: Readonly<Record<string, string>> = {
  '0,0,0': 'var(--color-ansi-black)',
  '187,0,0': 'var(--color-ansi-red)',
  '170,0,0': 'var(--color-ansi-red)',
  '0,187,0': 'var(--color-ansi-green)',
  '0,170,0': 'var(--color-ansi-green)',
  '187,187,0': 'var(--color-ansi-yellow)',
  '255,170,0': 'var(--color-ansi-yellow)',
  '0,0,187': 'var(--color-ansi-blue)',
  '0,0,170': 'var(--color-ansi-blue)',
  '187,0,187': 'var(--color-ansi-magenta)',
  '170,0,170': 'var(--color-ansi-magenta)',
  '0,187,187': 'var(--color-ansi-cyan)',
  '0,170,170': 'var(--color-ansi-cyan)',
  '170,170,170': 'var(--color-ansi-white)',
  '255,255,255': 'var(--color-ansi-bright-white)',
  '85,85,85': 'var(--color-ansi-bright-black)',
  '255,85,85': 'var(--color-ansi-bright-red)',
  '0,255,0': 'var(--color-ansi-bright-green)',
  '85,255,85': 'var(--color-ansi-bright-green)',
  '255,255,85': 'var(--color-ansi-bright-yellow)',
  '85,85,255': 'var(--color-ansi-bright-blue)',
  '255,85,255': 'var(--color-ansi-bright-magenta)',
  '85,255,255': 'var(--color-ansi-bright-cyan)',
};

function colour(rgb: string | null): string | undefined {
  if (!rgb) return undefined;
  const key = rgb.replace(/\s+/g, '');
  return PALETTE[key] ?? `rgb(${key})`;
}

/** `§c` → `ESC[0;38;2;255;85;85m` (a colour code also resets formatting, as in Minecraft). */
export function minecraftToAnsi(text: string): string {
  if (!text.includes('§')) return text;
  return text.replace(SECTION_CODE, (code) => {
    const key = code.charAt(1).toLowerCase();
    const rgb = MINECRAFT_COLOURS[key];
    if (rgb) return `\x1b[0;38;2;${rgb.join(';')}m`;
    const sgr = MINECRAFT_FORMATS[key];
    return sgr ? `\x1b[${sgr}m` : '';
  });
}

/**
 * The text a person reads: every ANSI sequence (protocol's stripAnsi, the core's own) and § code
 * removed (what search runs over).
 */
export function stripFormatting(text: string): string {
  let plain = text;
  if (plain.includes('\x1b')) plain = stripAnsi(plain);
  if (plain.includes('§')) plain = plain.replace(SECTION_CODE, '');
  return plain;
}

function styleOf(entry: Anser.AnserJsonEntry): CSSProperties | undefined {
  const style: CSSProperties = {};
  const fg = colour(entry.fg);
  const bg = colour(entry.bg);
  if (fg) style.color = fg;
  if (bg) style.backgroundColor = bg;
  const decorations = new Set(entry.decorations);
  if (decorations.has('bold')) style.fontWeight = 700;
  if (decorations.has('dim')) style.opacity = 0.7;
  if (decorations.has('italic')) style.fontStyle = 'italic';
  if (decorations.has('hidden')) style.visibility = 'hidden';
  const lines = [
    decorations.has('underline') && 'underline',
    decorations.has('strikethrough') && 'line-through',
  ].filter(Boolean);
  if (lines.length > 0) style.textDecoration = lines.join(' ');
  return Object.keys(style).length > 0 ? style : undefined;
}

/** One console line as styled runs of text. Lines without codes are one plain segment. */
export function toSegments(text: string): Segment[] {
  if (!text.includes('\x1b') && !text.includes('§')) return [{ text }];
  const entries = Anser.ansiToJson(minecraftToAnsi(text), { json: true, remove_empty: true });
  const segments: Segment[] = [];
  for (const entry of entries) {
    if (entry.content === '') continue;
    const style = styleOf(entry);
    segments.push(style ? { text: entry.content, style } : { text: entry.content });
  }
  return segments;
}
