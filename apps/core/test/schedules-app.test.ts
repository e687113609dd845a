// Schedules through the real core with the test clock (HEARTH_TEST_CLOCK's route moves it; nothing
// waits for real time): cron and interval runs on a running flying-squid server, a player joining
// (a real mineflayer bot) → `say welcome`, power steps that resolve on the state, backup and macro
// steps, continue-on-failure, the author's permissions at run time, and missed runs after a restart.
import fs, { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LogPageSchema,
  ScheduleRunSchema,
  ScheduleSchema,
  emptyPermissions,
  type ScheduleInput,
  type ScheduleRun,
  type ScheduleStep,
} from '@hearth/protocol';
import { joinBot } from '../test-support/mineflayer-bot.ts';
import { consoleLines, createSquid, type Squid } from './backups-app-helpers.ts';
import { startTestCore, type TestCore } from './helpers.ts';
import { EventLog, isState, startAndWaitRunning } from './instance-helpers.ts';

const START = Date.parse('2026-03-02T10:00:30Z');
const MIN = 60_000;

let t: TestCore;
let owner: string;
let log: EventLog;
let squid: Squid;

async function boot(dataDir?: string, clockStart = START): Promise<void> {
  t = await startTestCore(
    { testClock: true, testClockStart: clockStart, stopTimeoutMs: 10_000 },
    dataDir,
  );
}

beforeAll(async () => {
  await boot();
  owner = await t.setupOwner();
  log = await EventLog.open(t, owner);
  squid = await createSquid(t, owner, log, 'Scheduled');
  await startAndWaitRunning(t, owner, log, squid.uuid);
}, 120_000);

afterAll(async () => {
  log?.close();
  await t?.close();
  if (t) await rm(t.dataDir, { recursive: true, force: true });
});

function schedule(partial: Partial<ScheduleInput> & Pick<ScheduleInput, 'trigger' | 'steps'>) {
  return {
    description: '',
    enabled: true,
    only_when_running: false,
    continue_on_failure: false,
    ...partial,
  };
}

const say = (text: string): ScheduleStep => ({ type: 'Command', command: `say ${text}` });

async function create(token: string, body: ReturnType<typeof schedule>) {
  const res = await t.request('POST', `/instance/${squid.uuid}/schedules`, { token, body });
  expect(res.status, res.text).toBe(200);
  return ScheduleSchema.parse(res.json);
}

async function advance(ms: number): Promise<void> {
  const res = await t.request('POST', '/test/clock/advance', { token: owner, body: { ms } });
  expect(res.status, res.text).toBe(200);
}

async function runs(id: string): Promise<ScheduleRun[]> {
  const res = await t.request('GET', `/instance/${squid.uuid}/schedules/${id}/runs`, {
    token: owner,
  });
  expect(res.status, res.text).toBe(200);
  return z.array(ScheduleRunSchema).parse(res.json);
}

/** Waits until the schedule's newest run has ended (runs end on events, not on the clock). */
async function settled(id: string): Promise<ScheduleRun[]> {
  await t.core.ctx.schedules.idle(id);
  return runs(id);
}

/** Failed and missed runs in the event log (category schedules, which webhooks can follow). */
async function scheduleActivities() {
  const res = await t.request('GET', '/activity/search?kind=schedules', { token: owner });
  return LogPageSchema.parse(res.json).entries.flatMap((e) =>
    e.source === 'activity' && e.activity.type === 'ScheduleRunActivity'
      ? [{ outcome: e.activity.outcome, reason: e.activity.reason }]
      : [],
  );
}

async function remove(id: string): Promise<void> {
  await t.request('DELETE', `/instance/${squid.uuid}/schedules/${id}`, { token: owner });
}

