// Issue 29: the German and Chinese catalogs are complete — every English message has a translation
// in each, with the same placeholders, plural arguments and `<0>…</0>` tags — and parse as ICU.
import { formatter } from '@lingui/format-po';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

const TRANSLATED = ['de', 'zh-CN'];
const po = formatter({ lineNumbers: false });
/** Every catalog's text by path, `../../locales/<locale>/<catalog>.po`. */
const texts = import.meta.glob<string>('../../locales/*/*.po', {
  query: '?raw',
  import: 'default',
  eager: true,
});

async function catalog(locale: string, file: string) {
  const filename = `../../locales/${locale}/${file}`;
  return po.parse(texts[filename] ?? '', { locale, sourceLocale: 'en', filename });
}

/** The placeholders, plural/select arguments and component tags a message uses, sorted. */
export function slotsOf(message: string): string[] {
  const slots = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') {
        for (const tag of token.matchAll(/<\/?(\d+)\/?>/g)) slots.add(`<${tag[1]}>`);
        continue;
      }
      const [name, , format] = token;
      slots.add(`{${name}}`);
      if (format && typeof format === 'object')
        for (const [key, branch] of Object.entries(format))
          if (key !== 'offset' && Array.isArray(branch)) walk(branch as CompiledMessage);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...slots].sort();
}

const files = Object.keys(texts)
  .filter((key) => key.startsWith('../../locales/en/'))
  .map((key) => key.slice('../../locales/en/'.length));

describe('the translations (issue 29)', () => {
  it('finds the catalogs', () => {
    expect(files).toContain('app.po');
  });

  for (const locale of TRANSLATED) {
    it(`${locale}: every English message is translated, with the same placeholders`, async () => {
      const problems: string[] = [];
      for (const file of files) {
        const english = await catalog('en', file);
        const translated = await catalog(locale, file);
        for (const [id, entry] of Object.entries(english)) {
          if (entry.obsolete || !entry.message) continue;
          const translation = translated[id]?.translation;
          if (!translation) {
            problems.push(`${file}: no translation of "${entry.message}"`);
            continue;
          }
          let slots: string[];
          try {
            slots = slotsOf(translation);
          } catch (error) {
            problems.push(`${file}: "${translation}" is not a valid message: ${String(error)}`);
            continue;
          }
          const expected = slotsOf(entry.message);
          if (slots.join() !== expected.join())
            problems.push(
              `${file}: "${translation}" has ${slots.join(' ') || 'no placeholder'}, "${entry.message}" has ${expected.join(' ') || 'none'}`,
            );
        }
      }
      expect(problems).toEqual([]);
    });
  }

  for (const locale of TRANSLATED) {
    it(`${locale}: the same English has the same translation in every catalog (they merge into one)`, async () => {
      const seen = new Map<string, { file: string; translation: string }>();
      const problems: string[] = [];
      for (const file of files) {
        const translated = await catalog(locale, file);
        for (const [id, entry] of Object.entries(translated)) {
          if (entry.obsolete || !entry.translation) continue;
          const first = seen.get(id);
          if (!first) seen.set(id, { file, translation: entry.translation });
          else if (first.translation !== entry.translation)
            problems.push(
              `"${entry.message ?? id}": "${first.translation}" (${first.file}) but "${entry.translation}" (${file})`,
            );
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('tells a placeholder from plain text, tags and plural branches included', () => {
    expect(slotsOf('Delete {name}?')).toEqual(['{name}']);
    expect(slotsOf('{count, plural, one {# file} other {# files in {dir}}}')).toEqual([
      '{count}',
      '{dir}',
    ]);
    expect(slotsOf('Read <0>the docs</0>')).toEqual(['<0>']);
    expect(slotsOf('Löschen')).toEqual([]);
  });
});
