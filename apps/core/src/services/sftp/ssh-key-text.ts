import { createHash, createPublicKey } from 'node:crypto';
import ssh2, { type ParsedKey } from 'ssh2';
import { badRequest } from '../../errors.ts';

// ssh2 is CommonJS whose exports Node cannot name statically: take them from the default.
const { utils } = ssh2;

/** Key types a user may add (DSA is refused: OpenSSH itself turned it off in 2015). */
const ALLOWED_TYPES = new Set([
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'ssh-rsa',
]);
const RSA_MIN_BITS = 2048;
const MAX_TEXT = 16 * 1024;
const COMMENT_MAX = 200;

/** `SHA256:…` of a key's wire blob, as `ssh-keygen -l` prints it (base64 without padding). */
export function sshFingerprint(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

export interface PublicKeyText {
  algorithm: string;
  /** The SSH wire blob (what a client offers when it signs in). */
  blob: Buffer;
  fingerprint: string;
  comment: string | null;
}

/** ssh2's parse of a key, one key only. */
function parseOne(data: string | Buffer): ParsedKey | null {
  const parsed = utils.parseKey(data) as ParsedKey | ParsedKey[] | Error;
  if (parsed instanceof Error || Array.isArray(parsed)) return null;
  return parsed;
}

/**
 * An RFC 4716 block (`---- BEGIN SSH2 PUBLIC KEY ----`, PuTTYgen's "Save public key") as one
 * OpenSSH line, or null when the text is not one. ssh2 reads such blocks for RSA only.
 */
function fromRfc4716(text: string): string | null {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '---- BEGIN SSH2 PUBLIC KEY ----') return null;
  const end = lines.indexOf('---- END SSH2 PUBLIC KEY ----');
  if (end < 0) return null;
  let comment = '';
  let body = '';
  /** The header whose value goes on (its line ends in a backslash), lower case. */
  let header: string | null = null;
  for (const line of lines.slice(1, end)) {
    if (header === null && !/^[\x21-\x39\x3b-\x7e]{1,64}:/.test(line)) {
      body += line;
      continue;
    }
    let value = line;
    if (header === null) {
      const colon = line.indexOf(':');
      header = line.slice(0, colon).toLowerCase();
      value = line.slice(colon + 1).trim();
    }
    const more = value.endsWith('\\');
    if (header === 'comment') comment += more ? value.slice(0, -1) : value;
    if (!more) header = null;
  }
  const blob = Buffer.from(body, 'base64');
  if (blob.length < 4) return null;
  const typeLength = blob.readUInt32BE(0);
  const type = blob.subarray(4, 4 + typeLength).toString('latin1');
  if (!/^[a-z0-9@.-]+$/.test(type)) return null;
  return `${type} ${blob.toString('base64')} ${comment.replace(/^"(.*)"$/, '$1')}`.trim();
}

/**
 * A public key as a user pastes it: one line of an OpenSSH `.pub` file (`ssh-ed25519 AAAA… me@pc`)
 * or the RFC 4716 block PuTTYgen saves. Refused, each with a reason the Profile shows: anything
 * else, a private key, a certificate, DSA, RSA under 2048 bits.
 */
export function parsePublicKeyText(text: string): PublicKeyText {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw badRequest('Paste a public key');
  if (trimmed.length > MAX_TEXT) throw badRequest('This is too long for a public key');
  if (trimmed.includes('PRIVATE KEY') || trimmed.startsWith('PuTTY-User-Key-File'))
    throw badRequest('This is a private key: paste the public key (the .pub file) instead');
  const parsed = parseOne(fromRfc4716(trimmed) ?? trimmed);
  if (parsed === null)
    throw badRequest(
      'This is not an SSH public key (paste one line of a .pub file, e.g. ssh-ed25519 AAAA… you@pc)',
    );
  if (parsed.isPrivateKey())
    throw badRequest('This is a private key: paste the public key (the .pub file) instead');
  if (!ALLOWED_TYPES.has(parsed.type))
    throw badRequest(
      `Keys of type ${parsed.type} are not accepted (use ed25519, ECDSA or RSA of 2048 bits or more)`,
    );
  if (parsed.type === 'ssh-rsa') {
    const bits = createPublicKey(parsed.getPublicPEM()).asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < RSA_MIN_BITS)
      throw badRequest(`This RSA key has ${bits} bits; at least ${RSA_MIN_BITS} are needed`);
  }
  const blob = parsed.getPublicSSH();
  const comment = [...(parsed.comment ?? '')]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim()
    .slice(0, COMMENT_MAX);
  return {
    algorithm: parsed.type,
    blob,
    fingerprint: sshFingerprint(blob),
    comment: comment === '' ? null : comment,
  };
}

/**
 * Whether `signature` over `data` is the holder of the public key `blob` signing, with the
 * algorithm the client named (`ssh-rsa` keys sign with SHA-256 or SHA-512 when `hashAlgo` says).
 */
export function verifyKeySignature(
  blob: Buffer,
  algorithm: string,
  data: Buffer,
  signature: Buffer,
  hashAlgo: string | undefined,
): boolean {
  const key = parseOne(blob);
  if (key === null || key.type !== algorithm) return false;
  return key.verify(data, signature, hashAlgo) === true;
}
