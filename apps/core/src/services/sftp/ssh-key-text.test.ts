import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../../errors.ts';
import { parsePublicKeyText } from './ssh-key-text.ts';

const run = promisify(execFile);
let dir: string;

/** A key made by OpenSSH's ssh-keygen: its files' text and the fingerprint ssh-keygen prints. */
async function keygen(name: string, ...args: string[]) {
  const file = path.join(dir, name);
  await run('ssh-keygen', ['-q', '-N', '', '-C', `${name}@pc`, '-f', file, ...args]);
  const { stdout } = await run('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${file}.pub`]);
  return {
    pub: await fs.readFile(`${file}.pub`, 'utf8'),
    priv: await fs.readFile(file, 'utf8'),
    file,
    fingerprint: stdout.split(' ')[1]!,
  };
}

function refusal(text: string): string {
  try {
    parsePublicKeyText(text);
  } catch (err) {
    if (err instanceof CoreError) return err.causes.join(': ');
    throw err;
  }
  throw new Error('accepted');
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-keys-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('public keys users paste', () => {
  it.each([
    ['ed25519', ['-t', 'ed25519'], 'ssh-ed25519'],
    ['ECDSA', ['-t', 'ecdsa', '-b', '256'], 'ecdsa-sha2-nistp256'],
    ['RSA 3072', ['-t', 'rsa', '-b', '3072'], 'ssh-rsa'],
  ])('%s: type, comment and the fingerprint ssh-keygen prints', async (name, args, type) => {
    const key = await keygen(name.replace(/\s/g, ''), ...args);
    const parsed = parsePublicKeyText(`  ${key.pub}\n`);
    expect(parsed.algorithm).toBe(type);
    expect(parsed.comment).toBe(`${name.replace(/\s/g, '')}@pc`);
    expect(parsed.fingerprint).toBe(key.fingerprint);
    expect(parsed.blob.toString('base64')).toBe(key.pub.split(' ')[1]);
  });

  it('the RFC 4716 block PuTTYgen saves', async () => {
    const key = await keygen('putty', '-t', 'ed25519');
    const { stdout } = await run('ssh-keygen', ['-e', '-f', `${key.file}.pub`]);
    expect(stdout).toContain('BEGIN SSH2 PUBLIC KEY');
    const parsed = parsePublicKeyText(stdout);
    expect(parsed.fingerprint).toBe(key.fingerprint);
    expect(parsed.algorithm).toBe('ssh-ed25519');
    expect(parsed.comment).toMatch(/^256-bit ED25519, converted by /);
  });

  it('refuses private keys, short RSA keys and anything that is not a key, saying why', async () => {
    const ed = await keygen('secret', '-t', 'ed25519');
    expect(refusal(ed.priv)).toMatch(/private key/);
    const weak = await keygen('weak', '-t', 'rsa', '-b', '1024');
    expect(refusal(weak.pub)).toBe('This RSA key has 1024 bits; at least 2048 are needed');
    expect(refusal('')).toBe('Paste a public key');
    expect(refusal('hello world')).toMatch(/not an SSH public key/);
    expect(refusal(`${ed.pub}\n${ed.pub}`)).toMatch(/not an SSH public key/);
  });

  it('keeps only printable characters of a comment', async () => {
    const key = await keygen('odd', '-t', 'ed25519');
    const [type, body] = key.pub.split(' ');
    expect(parsePublicKeyText(`${type} ${body} tab\there`).comment).toBe('tabhere');
    expect(parsePublicKeyText(`${type} ${body}`).comment).toBeNull();
  });
});
