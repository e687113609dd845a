// Runs one restore in its own process for backups-restore-crash.test.ts, which kills it with
// SIGKILL. Arguments: <base dir of a BackupEnv> <backup id> <point to stop at, or "none">.
// At that point it prints "at <point>" and waits forever (for the kill).
import { INSTANCE_UUID, USER, makeBackupEnv } from './backups-helpers.ts';

const [base, backupId, stopAt] = process.argv.slice(2) as [string, string, string];
const env = await makeBackupEnv(
  {
    onRestorePoint: async (point) => {
      if (point !== stopAt) return;
      process.stdout.write(`at ${point}\n`);
      await new Promise(() => undefined);
    },
  },
  base,
);
process.stdout.write('restoring\n');
await env.service.restore(INSTANCE_UUID, backupId, USER).done;
process.stdout.write('restored\n');
await env.close();