describe('time triggers on the test clock', () => {
  it('cron "every minute: say hi" says hi once per minute, as its author', async () => {
    const output = consoleLines(t, squid.uuid);
    const s = await create(
      owner,
      schedule({
        description: 'greeting',
        trigger: { type: 'Cron', expression: '* * * * *', timezone: 'UTC' },
        steps: [say('hi')],
      }),
    );
    expect(s.next_run).toBe(Date.parse('2026-03-02T10:01:00Z'));
    await advance(30_000);
    await output.wait(/\]: \[Server\] hi$/);
    expect((await settled(s.id))[0]).toMatchObject({
      outcome: 'Success',
      cause: 'Cron schedule',
      steps: [{ type: 'Command', outcome: 'Success', message: 'Sent "say hi"' }],
    });
    await advance(MIN);
    await settled(s.id);
    await expect
      .poll(() => output.lines.filter((l) => l.endsWith(']: [Server] hi')).length)
      .toBe(2);
    const listed = z
      .array(ScheduleSchema)
      .parse((await t.request('GET', `/instance/${squid.uuid}/schedules`, { token: owner })).json);
    expect(listed.find((x) => x.id === s.id)).toMatchObject({
      next_run: Date.parse('2026-03-02T10:03:00Z'),
      last_run: { outcome: 'Success' },
    });
    await remove(s.id);
    output.close();
  }, 60_000);

  it('an interval runs every N seconds; a disabled schedule does not', async () => {
    const output = consoleLines(t, squid.uuid);
    const s = await create(
      owner,
      schedule({ trigger: { type: 'Interval', every_seconds: 20 }, steps: [say('tick')] }),
    );
    await advance(20_000);
    await settled(s.id);
    await advance(20_000);
    await settled(s.id);
    expect(await runs(s.id)).toHaveLength(2);
    const off = await t.request('PUT', `/instance/${squid.uuid}/schedules/${s.id}/enabled`, {
      token: owner,
      body: false,
    });
    expect(ScheduleSchema.parse(off.json)).toMatchObject({ enabled: false, next_run: null });
    await advance(60_000);
    expect(await runs(s.id)).toHaveLength(2);
    await expect
      .poll(() => output.lines.filter((l) => l.endsWith(']: [Server] tick')).length)
      .toBe(2);
    await remove(s.id);
    output.close();
  }, 60_000);
});

describe('event triggers and steps', () => {
  it('a player joining → say welcome', async () => {
    const output = consoleLines(t, squid.uuid);
    const s = await create(
      owner,
      schedule({ trigger: { type: 'Event', event: 'PlayerJoined' }, steps: [say('welcome')] }),
    );
    const { leave } = await joinBot({
      host: '127.0.0.1',
      port: squid.port,
      username: 'Visitor',
      version: squid.version,
    });
    // The server broadcasts it to every player (the join line may come before the bot's spawn,
    // so the server's own output line is what the test waits for).
    await output.wait(/\]: \[Server\] welcome$/);
    const [run] = await settled(s.id);
    expect(run).toMatchObject({
      outcome: 'Success',
      cause: 'Player joined: Visitor',
      steps: [{ outcome: 'Success', message: 'Sent "say welcome"' }],
    });
    await leave();
    await remove(s.id);
    output.close();
  }, 60_000);

  it('power steps resolve when the state is reached; backup steps make a backup; macro steps run the macro to its end', async () => {
    const macroDir = path.join(t.core.ctx.instances.folder(squid.uuid), 'macros', 'greet');
    await fs.mkdir(macroDir, { recursive: true });
    await fs.writeFile(path.join(macroDir, 'index.ts'), "console.log('greet', Deno.args[0]);\n");
    const s = await create(
      owner,
      schedule({
        trigger: { type: 'Event', event: 'InstanceCrashed' },
        steps: [
          { type: 'Power', action: 'restart' },
          say('back'),
          { type: 'Backup', name: 'scheduled', locked: false },
          { type: 'Macro', macro: 'greet', args: ['a'] },
          { type: 'Macro', macro: 'missing', args: [] },
        ],
        continue_on_failure: true,
      }),
    );
    const running = log.next(isState(squid.uuid, 'Running'), 'Running again');
    const res = await t.request('POST', `/instance/${squid.uuid}/schedules/${s.id}/run`, {
      token: owner,
    });
    expect(ScheduleRunSchema.parse(res.json)).toMatchObject({
      outcome: 'Running',
      cause: 'Run now by owner',
    });
    await running;
    const [run] = await settled(s.id);
    expect(run!.steps.map((x) => [x.outcome, x.message])).toEqual([
      ['Success', 'Instance restarted'],
      ['Success', 'Sent "say back"'],
      ['Success', 'Made backup "scheduled"'],
      ['Success', 'Macro greet finished'],
      ['Failed', expect.stringMatching(/missing/)],
    ]);
    expect(log.states(squid.uuid).slice(-4)).toEqual([
      'Stopping',
      'Stopped',
      'Starting',
      'Running',
    ]);
    expect(t.core.ctx.backups.list(squid.uuid).map((b) => b.name)).toContain('scheduled');
    expect(run).toMatchObject({
      outcome: 'Failed',
      reason: expect.stringMatching(/^Step 5 \(Macro\) failed: .*missing/) as unknown,
    });
    await remove(s.id);
  }, 120_000);

  it('stops at a failed step unless continue-on-failure is set', async () => {
    const steps: ScheduleStep[] = [{ type: 'Power', action: 'start' }, say('after')];
    const strict = await create(
      owner,
      schedule({ trigger: { type: 'Interval', every_seconds: 60 }, steps }),
    );
    const lenient = await create(
      owner,
      schedule({
        trigger: { type: 'Interval', every_seconds: 60 },
        steps,
        continue_on_failure: true,
      }),
    );
    await advance(MIN);
    const [a] = await settled(strict.id);
    const [b] = await settled(lenient.id);
    const failedStart = ['Failed', 'Cannot start an instance that is already running'];
    expect(a!.steps.map((x) => [x.outcome, x.message])).toEqual([
      failedStart,
      ['Skipped', 'An earlier step failed'],
    ]);
    expect(b!.steps.map((x) => [x.outcome, x.message])).toEqual([
      failedStart,
      ['Success', 'Sent "say after"'],
    ]);
    await remove(strict.id);
    await remove(lenient.id);
  }, 60_000);
});

