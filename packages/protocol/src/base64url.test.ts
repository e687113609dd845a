/// <reference types="node" />
// Node's Buffer is the independent oracle for RFC 4648 §5 (url-safe alphabet, no padding).
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import {
  base64UrlDecodeBytes,
  base64UrlEncodeBytes,
  decodePathSegment,
  encodePathSegment,
} from './base64url.ts';

/** Deterministic bytes (xorshift32) so a failure names a reproducible input. */
function randomBytes(seed: number, length: number): Uint8Array {
  let x = seed || 1;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe('path segments (core-api.md §1.4.14)', () => {
  it.each([
    ['server.properties', 'c2VydmVyLnByb3BlcnRpZXM'],
    ['.', 'Lg'],
    ['', ''],
    ['world/region', 'd29ybGQvcmVnaW9u'],
  ])('%j ↔ %j', (path, encoded) => {
    expect(encodePathSegment(path)).toBe(encoded);
    expect(decodePathSegment(encoded)).toBe(path);
  });

  it('UTF-8 names round-trip and match Buffer', () => {
    for (const name of [
      'Müll/ünïcødé.txt',
      '世界/存档',
      'emoji 🎮.json',
      'C:\\Users\\ä\\server.jar',
    ]) {
      const encoded = encodePathSegment(name);
      expect(encoded).toBe(Buffer.from(name, 'utf8').toString('base64url'));
      expect(decodePathSegment(encoded)).toBe(name);
    }
  });

  it('uses - and _ and never + / =', () => {
    // 0xfb 0xff 0xbf needs both the 62nd and 63rd letters.
    expect(base64UrlEncodeBytes(Uint8Array.from([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(encodePathSegment('>>>???')).toBe('Pj4-Pz8_');
    expect(encodePathSegment('ab')).toBe('YWI');
  });

  it('rejects padded input', () => {
    expect(() => decodePathSegment('Lg==')).toThrow('Failed to decode base64');
    expect(() => decodePathSegment('YWI=')).toThrow('Failed to decode base64');
  });

  it('rejects characters outside the url-safe alphabet', () => {
    for (const bad of ['c2Vy+mVy', 'c2Vy/mVy', 'Lg.', 'L g', 'Lg\n', 'Lé']) {
      expect(() => decodePathSegment(bad), JSON.stringify(bad)).toThrow('Failed to decode base64');
    }
  });

  it('rejects impossible lengths and non-zero trailing bits', () => {
    expect(() => base64UrlDecodeBytes('A')).toThrow('Failed to decode base64');
    expect(() => base64UrlDecodeBytes('AAAAA')).toThrow('Failed to decode base64');
    // 'Lh' carries stray low bits: the canonical form of '.' is 'Lg'.
    expect(() => base64UrlDecodeBytes('Lh')).toThrow('Failed to decode base64');
  });

  it('rejects bytes that are not UTF-8 instead of substituting U+FFFD', () => {
    for (const bytes of [[0xff], [0xc3], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0x61, 0x80]]) {
      const segment = Buffer.from(bytes).toString('base64url');
      expect(() => decodePathSegment(segment), segment).toThrow();
      // ...though the raw byte decoder still gives them back.
      expect([...base64UrlDecodeBytes(segment)]).toEqual(bytes);
    }
  });
});

describe('byte round trip against Buffer base64url', () => {
  it('every length 0..64 and a few long strings', () => {
    const lengths = [...Array.from({ length: 65 }, (_, i) => i), 255, 256, 1000, 4097];
    for (const [index, length] of lengths.entries()) {
      const bytes = randomBytes(0x9e3779b9 ^ index, length);
      const expected = Buffer.from(bytes).toString('base64url');
      const encoded = base64UrlEncodeBytes(bytes);
      expect(encoded, `length ${length}`).toBe(expected);
      expect(
        Buffer.from(base64UrlDecodeBytes(encoded)).equals(Buffer.from(bytes)),
        `length ${length}`,
      ).toBe(true);
    }
  });

  it('all 256 byte values', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const encoded = base64UrlEncodeBytes(bytes);
    expect(encoded).toBe(Buffer.from(bytes).toString('base64url'));
    expect([...base64UrlDecodeBytes(encoded)]).toEqual([...bytes]);
  });
});
