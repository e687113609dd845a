import { describe, expect, it } from 'vitest';
import { minecraftToAnsi, stripFormatting, toSegments } from './ansi.ts';

describe('toSegments', () => {
  it('keeps a line without codes as one plain segment', () => {
    expect(toSegments('[12:00:00] Done (1.2s)!')).toEqual([{ text: '[12:00:00] Done (1.2s)!' }]);
  });

  it('colours ANSI runs and resets after ESC[0m', () => {
    const segments = toSegments('\x1b[31mWARN\x1b[0m disk low');
    expect(segments.map((s) => s.text)).toEqual(['WARN', ' disk low']);
    expect(segments[0]?.style?.color).toBe('var(--color-ansi-red)');
    expect(segments[1]?.style).toBeUndefined();
  });

  it('renders bold, underline and 24-bit colours', () => {
    const [segment] = toSegments('\x1b[1;4;38;2;10;20;30mhi');
    expect(segment?.style).toMatchObject({
      fontWeight: 700,
      textDecoration: 'underline',
      color: 'rgb(10,20,30)',
    });
  });

  it('understands Minecraft § codes, a colour resetting the format', () => {
    const segments = toSegments('§c§lHot§a ok§r plain');
    expect(segments.map((s) => s.text)).toEqual(['Hot', ' ok', ' plain']);
    expect(segments[0]?.style).toMatchObject({
      color: 'var(--color-ansi-bright-red)',
      fontWeight: 700,
    });
    expect(segments[1]?.style?.color).toBe('var(--color-ansi-bright-green)');
    expect(segments[1]?.style?.fontWeight).toBeUndefined();
    expect(segments[2]?.style).toBeUndefined();
  });
});

describe('colours follow the theme', () => {
  it("maps anser's and Minecraft's 16 colours to theme tokens, keeps others as sent", () => {
    const colour = (text: string) => toSegments(text)[0]?.style?.color;
    expect(colour('\x1b[30mx')).toBe('var(--color-ansi-black)');
    expect(colour('\x1b[93mx')).toBe('var(--color-ansi-bright-yellow)');
    expect(colour('§1x')).toBe('var(--color-ansi-blue)');
    expect(colour('§6x')).toBe('var(--color-ansi-yellow)');
    expect(colour('§7x')).toBe('var(--color-ansi-white)');
    expect(colour('§fx')).toBe('var(--color-ansi-bright-white)');
    expect(colour('\x1b[38;5;208mx')).toMatch(/^rgb\(/);
  });
});

describe('stripFormatting', () => {
  it('removes ANSI sequences and § codes, nothing else', () => {
    expect(stripFormatting('\x1b[32m[INFO]\x1b[0m §6Gold§r text ESC')).toBe('[INFO] Gold text ESC');
  });

  it('removes OSC sequences (window titles, links) whole, as the core does', () => {
    expect(stripFormatting('\x1b]0;Paper 1.21\x07Done (3.2s)!')).toBe('Done (3.2s)!');
    expect(stripFormatting('see \x1b]8;;https://example.org\x1b\\docs\x1b]8;;\x1b\\ here')).toBe(
      'see docs here',
    );
  });

  it('drops the unsupported obfuscated code in conversion', () => {
    expect(minecraftToAnsi('§kxx')).toBe('xx');
  });
});
