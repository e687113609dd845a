import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../../errors.ts';

export const PLAYIT_KEY_FILE = 'playit-secret.key';

/** An agent secret as the provider hands it out: printable ASCII, no spaces. */
const SECRET_PATTERN = /^[\x21-\x7e]{1,512}$/;
const MAX_FILE_BYTES = 4096;

/**
 * The agent secret in `<dir>/playit-secret.key`, readable by the core's user only (0600). Writes
 * are atomic (temp file + fsync + rename + directory fsync), so a reader sees the old key or the
 * new one, never a mix; reads do not follow a link planted at the file's name.
 */
export class PlayitKeyStore {
  readonly file: string;

  constructor(
    private readonly dir: string,
    fileName = PLAYIT_KEY_FILE,
  ) {
    this.file = path.join(dir, fileName);
  }

  /** The stored secret, or null when there is none (missing, empty or not a secret). */
  async read(): Promise<string | null> {
    let handle;
    try {
      handle = await open(this.file, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ENOENT' || code === 'ELOOP') return null;
      throw err;
    }
    try {
      const buf = Buffer.alloc(MAX_FILE_BYTES + 1);
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      if (bytesRead > MAX_FILE_BYTES) return null;
      const secret = buf.subarray(0, bytesRead).toString('utf8').trim();
      return SECRET_PATTERN.test(secret) ? secret : null;
    } finally {
      await handle.close();
    }
  }

  async write(secret: string): Promise<void> {
    const value = secret.trim();
    if (!SECRET_PATTERN.test(value)) throw badRequest('Playit sent an invalid agent secret');
    await mkdir(this.dir, { recursive: true });
    const temp = path.join(
      this.dir,
      `.${path.basename(this.file)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    const handle = await open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      // The umask cannot widen 0600, but a chmod makes the mode independent of it.
      await handle.chmod(0o600);
      await handle.writeFile(`${value}\n`);
      await handle.sync();
      await handle.close();
      await rename(temp, this.file);
    } catch (err) {
      await handle.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    await syncDir(this.dir);
  }

  async remove(): Promise<void> {
    await unlink(this.file).catch((err: { code?: string }) => {
      if (err.code !== 'ENOENT') throw err;
    });
    await syncDir(this.dir);
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY).catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
