// core-api.md §1.4.14: file paths travel as base64url without padding (RFC 4648 §5).
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const LOOKUP = new Map([...ALPHABET].map((c, i) => [c, i]));

export function base64UrlEncodeBytes(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out +=
      ALPHABET[(n >> 18) & 63]! +
      ALPHABET[(n >> 12) & 63]! +
      ALPHABET[(n >> 6) & 63]! +
      ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/** Strict decoder: refuses padding, foreign characters and impossible lengths. */
export function base64UrlDecodeBytes(text: string): Uint8Array {
  if (text.length % 4 === 1) throw new Error('Failed to decode base64');
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of text) {
    const v = LOOKUP.get(ch);
    if (v === undefined) throw new Error('Failed to decode base64');
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  if (bits > 0 && (buffer & ((1 << bits) - 1)) !== 0) throw new Error('Failed to decode base64');
  return Uint8Array.from(out);
}

export function encodePathSegment(path: string): string {
  return base64UrlEncodeBytes(new TextEncoder().encode(path));
}

/** Decodes a path segment; invalid UTF-8 is an error, never a replacement character. */
export function decodePathSegment(segment: string): string {
  const bytes = base64UrlDecodeBytes(segment);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
