import { describe, expect, it } from 'vitest';
import { LineSplitter } from './line-splitter.ts';

function split(chunks: (string | Buffer)[], max?: number): string[] {
  const lines: string[] = [];
  const splitter = new LineSplitter((line) => lines.push(line), max);
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return lines;
}

describe('LineSplitter', () => {
  it('keeps each terminator (\\n or \\r\\n) and joins partial lines across chunks', () => {
    expect(split(['[12:00:00] a\r\n[12:00', ':01] b\n', 'c'])).toEqual([
      '[12:00:00] a\r\n',
      '[12:00:01] b\n',
      'c',
    ]);
  });

  it('reassembles UTF-8 split across chunks and replaces invalid bytes', () => {
    const text = Buffer.from('héllo ✓\n');
    expect(split([text.subarray(0, 2), text.subarray(2, 8), text.subarray(8)])).toEqual([
      'héllo ✓\n',
    ]);
    expect(split([Buffer.from([0x61, 0xff, 0x0a])])).toEqual(['a\uFFFD\n']);
  });

  it('cuts a runaway line into pieces of the cap instead of growing without bound', () => {
    const lines = split(['x'.repeat(25), 'y'.repeat(5), '\nz\n'], 10);
    expect(lines).toEqual(['xxxxxxxxxx', 'xxxxxxxxxx', 'xxxxxyyyyy', '\n', 'z\n']);
    expect(lines.every((l) => l.length <= 10)).toBe(true);
  });
});
