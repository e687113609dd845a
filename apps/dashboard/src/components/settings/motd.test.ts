import { describe, expect, it } from 'vitest';
import { MOTD_COLOURS, parseMotd } from './motd.ts';

describe('MOTD preview (dashboard.md §2)', () => {
  it('knows the 17 named colours', () => {
    expect(Object.keys(MOTD_COLOURS)).toEqual([
      'black',
      'dark_blue',
      'dark_green',
      'dark_aqua',
      'dark_red',
      'dark_purple',
      'gold',
      'gray',
      'dark_gray',
      'blue',
      'green',
      'aqua',
      'red',
      'light_purple',
      'yellow',
      'white',
      'minecoin_gold',
    ]);
  });

  it('plain text is one plain segment', () => {
    expect(parseMotd('A Minecraft Server')).toEqual({
      segments: [
        {
          text: 'A Minecraft Server',
          colour: null,
          bold: false,
          italic: false,
          underline: false,
          strikethrough: false,
        },
      ],
      truncated: false,
    });
  });

  it('colour codes switch colour and reset styles; style codes add up', () => {
    const { segments } = parseMotd('§6Gold §lBold§oItalic§cRed§n§mBoth§rPlain');
    expect(
      segments.map((s) => [s.text, s.colour, s.bold, s.italic, s.underline, s.strikethrough]),
    ).toEqual([
      ['Gold ', 'gold', false, false, false, false],
      ['Bold', 'gold', true, false, false, false],
      ['Italic', 'gold', true, true, false, false],
      ['Red', 'red', false, false, false, false],
      ['Both', 'red', false, false, true, true],
      ['Plain', null, false, false, false, false],
    ]);
  });

  it('understands §g, upper-case codes and the \\u00A7 escape of server.properties', () => {
    expect(parseMotd('§gcoin').segments[0]?.colour).toBe('minecoin_gold');
    expect(parseMotd('§Aup').segments[0]?.colour).toBe('green');
    expect(parseMotd('\\u00A79blue').segments[0]).toMatchObject({ text: 'blue', colour: 'blue' });
  });

  it('shows only the first line and flags the rest', () => {
    expect(parseMotd('first\nsecond')).toMatchObject({
      segments: [{ text: 'first' }],
      truncated: true,
    });
    expect(parseMotd('first\\nsecond')).toMatchObject({
      segments: [{ text: 'first' }],
      truncated: true,
    });
    expect(parseMotd('only\n').truncated).toBe(false);
  });

  it('drops obfuscation codes and keeps a trailing §', () => {
    expect(
      parseMotd('§ka§')
        .segments.map((s) => s.text)
        .join(''),
    ).toBe('a§');
  });
});
