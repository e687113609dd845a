import { describe, expect, it } from 'vitest';
import { hasControlCharacter, replaceControlCharacters, stripAnsi } from './text.ts';

const ESC = '\u001b';

describe('stripAnsi', () => {
  it('removes colour, cursor and OSC sequences and keeps the text', () => {
    expect(stripAnsi(`${ESC}[32mgreen${ESC}[0m ${ESC}[1;31mbold red${ESC}[m`)).toBe(
      'green bold red',
    );
    expect(stripAnsi(`${ESC}]0;title${ESC}\\after ${ESC}[2K${ESC}[1Gline`)).toBe('after line');
  });

  it('removes lone two-byte escapes and keeps line terminators', () => {
    expect(stripAnsi(`${ESC}Mup\r\n`)).toBe('up\r\n');
  });
});

describe('control characters', () => {
  it('finds C0 controls and DEL, nothing else, the same on every call', () => {
    for (const c of ['\u0000', '\u0007', '\t', '\n', '\u001f', '\u007f'])
      expect(hasControlCharacter(`a${c}b`)).toBe(true);
    expect(hasControlCharacter('plain name é 😀')).toBe(false);
    expect(hasControlCharacter('a\u0001')).toBe(true);
    expect(hasControlCharacter('a\u0001')).toBe(true);
  });

  it('replaces or drops them, optionally keeping tab and newline', () => {
    expect(replaceControlCharacters('a\u0000b\u007fc', '?')).toBe('a?b?c');
    expect(replaceControlCharacters('a\tb\nc\u0007')).toBe('abc');
    expect(replaceControlCharacters('a\tb\nc\u0007', '', { keepTabAndNewline: true })).toBe(
      'a\tb\nc',
    );
  });
});
