// dashboard.md §2 Instance Settings: the MOTD preview. `§` codes pick one of the 17 named colours
// or a style (bold, italics, underline, strikethrough); a colour code resets the styles, as in
// Minecraft. Only the first line is shown, with '...' when there are more.

export const MOTD_COLOURS = {
  black: '#000000',
  dark_blue: '#0000AA',
  dark_green: '#00AA00',
  dark_aqua: '#00AAAA',
  dark_red: '#AA0000',
  dark_purple: '#AA00AA',
  gold: '#FFAA00',
  gray: '#AAAAAA',
  dark_gray: '#555555',
  blue: '#5555FF',
  green: '#55FF55',
  aqua: '#55FFFF',
  red: '#FF5555',
  light_purple: '#FF55FF',
  yellow: '#FFFF55',
  white: '#FFFFFF',
  minecoin_gold: '#DDD605',
} as const;
export type MotdColour = keyof typeof MOTD_COLOURS;

const COLOUR_CODES: Record<string, MotdColour> = {
  '0': 'black',
  '1': 'dark_blue',
  '2': 'dark_green',
  '3': 'dark_aqua',
  '4': 'dark_red',
  '5': 'dark_purple',
  '6': 'gold',
  '7': 'gray',
  '8': 'dark_gray',
  '9': 'blue',
  a: 'green',
  b: 'aqua',
  c: 'red',
  d: 'light_purple',
  e: 'yellow',
  f: 'white',
  g: 'minecoin_gold',
};

export interface MotdStyle {
  colour: MotdColour | null;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
}

export interface MotdSegment extends MotdStyle {
  text: string;
}

export interface MotdPreview {
  segments: MotdSegment[];
  /** More lines followed the first one (shown as '...'). */
  truncated: boolean;
}

const PLAIN: MotdStyle = {
  colour: null,
  bold: false,
  italic: false,
  underline: false,
  strikethrough: false,
};

/** server.properties writes `§` as `\u00A7` and newlines as `\n`; both forms are understood. */
function unescape(raw: string): string {
  return raw.replace(/\\u00a7/gi, '§');
}

function firstLine(text: string): { line: string; truncated: boolean } {
  const match = /\r?\n|\\n/.exec(text);
  if (!match) return { line: text, truncated: false };
  return {
    line: text.slice(0, match.index),
    truncated: text.slice(match.index + match[0].length).length > 0,
  };
}

export function parseMotd(raw: string): MotdPreview {
  const { line, truncated } = firstLine(unescape(raw));
  const segments: MotdSegment[] = [];
  let style: MotdStyle = { ...PLAIN };
  let text = '';
  const flush = () => {
    if (text !== '') segments.push({ ...style, text });
    text = '';
  };
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    const code = line[i + 1]?.toLowerCase();
    if (ch !== '§' || code === undefined) {
      text += ch;
      continue;
    }
    i += 1;
    flush();
    const colour = COLOUR_CODES[code];
    if (colour) style = { ...PLAIN, colour };
    else if (code === 'l') style = { ...style, bold: true };
    else if (code === 'o') style = { ...style, italic: true };
    else if (code === 'n') style = { ...style, underline: true };
    else if (code === 'm') style = { ...style, strikethrough: true };
    else if (code === 'r') style = { ...PLAIN };
    // §k (obfuscated) and unknown codes are dropped without changing the style.
  }
  flush();
  return { segments, truncated };
}

/** Setting ids whose value is a MOTD (server.properties `motd`, the generic `motd`). */
export function isMotdSetting(settingId: string): boolean {
  return settingId.toLowerCase() === 'motd';
}
