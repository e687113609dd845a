import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScheduleInputSchema } from '@hearth/protocol';
import { CoreError } from '../src/errors.ts';
import { parseWith } from '../src/http/validation.ts';
import {
  INSTANCE,
  START,
  input,
  makeScheduleEnv,
  say,
  type ScheduleEnv,
} from './schedules-helpers.ts';

let env: ScheduleEnv;
const MIN = 60_000;

beforeEach(async () => {
  env = await makeScheduleEnv();
});

afterEach(async () => {
  await env.close();
});

/** Alice, the author of most schedules here, saves one on INSTANCE. */
const createAsAlice = (fields: Parameters<typeof input>[0]) =>
  env.service.create(INSTANCE, 'alice', input(fields));

async function refused(fn: () => unknown): Promise<CoreError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof CoreError) return err;
    throw err;
  }
  throw new Error('expected a CoreError');
}

function playerJoins(name: string, uuid = INSTANCE): void {
  const player = { type: 'MinecraftPlayer', name, uuid: `${name}-uuid` } as const;
  env.events.emit({
    type: 'InstanceEvent',
    instance_uuid: uuid,
    instance_name: 'Test',
    instance_event_inner: {
      type: 'PlayerChange',
      player_list: [player],
      players_joined: [player],
      players_left: [],
    },
  });
}

describe('time triggers (manual clock)', () => {
  it('cron "every minute: say hi" runs once a minute with the author as the actor', async () => {
    const s = await createAsAlice({
      trigger: { type: 'Cron', expression: '* * * * *', timezone: 'UTC' },
      steps: [say('hi')],
    });
    expect(s.next_run).toBe(START + MIN);
    await env.clock.advance(3 * MIN);
    expect(env.executors.calls).toEqual([
      'command say hi as alice',
      'command say hi as alice',
      'command say hi as alice',
    ]);
    const runs = env.service.runs(INSTANCE, s.id);
    expect(runs.map((r) => r.outcome)).toEqual(['Success', 'Success', 'Success']);
    expect(runs[0]).toMatchObject({ scheduled_for: START + 3 * MIN, cause: 'Cron schedule' });
    expect(runs[0]!.steps).toEqual([
      {
        index: 0,
        type: 'Command',
        outcome: 'Success',
        message: 'Sent "say hi"',
        started_at: START + 3 * MIN,
        finished_at: START + 3 * MIN,
      },
    ]);
    expect(env.service.get(INSTANCE, s.id)).toMatchObject({
      next_run: START + 4 * MIN,
      last_run: { id: runs[0]!.id },
    });
  });

  it('cron follows its time zone', async () => {
    const s = await createAsAlice({
      trigger: { type: 'Cron', expression: '0 4 * * *', timezone: 'America/New_York' },
      steps: [say('morning')],
    });
    // 2026-01-05 10:00Z is 05:00 in New York (UTC-5): next 04:00 there is 2026-01-06 09:00Z.
    expect(s.next_run).toBe(Date.parse('2026-01-06T09:00:00Z'));
    await env.clock.advance(24 * 60 * MIN);
    expect(env.executors.calls).toEqual(['command say morning as alice']);
  });

  it('an interval runs every N seconds from the moment it was saved', async () => {
    const s = await createAsAlice({
      trigger: { type: 'Interval', every_seconds: 90 },
      steps: [say('tick')],
    });
    await env.clock.advance(89_000);
    expect(env.executors.calls).toEqual([]);
    await env.clock.advance(1000);
    expect(env.executors.calls).toHaveLength(1);
    await env.clock.advance(9 * 90_000);
    expect(env.service.runs(INSTANCE, s.id)).toHaveLength(10);
  });

  it('a disabled schedule neither runs nor shows a next run; re-enabled it starts afresh', async () => {
    const s = await createAsAlice({
      trigger: { type: 'Interval', every_seconds: 60 },
      steps: [say('x')],
      enabled: false,
    });
    expect(s.next_run).toBeNull();
    await env.clock.advance(10 * MIN);
    expect(env.executors.calls).toEqual([]);
    expect((await env.service.setEnabled(INSTANCE, s.id, 'alice', true)).next_run).toBe(
      START + 11 * MIN,
    );
  });

  it('keeps the last 100 run records', async () => {
    const s = await createAsAlice({
      trigger: { type: 'Interval', every_seconds: 10 },
      steps: [say('x')],
    });
    await env.clock.advance(130 * 10_000);
    const runs = env.service.runs(INSTANCE, s.id);
    expect(runs).toHaveLength(100);
    expect(runs[0]!.scheduled_for).toBe(START + 130 * 10_000);
    expect(runs[99]!.scheduled_for).toBe(START + 31 * 10_000);
  });
});

