import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@/lib/contrast.ts';

// The theme tokens in index.css, read from the file itself: every pairing the screens use must
// keep WCAG's minimums in both themes (4.5:1 for text, 3:1 for control edges and the focus ring).

const css = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'index.css'),
  'utf8',
);

function tokensIn(block: string): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const match of block.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6});/gi))
    tokens[match[1] as string] = match[2] as string;
  return tokens;
}

function blockAfter(marker: string): string {
  const start = css.indexOf(marker);
  if (start < 0) throw new Error(`index.css has no ${marker}`);
  return css.slice(start, css.indexOf('}', start));
}

const dark = tokensIn(blockAfter('@theme {'));
const light = { ...dark, ...tokensIn(blockAfter(":root[data-theme='light'] {")) };
const THEMES = { dark, light };

const SURFACES = ['bg', 'panel', 'raised', 'hover'];
const TEXT = ['fg', 'muted', 'faint', 'accent', 'danger', 'success', 'warning'];
const ANSI = Object.keys(dark).filter((name) => name.startsWith('ansi-'));
const SYNTAX = Object.keys(dark).filter((name) => name.startsWith('syntax-'));

function failures(
  tokens: Record<string, string>,
  foregrounds: readonly string[],
  backgrounds: readonly string[],
  minimum: number,
): string[] {
  const failed: string[] = [];
  for (const fg of foregrounds)
    for (const bg of backgrounds) {
      const ratio = contrastRatio(tokens[fg] ?? '', tokens[bg] ?? '');
      if (!(ratio >= minimum)) failed.push(`${fg} on ${bg}: ${ratio.toFixed(2)}`);
    }
  return failed;
}

describe.each(Object.entries(THEMES))('the %s theme', (name, tokens) => {
  it('defines every token the dark theme does', () => {
    expect(Object.keys(tokens).sort()).toEqual(Object.keys(dark).sort());
    if (name === 'light') expect(tokens.bg).not.toBe(dark.bg);
  });

  it('keeps 4.5:1 for every text colour on every surface', () => {
    expect(failures(tokens, TEXT, SURFACES, 4.5)).toEqual([]);
    expect(failures(tokens, ['accent-fg'], ['accent', 'accent-strong'], 4.5)).toEqual([]);
  });

  it('keeps 3:1 for control edges, the focus ring and the chart lines', () => {
    expect(failures(tokens, ['edge', 'focus', 'chart-cpu', 'chart-memory'], SURFACES, 3)).toEqual(
      [],
    );
  });

  it('keeps the console and the editor readable', () => {
    expect(failures(tokens, ['console-fg', ...ANSI], ['console-bg'], 4.5)).toEqual([]);
    expect(failures(tokens, ['fg', ...SYNTAX], ['bg', 'editor-active-line'], 4.5)).toEqual([]);
    expect(failures(tokens, ['fg', ...SYNTAX], ['editor-selection'], 4.5)).toEqual([]);
  });
});

describe('contrastRatio', () => {
  it('matches WCAG for known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The faint grey of the audit on the panel (axe rounds it down to 3.96).
    expect(contrastRatio('#6e7687', '#13161d')).toBeCloseTo(3.97, 2);
  });
});
