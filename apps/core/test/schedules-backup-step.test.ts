import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { INSTANCE_UUID, USER, makeBackupEnv, type BackupEnv } from './backups-helpers.ts';
import { input, makeScheduleEnv, type ScheduleEnv } from './schedules-helpers.ts';

// A schedule's "create backup" step through the real BackupService.

let backups: BackupEnv;
let schedules: ScheduleEnv;

beforeEach(async () => {
  backups = await makeBackupEnv();
  schedules = await makeScheduleEnv();
  await writeFile(path.join(backups.target.dir, 'level.dat'), 'world');
  schedules.executors.backupWith = async (uuid, options, causedBy) => {
    const made = await (await backups.service.create(uuid, options, causedBy)).done;
    return { id: made.id, name: made.name, created_at: made.created_at };
  };
});

afterEach(async () => {
  await schedules.close();
  await backups.close();
});

it('a backup step makes a real backup as the author; a concurrent one fails the step clearly', async () => {
  const s = await schedules.service.create(
    INSTANCE_UUID,
    'alice',
    input({
      trigger: { type: 'Event', event: 'InstanceStarted' },
      steps: [{ type: 'Backup', name: 'nightly', locked: true }],
    }),
  );
  schedules.service.runNow(INSTANCE_UUID, s.id, { uid: 'alice', name: 'alice' });
  await schedules.service.idle(s.id);
  expect(schedules.service.runs(INSTANCE_UUID, s.id)[0]?.outcome).toBe('Success');
  const [made] = backups.service.list(INSTANCE_UUID);
  expect(made).toMatchObject({
    name: 'nightly',
    locked: true,
    state: 'Ready',
    made_by: { type: 'User', user_id: 'alice', user_name: 'alice' },
  });
  expect(schedules.service.runs(INSTANCE_UUID, s.id)[0]!.steps[0]!.message).toBe(
    'Made backup "nightly"',
  );

  // Not awaited: the instance is claimed by the call itself, before its row is stored.
  const manual = backups.service.create(INSTANCE_UUID, {}, USER);
  schedules.service.runNow(INSTANCE_UUID, s.id, { uid: 'alice', name: 'alice' });
  await schedules.service.idle(s.id);
  expect(schedules.service.runs(INSTANCE_UUID, s.id)[0]?.outcome).toBe('Failed');
  expect(schedules.service.runs(INSTANCE_UUID, s.id)[0]!.reason).toBe(
    'Step 1 (Backup) failed: A backup of this instance is already running',
  );
  await (
    await manual
  ).done;
});