describe('event triggers', () => {
  it('player joins → say welcome, only for its own instance, at most once a second', async () => {
    const s = await createAsAlice({
      trigger: { type: 'Event', event: 'PlayerJoined' },
      steps: [say('welcome')],
    });
    expect(s.next_run).toBeNull();
    playerJoins('Steve');
    await env.clock.advance(0);
    expect(env.executors.calls).toEqual(['command say welcome as alice']);
    playerJoins('Alex', 'another-instance');
    playerJoins('Alex');
    await env.clock.advance(0);
    expect(env.executors.calls).toHaveLength(1);
    await env.clock.advance(1000);
    playerJoins('Alex');
    await env.clock.advance(0);
    expect(env.executors.calls).toHaveLength(2);
    expect(env.service.runs(INSTANCE, s.id).map((r) => r.cause)).toEqual([
      'Player joined: Alex',
      'Player joined: Steve',
    ]);
  });

  it('a console line matching the pattern starts a run', async () => {
    await createAsAlice({
      trigger: { type: 'ConsoleLine', pattern: '<\\w+> !vote$' },
      steps: [say('vote counted')],
    });
    const line = (message: string) =>
      env.events.emit({
        type: 'InstanceEvent',
        instance_uuid: INSTANCE,
        instance_name: 'Test',
        instance_event_inner: { type: 'InstanceOutput', message },
      });
    line('[12:00:00 INFO]: <Steve> hello\n');
    line('[12:00:01 INFO]: <Steve> !vote\n');
    await env.clock.advance(0);
    expect(env.executors.calls).toEqual(['command say vote counted as alice']);
  });

  it('refuses a pattern that could freeze the core', async () => {
    const error = await refused(() =>
      createAsAlice({ trigger: { type: 'ConsoleLine', pattern: '(a+)+$' }, steps: [say('x')] }),
    );
    expect(error.causes[0]).toBe('Pattern could take too long to match');
  });
});

