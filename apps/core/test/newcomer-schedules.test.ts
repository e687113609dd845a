// Issue 23 items 9, 10, 11, 12 and 15 through the API of a real core, on a cheap generic instance
// (a Node process that echoes its console): the restore's safety backup outlives retention, every
// schedule run is one Event Logs entry of kind schedules that names the schedule and the instance,
// a backup step names the backup it made, a view-only user sees schedule steps only as Event Logs
// would show them, and the CSV export has the instance's name and uuid on every row.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  BackupRecordSchema,
  ScheduleRunSchema,
  ScheduleSchema,
  apiPaths,
  emptyLogFilter,
  emptyPermissions,
  type InstanceInfo,
  type LogEntry,
  type ScheduleInput,
  type ScheduleRun,
} from '@hearth/protocol';
import { backupThroughApi, nextBackupEnd } from './backups-app-helpers.ts';
import { searchLog } from './event-log-helpers.ts';
import { startAndWaitRunning } from './instance-helpers.ts';
import { createEchoInstance, useMacroCore, type MacroEnv } from './macros-helpers.ts';

let env: MacroEnv;
let inst: InstanceInfo;

useMacroCore(async (opened) => {
  env = opened;
  inst = await createEchoInstance(env, 'Newcomer Host');
});

const owner = () => env.owner;

function schedule(partial: Partial<ScheduleInput> & Pick<ScheduleInput, 'steps'>): ScheduleInput {
  return {
    description: '',
    trigger: { type: 'Cron', expression: '0 4 * * *', timezone: 'UTC' },
    enabled: true,
    only_when_running: false,
    continue_on_failure: false,
    ...partial,
  };
}

async function createSchedule(input: ScheduleInput): Promise<string> {
  const res = await env.t.request('POST', apiPaths.scheduleCreate(inst.uuid), {
    token: owner(),
    body: input,
  });
  expect(res.status, res.text).toBe(200);
  return ScheduleSchema.parse(res.json).id;
}

async function runs(id: string, token = owner()): Promise<ScheduleRun[]> {
  const res = await env.t.request('GET', apiPaths.scheduleRuns(inst.uuid, id), { token });
  expect(res.status, res.text).toBe(200);
  return z.array(ScheduleRunSchema).parse(res.json);
}

/** Runs the schedule now and waits until its record says it ended. */
async function runToEnd(id: string): Promise<ScheduleRun> {
  const res = await env.t.request('POST', apiPaths.scheduleRun(inst.uuid, id), { token: owner() });
  expect(res.status, res.text).toBe(200);
  const started = ScheduleRunSchema.parse(res.json);
  await expect
    .poll(async () => (await runs(id)).find((r) => r.id === started.id)?.outcome, {
      timeout: 60_000,
    })
    .not.toBe('Running');
  return (await runs(id)).find((r) => r.id === started.id)!;
}

describe('item 9: a restore keeps its safety backup whatever the retention policy says', () => {
  it('keeps "Before restoring …" when retention prunes after the next backup', async () => {
    const first = await backupThroughApi(env.t, owner(), env.log, inst.uuid, { name: 'first' });
    const restored = nextBackupEnd(env.log, inst.uuid, 60_000);
    const res = await env.t.request('POST', apiPaths.backupRestore(inst.uuid, first.id), {
      token: owner(),
      body: {},
    });
    expect(res.status, res.text).toBe(200);
    expect((await restored).success).toBe(true);
    const settings = await env.t.request('PUT', apiPaths.backupSettingsUpdate(inst.uuid), {
      token: owner(),
      body: { retention: { keep_last: 1, max_age_days: null, max_total_gib: null } },
    });
    expect(settings.status, settings.text).toBe(200);

    await backupThroughApi(env.t, owner(), env.log, inst.uuid, { name: 'second' });

    const list = z
      .array(BackupRecordSchema)
      .parse((await env.t.request('GET', apiPaths.backupList(inst.uuid), { token: owner() })).json);
    expect(list.map((b) => b.name).sort()).toEqual(['Before restoring first', 'second']);
    expect(list.find((b) => b.safety)?.name).toBe('Before restoring first');
    const page = await searchLog(env.t, owner(), { categories: ['backups'] });
    expect(JSON.stringify(page.entries)).not.toContain('Deleted backup Before restoring');
    // Back to no retention for the tests below.
    await env.t.request('PUT', apiPaths.backupSettingsUpdate(inst.uuid), {
      token: owner(),
      body: { retention: { keep_last: null, max_age_days: null, max_total_gib: null } },
    });
  });
});

describe('item 11: a backup step names the backup it made', () => {
  it('says "Made backup nightly", not its id', async () => {
    const id = await createSchedule(
      schedule({
        description: 'nightly backup',
        steps: [{ type: 'Backup', name: 'nightly', locked: false }],
      }),
    );
    const run = await runToEnd(id);
    expect(run.outcome, run.reason ?? '').toBe('Success');
    const backups = z
      .array(BackupRecordSchema)
      .parse((await env.t.request('GET', apiPaths.backupList(inst.uuid), { token: owner() })).json);
    const made = backups.find((b) => b.name === 'nightly')!;
    expect(run.steps[0]?.message).toBe('Made backup "nightly"');
    expect(run.steps[0]?.message).not.toContain(made.id);
  });
});