describe("the author's permissions at run time", () => {
  it('a revoked author fails with a clear reason instead of acting; a deleted one too', async () => {
    const output = consoleLines(t, squid.uuid);
    const bob = await t.createUser(owner, 'bob');
    const perms = {
      ...emptyPermissions(),
      can_view_instance: [squid.uuid],
      can_access_instance_setting: [squid.uuid],
    };
    await t.request('PUT', `/user/${bob.uid}/update_perm`, { token: owner, body: perms });
    const denied = await t.request('POST', `/instance/${squid.uuid}/schedules`, {
      token: bob.token,
      body: schedule({ trigger: { type: 'Interval', every_seconds: 60 }, steps: [say('bob')] }),
    });
    expect(denied.json).toEqual({
      kind: 'PermissionDenied',
      causes: ["bob does not have permission to use this instance's console"],
    });
    await t.request('PUT', `/user/${bob.uid}/update_perm`, {
      token: owner,
      body: { ...perms, can_access_instance_console: [squid.uuid] },
    });
    const s = await create(
      bob.token,
      schedule({ trigger: { type: 'Interval', every_seconds: 60 }, steps: [say('bob')] }),
    );
    await t.request('PUT', `/user/${bob.uid}/update_perm`, { token: owner, body: perms });
    await advance(MIN);
    expect((await settled(s.id))[0]).toMatchObject({
      outcome: 'Failed',
      reason:
        "Step 1 (Command) failed: bob does not have permission to use this instance's console",
    });
    await t.request('DELETE', `/user/${bob.uid}`, { token: owner });
    await advance(MIN);
    expect((await settled(s.id))[0]).toMatchObject({
      outcome: 'Failed',
      reason: 'Step 1 (Command) failed: The user this schedule acts as no longer exists',
    });
    expect(output.lines.filter((l) => l.endsWith(']: [Server] bob'))).toEqual([]);
    await expect
      .poll(() => scheduleActivities(), { timeout: 10_000 })
      .toContainEqual({
        outcome: 'Failed',
        reason: 'Step 1 (Command) failed: The user this schedule acts as no longer exists',
      });
    await remove(s.id);
    output.close();
  }, 60_000);
});

describe('restarts', () => {
  it('runs missed while the core was down are recorded once as missed, never fired in a burst', async () => {
    const s = await create(
      owner,
      schedule({ trigger: { type: 'Interval', every_seconds: 60 }, steps: [say('catch up')] }),
    );
    const dataDir = t.dataDir;
    const clockNow = t.core.ctx.scheduleClock.now();
    log.close();
    await t.close();
    // The core comes back an hour later (its clock starts there).
    await boot(dataDir, clockNow + 60 * MIN + 30_000);
    const login = await t.login('owner', 'owner-password');
    owner = (login.json as { token: string }).token;
    log = await EventLog.open(t, owner);
    const after = await runs(s.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      outcome: 'Missed',
      reason: '60 runs missed while the core was not running',
      steps: [],
    });
    await expect
      .poll(() => scheduleActivities(), { timeout: 10_000 })
      .toContainEqual({
        outcome: 'Missed',
        reason: '60 runs missed while the core was not running',
      });
    const listed = z
      .array(ScheduleSchema)
      .parse((await t.request('GET', `/instance/${squid.uuid}/schedules`, { token: owner })).json);
    expect(listed.find((x) => x.id === s.id)!.next_run).toBeGreaterThan(
      t.core.ctx.scheduleClock.now(),
    );
  }, 120_000);
});
