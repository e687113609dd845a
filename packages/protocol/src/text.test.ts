import { describe, expect, it } from 'vitest';
import { stripAnsi } from './text.ts';

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