describe('item 10: every schedule run is one Event Logs entry of kind schedules', () => {
  const ofSchedule = (entries: LogEntry[], name: string) =>
    entries.filter(
      (e) =>
        e.source === 'activity' &&
        e.activity.type === 'ScheduleRunActivity' &&
        e.activity.schedule_name === name,
    );

  it('a successful run: schedule name, instance and outcome, in the instance log; no Tasks rows', async () => {
    await startAndWaitRunning(env.t, owner(), env.log, inst.uuid);
    const id = await createSchedule(
      schedule({ description: 'greet', steps: [{ type: 'Command', command: 'say hi' }] }),
    );
    const run = await runToEnd(id);
    expect(run.outcome, run.reason ?? '').toBe('Success');

    const forInstance = await searchLog(env.t, owner(), {
      categories: ['schedules'],
      instances: [inst.uuid],
    });
    const entries = ofSchedule(forInstance.entries, 'greet');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      category: 'schedules',
      level: 'Info',
      instance_uuid: inst.uuid,
      activity: {
        type: 'ScheduleRunActivity',
        outcome: 'Success',
        instance_uuid: inst.uuid,
        instance_name: 'Newcomer Host',
        schedule_id: id,
        schedule_name: 'greet',
      },
    });
    const tasks = await searchLog(env.t, owner(), { categories: ['tasks'] });
    expect(JSON.stringify(tasks.entries)).not.toContain('Schedule \\"greet\\"');
  });

  it('a failed run is one entry too, with the reason', async () => {
    const id = await createSchedule(
      schedule({ description: 'broken', steps: [{ type: 'Macro', macro: 'nope', args: [] }] }),
    );
    const run = await runToEnd(id);
    expect(run.outcome).toBe('Failed');
    const page = await searchLog(env.t, owner(), { categories: ['schedules'] });
    const entries = ofSchedule(page.entries, 'broken');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 'Error',
      instance_uuid: inst.uuid,
      activity: { outcome: 'Failed' },
    });
  });
});

describe('item 12: a view-only user sees schedule steps as Event Logs would show them', () => {
  it('hides console commands without console access, and macro steps without macro access', async () => {
    const id = await createSchedule(
      schedule({
        description: 'secretive',
        continue_on_failure: true,
        steps: [
          { type: 'Command', command: 'say the-secret-word' },
          { type: 'Macro', macro: 'the-secret-macro', args: ['the-secret-arg'] },
        ],
      }),
    );
    await runToEnd(id);
    const viewer = await env.t.createUser(owner(), 'viewer');
    const perms = { ...emptyPermissions(), can_view_instance: [inst.uuid] };
    const granted = await env.t.request('PUT', apiPaths.userUpdatePerm(viewer.uid), {
      token: owner(),
      body: perms,
    });
    expect(granted.status, granted.text).toBe(200);

    const list = await env.t.request('GET', apiPaths.scheduleList(inst.uuid), {
      token: viewer.token,
    });
    expect(list.status, list.text).toBe(200);
    const history = await env.t.request('GET', apiPaths.scheduleRuns(inst.uuid, id), {
      token: viewer.token,
    });
    expect(history.status, history.text).toBe(200);
    for (const text of [list.text, history.text])
      for (const secret of ['the-secret-word', 'the-secret-macro', 'the-secret-arg'])
        expect(text).not.toContain(secret);
    const mine = z
      .array(ScheduleSchema)
      .parse(list.json)
      .find((s) => s.id === id)!;
    expect(mine.steps).toEqual([
      { type: 'Command', command: '', hidden: true },
      { type: 'Macro', macro: '', args: [], hidden: true },
    ]);
    z.array(ScheduleRunSchema).parse(history.json);

    // With the console, commands show; macro steps still need the macro permission.
    await env.t.request('PUT', apiPaths.userUpdatePerm(viewer.uid), {
      token: owner(),
      body: { ...perms, can_access_instance_console: [inst.uuid] },
    });
    const withConsole = await env.t.request('GET', apiPaths.scheduleList(inst.uuid), {
      token: viewer.token,
    });
    expect(withConsole.text).toContain('say the-secret-word');
    expect(withConsole.text).not.toContain('the-secret-arg');
    const runsWithConsole = await runs(id, viewer.token);
    expect(runsWithConsole[0]?.steps[0]?.message).toBe('Sent "say the-secret-word"');

    // The owner sees everything.
    const full = await env.t.request('GET', apiPaths.scheduleList(inst.uuid), { token: owner() });
    expect(full.text).toContain('the-secret-arg');
  });
});

describe('item 15: the CSV export names the instance and gives its uuid on every row', () => {
  it('has instance and instance_uuid columns, filled for file rows as for state rows', async () => {
    const wrote = await env.t.request('PUT', apiPaths.fsWrite(inst.uuid, 'notes.txt'), {
      token: owner(),
      rawBody: 'hello',
    });
    expect(wrote.status, wrote.text).toBe(200);
    const res = await env.t.request(
      'GET',
      apiPaths.activityExport({ ...emptyLogFilter(), instances: [inst.uuid] }, 'csv'),
      { token: owner() },
    );
    expect(res.status, res.text).toBe(200);
    const [header, ...rows] = res.text.trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns.slice(0, 5)).toEqual(['time', 'level', 'kind', 'instance', 'instance_uuid']);
    const kinds = new Set<string>();
    for (const row of rows) {
      const cells = row.split(',');
      kinds.add(cells[2]!);
      expect(cells[3], row).toBe('Newcomer Host');
      expect(cells[4], row).toBe(inst.uuid);
    }
    expect(kinds).toContain('files');
    expect(kinds).toContain('state');
  });
});
