import fs from 'node:fs';
import path from 'node:path';

/**
 * One core per data directory (core-api.md §1.1 lockfile). The lock file holds the owner's PID and is
 * created with O_EXCL; a lock left by a dead process is taken over.
 */
export class DataDirLock {
  private constructor(private readonly file: string) {}

  static acquire(dataDir: string): DataDirLock {
    const file = path.join(dataDir, 'hearth.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = fs.openSync(file, 'wx');
        fs.writeSync(fd, String(process.pid));
        fs.closeSync(fd);
        return new DataDirLock(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const pid = Number(fs.readFileSync(file, 'utf8').trim());
        if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
          throw new Error(
            `Another Hearth core (pid ${pid}) is using the data directory ${dataDir}`,
          );
        }
        fs.rmSync(file, { force: true });
      }
    }
    throw new Error(`Could not lock the data directory ${dataDir}`);
  }

  release(): void {
    try {
      if (fs.readFileSync(this.file, 'utf8').trim() === String(process.pid))
        fs.rmSync(this.file, { force: true });
    } catch {
      // Already gone: nothing to release.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
