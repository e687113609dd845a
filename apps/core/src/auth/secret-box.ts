import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { internal } from '../errors.ts';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/**
 * Seals small secrets (TOTP seeds) with AES-256-GCM under a key kept in its own file in the data
 * directory (`keys/two-factor.key`, 0600, made on first use), so the database alone — a copy of
 * `hearth.db`, a dump attached to a bug report — does not give the secrets away. Whoever holds
 * the whole data directory holds both; that is the core's own trust boundary. The key is read
 * without following a link; a missing key file is made only when sealing, never when opening (a
 * lost key must not silently become a new one that opens nothing).
 */
export class SecretBox {
  private key: Buffer | null = null;

  constructor(private readonly file: string) {}

  static inDataDir(dataDir: string): SecretBox {
    return new SecretBox(path.join(dataDir, 'keys', 'two-factor.key'));
  }

  seal(plain: string): string {
    const key = this.loadKey(true);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plain text, or an error naming the key file when the seal does not open with it. */
  open(sealed: string): string {
    const [version, payload] = sealed.split('.', 2);
    const data = Buffer.from(payload ?? '', 'base64url');
    if (version !== VERSION || data.length < IV_BYTES + TAG_BYTES) throw unreadable();
    const key = this.loadKey(false);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES));
      decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(data.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw unreadable();
    }
  }

  private loadKey(create: boolean): Buffer {
    if (this.key) return this.key;
    let text: string | null = null;
    try {
      const fd = fs.openSync(this.file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
      try {
        text = fs.readFileSync(fd, 'utf8').trim();
      } finally {
        fs.closeSync(fd);
      }
    } catch (err) {
      if ((err as { code?: string }).code !== 'ENOENT' || !create) throw unreadable();
    }
    if (text === null) text = this.createKey();
    const key = Buffer.from(text, 'base64url');
    if (key.length !== KEY_BYTES) throw unreadable();
    this.key = key;
    return key;
  }

  private createKey(): string {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const text = randomBytes(KEY_BYTES).toString('base64url');
    // O_EXCL: two cores cannot share a data dir (hearth.lock), but never overwrite a key anyway.
    const fd = fs.openSync(
      this.file,
      fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW,
      0o600,
    );
    try {
      fs.fchmodSync(fd, 0o600);
      fs.writeFileSync(fd, `${text}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return text;
  }
}

function unreadable() {
  return internal(
    'The two-factor secret cannot be read: the key file keys/two-factor.key in the data directory is missing or changed. Sign in with a recovery code',
  );
}
