import { constants } from 'node:fs';
import { chmod, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import ssh2 from 'ssh2';
import { writeFileAtomicAt } from '../../lib/atomic-write.ts';
import { sshFingerprint } from './ssh-key-text.ts';

// ssh2 is CommonJS whose exports Node cannot name statically: take them from the default.
const { utils } = ssh2;

/** Where the host key lives, under the data directory. */
export const HOST_KEY_FILE = path.join('sftp', 'ssh_host_ed25519_key');
const MAX_KEY_BYTES = 16 * 1024;

export interface HostKey {
  /** The private key in OpenSSH's format, for ssh2's `hostKeys`. */
  privateKey: string;
  /** `SHA256:…` of the public key, as `ssh-keygen -l` and clients print it. */
  fingerprint: string;
}

/**
 * The SFTP server's ed25519 host key, made on first use and kept in `<dataDir>/sftp/` (folder 0700,
 * file 0600, written atomically) so clients see the same server after every restart. A key file
 * that cannot be read or parsed stops the SFTP server with the reason: replacing it silently would
 * make every client warn that the server's identity changed.
 */
export async function loadOrCreateHostKey(dataDir: string): Promise<HostKey> {
  const dir = path.join(dataDir, 'sftp');
  const file = path.join(dataDir, HOST_KEY_FILE);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const existing = await readKeyFile(file);
  if (existing !== null) return parseHostKey(existing, file);
  const pair = utils.generateKeyPairSync('ed25519', { comment: 'hearth-sftp' });
  await writeFileAtomicAt(file, pair.private, 0o600);
  return parseHostKey(pair.private, file);
}

/** The key file's text, or null when there is none. Never follows a link; tightens its mode. */
async function readKeyFile(file: string): Promise<string | null> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return null;
    throw new Error(`The SFTP host key ${file} cannot be opened`, { cause: err });
  }
  try {
    const st = await handle.stat();
    if (!st.isFile() || st.size > MAX_KEY_BYTES)
      throw new Error(`The SFTP host key ${file} is not a key file`);
    if ((st.mode & 0o077) !== 0) await handle.chmod(0o600);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

function parseHostKey(text: string, file: string): HostKey {
  const parsed = utils.parseKey(text);
  if (parsed instanceof Error || !parsed.isPrivateKey())
    throw new Error(`The SFTP host key ${file} is not a private key`);
  return { privateKey: text, fingerprint: sshFingerprint(parsed.getPublicSSH()) };
}