describe('running the steps', () => {
  const failingFirst = [say('broken'), { type: 'Power', action: 'restart' } as const];

  it('stops at a failed step unless continue-on-failure is set', async () => {
    env.executors.failing.add('say broken');
    const strict = await createAsAlice({
      trigger: { type: 'Interval', every_seconds: 60 },
      steps: failingFirst,
    });
    await env.clock.advance(MIN);
    const [run] = env.service.runs(INSTANCE, strict.id);
    expect(run).toMatchObject({
      outcome: 'Failed',
      reason: 'Step 1 (Command) failed: Command "say broken" failed',
    });
    expect(run!.steps.map((s) => [s.outcome, s.message])).toEqual([
      ['Failed', 'Command "say broken" failed'],
      ['Skipped', 'An earlier step failed'],
    ]);
    expect(env.executors.calls).toEqual([]);

    await env.service.update(
      INSTANCE,
      strict.id,
      'alice',
      input({
        trigger: { type: 'Interval', every_seconds: 60 },
        steps: failingFirst,
        continue_on_failure: true,
      }),
    );
    await env.clock.advance(MIN);
    const [second] = env.service.runs(INSTANCE, strict.id);
    expect(second!.outcome).toBe('Failed');
    expect(second!.steps.map((s) => s.outcome)).toEqual(['Failed', 'Success']);
    expect(env.executors.calls).toEqual(['power restart']);
  });

  it('waits with the clock between steps', async () => {
    const s = await createAsAlice({
      trigger: { type: 'Event', event: 'PlayerJoined' },
      steps: [say('a'), { type: 'Wait', seconds: 30 }, say('b')],
    });
    playerJoins('Steve');
    await env.clock.advance(29_000);
    expect(env.executors.calls).toEqual(['command say a as alice']);
    expect(env.service.runs(INSTANCE, s.id)[0]!.outcome).toBe('Running');
    await env.clock.advance(1000);
    expect(env.executors.calls).toEqual(['command say a as alice', 'command say b as alice']);
    expect(env.service.runs(INSTANCE, s.id)[0]!.outcome).toBe('Success');
  });

  it('"only when running" skips (and records) a run while the instance is stopped', async () => {
    env.executors.running = false;
    const s = await createAsAlice({
      trigger: { type: 'Interval', every_seconds: 60 },
      steps: [say('x')],
      only_when_running: true,
    });
    await env.clock.advance(MIN);
    expect(env.service.runs(INSTANCE, s.id)[0]).toMatchObject({
      outcome: 'Skipped',
      reason: 'The instance was not running',
    });
    expect(env.executors.calls).toEqual([]);
  });

  it("acts with the author's permissions at run time: a revoked author fails with a clear reason", async () => {
    env.auth.allow('bob', 'bob', 'Command', 'Power');
    const s = await env.service.create(
      INSTANCE,
      'bob',
      input({
        trigger: { type: 'Interval', every_seconds: 60 },
        steps: [say('hi'), { type: 'Power', action: 'stop' }],
        continue_on_failure: true,
      }),
    );
    env.auth.allow('bob', 'bob', 'Command');
    await env.clock.advance(MIN);
    expect(env.service.runs(INSTANCE, s.id)[0]!.steps.map((x) => x.message)).toEqual([
      'Sent "say hi"',
      'bob may no longer do this (Power)',
    ]);
    env.auth.users.delete('bob');
    await env.clock.advance(MIN);
    expect(env.service.runs(INSTANCE, s.id)[0]).toMatchObject({
      outcome: 'Failed',
      reason: 'Step 1 (Command) failed: The author of this schedule no longer exists',
    });
    expect(env.executors.calls).toEqual(['command say hi as bob']);
  });

  it('run now needs the permissions of both the author and whoever pressed it', async () => {
    env.auth.allow('carol', 'carol');
    const s = await createAsAlice({
      trigger: { type: 'Event', event: 'InstanceStarted' },
      steps: [say('now')],
      enabled: false,
    });
    env.service.runNow(INSTANCE, s.id, { uid: 'alice', name: 'alice' });
    await env.clock.advance(0);
    expect(env.executors.calls).toEqual(['command say now as alice']);
    const run = env.service.runNow(INSTANCE, s.id, { uid: 'carol', name: 'carol' });
    expect(run.cause).toBe('Run now by carol');
    await env.clock.advance(0);
    expect(env.service.runs(INSTANCE, s.id)[0]!.steps[0]!.message).toBe(
      'carol may no longer do this (Command)',
    );
  });

  it('saving a schedule makes the editor its author, who must be allowed its steps', async () => {
    env.auth.allow('bob', 'bob', 'Command');
    const s = await createAsAlice({
      trigger: { type: 'Interval', every_seconds: 60 },
      steps: [say('x')],
    });
    const edited = await env.service.update(
      INSTANCE,
      s.id,
      'bob',
      input({ trigger: { type: 'Interval', every_seconds: 60 }, steps: [say('y')] }),
    );
    expect(edited.author_uid).toBe('bob');
    const denied = await refused(() =>
      env.service.update(
        INSTANCE,
        s.id,
        'bob',
        input({
          trigger: { type: 'Interval', every_seconds: 60 },
          steps: [{ type: 'Power', action: 'kill' }],
        }),
      ),
    );
    expect(denied).toMatchObject({
      kind: 'PermissionDenied',
      causes: ['bob may no longer do this (Power)'],
    });
    expect(env.service.get(INSTANCE, s.id).steps).toEqual([say('y')]);
  });

  it('refuses bad input with readable causes', async () => {
    const bad = (raw: unknown) =>
      refused(() => env.service.create(INSTANCE, 'alice', parseWith(ScheduleInputSchema, raw)));
    expect(
      (
        await bad(
          input({
            trigger: { type: 'Cron', expression: '61 * * * *', timezone: 'UTC' },
            steps: [say('x')],
          }),
        )
      ).causes[0],
    ).toBe('Invalid cron expression');
    expect(
      (
        await bad(
          input({
            trigger: { type: 'Cron', expression: '* * * * *', timezone: 'Mars/Olympus' },
            steps: [say('x')],
          }),
        )
      ).causes,
    ).toContain('trigger.timezone: Unknown time zone');
    expect(
      (await bad(input({ trigger: { type: 'Interval', every_seconds: 60 }, steps: [] }))).causes,
    ).toContain('steps: A schedule needs at least one step');
    expect((await bad({ trigger: 'nope' })).status).toBe(400);
    expect((await refused(() => env.service.get(INSTANCE, '42'))).kind).toBe('NotFound');
  });
});

