// A foreign SQLite write lock on a core's database, as an admin's `sqlite3` shell or backup tool
// takes it: a second connection in its own process (in this process it would share the event loop
// of an in-process core) holding `BEGIN IMMEDIATE` until it is told to let go.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const CORE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const HOLDER = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
const release = () => {
  if (db.inTransaction) db.exec('COMMIT');
  db.close();
  process.stdout.write('released\\n');
  process.exit(0);
};
process.stdin.on('data', release);
process.stdin.on('end', release);
`;

export interface WriteLock {
  /** True until the holder has committed and closed its connection. */
  readonly held: boolean;
  /** Commits and closes the holder's connection; resolves once the lock is gone. */
  release(): Promise<void>;
}

/** Takes the write lock of `dbFile` from another process; resolves once it is held. */
export async function holdWriteLock(dbFile: string): Promise<WriteLock> {
  const child = spawn(process.execPath, ['-e', HOLDER, dbFile], {
    cwd: CORE_DIR,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const next = (want: string) =>
    new Promise<void>((resolve, reject) => {
      const onLine = (line: string) => {
        if (line !== want) return;
        lines.off('line', onLine);
        resolve();
      };
      lines.on('line', onLine);
      child.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
    });
  await next('locked');
  let held = true;
  return {
    get held() {
      return held;
    },
    async release() {
      if (!held) return;
      const released = next('released');
      child.stdin.end('release\n');
      await released;
      held = false;
    },
  };
}