describe('restarts', () => {
  it('runs missed while the core was down are recorded once as missed, never fired in a burst', async () => {
    const s = await createAsAlice({
      trigger: { type: 'Interval', every_seconds: 60 },
      steps: [say('x')],
    });
    await env.clock.advance(2 * MIN);
    await env.service.stop();
    env.clock.jump(START + 12 * MIN + 30_000);
    const service = await env.restart();
    service.start();
    await env.clock.advance(0);
    const runs = service.runs(INSTANCE, s.id);
    expect(runs.map((r) => r.outcome)).toEqual(['Missed', 'Success', 'Success']);
    // Due at 3, 4, … 12 minutes: ten runs, while the core was down.
    expect(runs[0]).toMatchObject({
      scheduled_for: START + 3 * MIN,
      reason: '10 runs missed while the core was not running',
    });
    expect(env.executors.calls).toHaveLength(2);
    expect(service.get(INSTANCE, s.id).next_run).toBe(START + 13 * MIN);
    await env.clock.advance(30_000);
    expect(env.executors.calls).toHaveLength(3);
  });

  it('a run cut short by a stop is recorded as failed, and the next boot keeps the schedule', async () => {
    const s = await createAsAlice({
      trigger: { type: 'Interval', every_seconds: 600 },
      steps: [{ type: 'Wait', seconds: 300 }, say('after')],
    });
    await env.clock.advance(10 * MIN);
    expect(env.service.runs(INSTANCE, s.id)[0]!.outcome).toBe('Running');
    const service = await env.restart();
    const [run] = env.service.runs(INSTANCE, s.id);
    expect(run).toMatchObject({
      outcome: 'Failed',
      reason: 'Step 1 (Wait) failed: The core stopped during this run',
    });
    expect(run!.steps[1]).toMatchObject({
      outcome: 'Skipped',
      message: 'The core stopped during this run',
    });
    service.start();
    expect(service.get(INSTANCE, s.id).next_run).toBe(START + 20 * MIN);
  });

  it('a run left Running by a killed core is marked failed at the next start', async () => {
    const s = await createAsAlice({
      trigger: { type: 'Interval', every_seconds: 600 },
      steps: [say('x')],
    });
    env.repository.insertRun({
      id: '99',
      schedule_id: s.id,
      scheduled_for: START,
      started_at: START,
      finished_at: null,
      outcome: 'Running',
      reason: null,
      cause: 'Interval',
      steps: [],
    });
    const service = await env.restart();
    service.start();
    expect(service.runs(INSTANCE, s.id)[0]).toMatchObject({
      id: '99',
      outcome: 'Failed',
      reason: 'The core stopped during this run',
    });
  });
});
