import { describe, expect, it } from 'vitest';
import {
  ClientEventSchema,
  deriveEventLevel,
  type CausedBy,
  type ClientEvent,
  type InstanceEventInner,
} from './events.ts';
import {
  LogEntrySchema,
  eventCategory,
  logEntryOfActivity,
  logEntryOfEvent,
  type Activity,
} from './event-log.ts';
import {
  LogQuerySchema,
  SYSTEM_ACTOR,
  emptyLogFilter,
  logEntryMatches,
  logFilterFromParams,
  logQueryParams,
} from './event-log-filter.ts';
import { describeLogEntry, logEntrySearchText } from './event-log-text.ts';
import { encodeSnowflake } from './snowflake.ts';

const A = 'INSTANCE_a';
const ALICE: CausedBy = { type: 'User', user_id: 'USER_alice', user_name: 'alice' };
const AT = Date.UTC(2025, 0, 2, 3, 4, 5);

function event(inner: unknown, causedBy: CausedBy = { type: 'System' }, details = ''): ClientEvent {
  const event_inner = ClientEventSchema.shape.event_inner.parse(inner);
  return ClientEventSchema.parse({
    event_inner,
    details,
    snowflake: encodeSnowflake(AT),
    level: deriveEventLevel(event_inner),
    caused_by: causedBy,
  });
}
const instance = (inner: unknown, causedBy?: CausedBy, details?: string) =>
  event(
    {
      type: 'InstanceEvent',
      instance_uuid: A,
      instance_name: 'Survival',
      instance_event_inner: inner,
    },
    causedBy,
    details,
  );
const steve = { type: 'GenericPlayer', id: 'steve', name: 'Steve' };

describe('what the event log keeps', () => {
  it('files each kind of event, and leaves console lines, progress steps and reads out', () => {
    const cases: [unknown, string | null][] = [
      [instance({ type: 'StateTransition', to: 'Running' }).event_inner, 'state'],
      [instance({ type: 'InstanceError', message: 'x' }).event_inner, 'state'],
      [instance({ type: 'InstanceInput', message: 'say hi' }).event_inner, 'console'],
      [instance({ type: 'InstanceOutput', message: 'line\n' }).event_inner, null],
      [instance({ type: 'SystemMessage', message: 'line' }).event_inner, null],
      [instance({ type: 'PlayerMessage', player: 'a', player_message: 'b' }).event_inner, null],
      [
        instance({
          type: 'PlayerChange',
          player_list: [],
          players_joined: [steve],
          players_left: [],
        }).event_inner,
        'players',
      ],
      [{ type: 'FSEvent', operation: 'Read', target: { type: 'File', path: '/x' } }, null],
      [{ type: 'FSEvent', operation: 'Upload', target: { type: 'File', path: '/x' } }, 'files'],
      [
        {
          type: 'ProgressionEvent',
          event_id: '1',
          progression_event_inner: { type: 'ProgressionUpdate', progress_message: '', progress: 1 },
        },
        null,
      ],
      [
        { type: 'PlayitggRunnerEvent', playitgg_runner_event_inner: { type: 'RunnerStarted' } },
        'tunnels',
      ],
    ];
    for (const [inner, category] of cases)
      expect(eventCategory(ClientEventSchema.shape.event_inner.parse(inner))).toBe(category);
  });

  it('gives a file event the instance its emitter named, and an instance event its own', () => {
    const fs = event({
      type: 'FSEvent',
      operation: 'Write',
      target: { type: 'File', path: '/d/a' },
    });
    expect(logEntryOfEvent(fs, A)?.instance_uuid).toBe(A);
    expect(logEntryOfEvent(fs)?.instance_uuid).toBeNull();
    const stopped = instance({ type: 'StateTransition', to: 'Stopped' }, ALICE);
    const entry = logEntryOfEvent(stopped, 'INSTANCE_other');
    expect(entry).toMatchObject({ source: 'event', category: 'state', instance_uuid: A });
    expect(LogEntrySchema.parse(JSON.parse(JSON.stringify(entry)))).toEqual(entry);
  });

  it('makes an activity an entry of its category', () => {
    const activity: Activity = {
      type: 'InstanceSettingChanged',
      instance_uuid: A,
      instance_name: 'Survival',
      setting_id: 'section/max-players',
      setting_name: 'Max players',
      old_value: '20',
      new_value: '30',
      secret: false,
    };
    const entry = logEntryOfActivity(activity, encodeSnowflake(AT), ALICE);
    expect(entry).toMatchObject({ category: 'settings', instance_uuid: A, level: 'Info' });
    expect(describeLogEntry(entry)).toEqual({
      title: 'Max players changed by alice',
      detail: '20 → 30',
    });
  });

  it('files an SSH key added or removed under users, with its fingerprint', () => {
    const activity: Activity = {
      type: 'SshKeyChanged',
      change: 'added',
      user_id: 'USER_alice',
      key_name: 'laptop',
      fingerprint: 'SHA256:abc',
    };
    const entry = logEntryOfActivity(activity, encodeSnowflake(AT), ALICE);
    expect(entry).toMatchObject({ category: 'users', instance_uuid: null, level: 'Info' });
    expect(describeLogEntry(entry)).toEqual({
      title: 'SSH key laptop added by alice',
      detail: 'SHA256:abc',
    });
  });
});

describe('the event log in words', () => {
  it('says who did it', () => {
    const say = (e: ClientEvent) => describeLogEntry(logEntryOfEvent(e)!).title;
    expect(say(instance({ type: 'StateTransition', to: 'Stopped' }, ALICE))).toBe(
      'Stopped by alice',
    );
    expect(say(instance({ type: 'StateTransition', to: 'Starting' }, ALICE))).toBe(
      'Started by alice',
    );
    expect(say(instance({ type: 'StateTransition', to: 'Running' }, ALICE))).toBe('Running');
    expect(say(instance({ type: 'StateTransition', to: 'Stopped' }))).toBe('Stopped');
    expect(say(instance({ type: 'InstanceInput', message: 'say hi\n' }, ALICE))).toBe(
      'Command "say hi" sent by alice',
    );
    expect(
      say(
        instance({
          type: 'PlayerChange',
          player_list: [],
          players_joined: [steve, { ...steve, id: 'alex', name: 'Alex' }],
          players_left: [],
        }),
      ),
    ).toBe('Steve and Alex joined');
  });

  it('names a macro task and its starter, for its own events and for what it does', () => {
    const say = (e: ClientEvent) => describeLogEntry(logEntryOfEvent(e)!).title;
    const task: CausedBy = {
      type: 'Macro',
      macro_pid: 8,
      macro_name: 'greeter',
      user_id: 'USER_alice',
      user_name: 'alice',
    };
    const macro = (inner: unknown, causedBy: CausedBy = task) =>
      event(
        { type: 'MacroEvent', instance_uuid: A, macro_pid: 8, macro_event_inner: inner },
        causedBy,
      );
    expect(say(macro({ type: 'Started' }))).toBe('Macro greeter started by alice');
    const ok = { type: 'Stopped', exit_status: { type: 'Success', time: 1 } };
    expect(say(macro(ok))).toBe('Macro greeter (started by alice) finished');
    expect(
      describeLogEntry(
        logEntryOfEvent(
          macro({ type: 'Stopped', exit_status: { type: 'Error', time: 1, error_msg: 'boom' } }),
        )!,
      ),
    ).toEqual({ title: 'Macro greeter (started by alice) failed', detail: 'boom' });
    // Events stored before the cause named the macro still read as before.
    expect(say(macro(ok, { type: 'Macro', macro_pid: 8 }))).toBe('Macro 8 finished');

    const byTask: CausedBy = { ...ALICE, macro_name: 'greeter', macro_pid: 8 };
    expect(say(instance({ type: 'StateTransition', to: 'Stopped' }, byTask))).toBe(
      'Stopped by macro greeter started by alice',
    );
    const created = logEntryOfEvent(
      event(
        { type: 'UserEvent', user_id: 'USER_bob', user_event_inner: { type: 'UserCreated' } },
        byTask,
      ),
    )!;
    expect(describeLogEntry(created, { user: () => 'bob' }).title).toBe(
      'User bob created by macro greeter started by alice',
    );
    expect(logEntrySearchText(created)).toContain('macro greeter started by alice');
  });

  it('names the API key a user acted through (issue 28)', () => {
    const say = (e: ClientEvent) => describeLogEntry(logEntryOfEvent(e)!).title;
    const viaKey: CausedBy = { ...ALICE, api_key_name: 'deploy' };
    expect(say(instance({ type: 'StateTransition', to: 'Stopped' }, viaKey))).toBe(
      'Stopped by alice via API key deploy',
    );
    const entry = logEntryOfEvent(instance({ type: 'InstanceInput', message: 'stop' }, viaKey))!;
    expect(logEntrySearchText(entry)).toContain('via api key deploy');
  });

  it("tells account security changes, naming who did it when it is not the account's user", () => {
    const activity = (action: string, detail: string | null): Activity =>
      ({
        type: 'AccountSecurity',
        action,
        user_id: 'USER_alice',
        user_name: 'alice',
        detail,
      }) as Activity;
    const owner: CausedBy = { type: 'User', user_id: 'USER_owner', user_name: 'owner' };
    expect(
      describeLogEntry(logEntryOfActivity(activity('two_factor_enabled', null), '1', ALICE)),
    ).toEqual({ title: 'Two-factor sign-in turned on for alice', detail: null });
    expect(
      describeLogEntry(
        logEntryOfActivity(activity('session_revoked', 'Firefox on Linux'), '2', owner),
      ),
    ).toEqual({ title: 'A session of alice signed out by owner', detail: 'Firefox on Linux' });
    expect(logEntryOfActivity(activity('api_key_created', 'deploy'), '3', ALICE).category).toBe(
      'users',
    );
  });

  it('shows a crash as one, with the message as its detail', () => {
    const text = describeLogEntry(
      logEntryOfEvent(
        instance({
          type: 'InstanceError',
          message: 'Server crashed (exit code 1)',
          reason: 'crash',
        }),
      )!,
    );
    expect(text).toEqual({ title: 'Crashed', detail: 'Server crashed (exit code 1)' });
  });

  it("tells a crash by the error's exit reason, not its wording", () => {
    const title = (inner: InstanceEventInner) =>
      describeLogEntry(logEntryOfEvent(instance(inner))!).title;
    expect(title({ type: 'InstanceError', message: 'Ended unexpectedly', reason: 'crash' })).toBe(
      'Crashed',
    );
    expect(title({ type: 'InstanceError', message: 'Server crashed: a start failed' })).toBe(
      'Error',
    );
  });

  it('uses the event details when it has no other detail, and the lookups when given', () => {
    const entry = logEntryOfEvent(
      instance({ type: 'StateTransition', to: 'Stopped' }, ALICE, 'Server process killed'),
    )!;
    expect(describeLogEntry(entry).detail).toBe('Server process killed');
    const fs = logEntryOfEvent(
      event(
        { type: 'FSEvent', operation: 'Delete', target: { type: 'File', path: '/d/a.txt' } },
        ALICE,
      ),
    )!;
    expect(describeLogEntry(fs, { path: (p) => p.replace('/d/', '') }).title).toBe(
      'Deleted a.txt by alice',
    );
  });
});

describe('the event log filter', () => {
  it('round-trips through query parameters', () => {
    const filter = {
      levels: ['Warning', 'Error'] as const,
      categories: ['state', 'files'] as const,
      actors: ['USER_alice', SYSTEM_ACTOR],
      instances: [A],
      since: 1000,
      until: 2000,
      text: 'hello, world',
    };
    const params = logQueryParams(
      { ...filter, levels: [...filter.levels], categories: [...filter.categories] },
      { before: '123', limit: 50 },
    );
    const parsed = LogQuerySchema.parse(Object.fromEntries(params));
    expect(parsed.before).toBe('123');
    expect(parsed.limit).toBe(50);
    expect(parsed.filter).toEqual({
      ...filter,
      levels: [...filter.levels],
      categories: [...filter.categories],
    });
    expect(logFilterFromParams(params)).toEqual(parsed.filter);
  });

  it('refuses bad parameters at the edge, and the URL reader drops only the bad one', () => {
    expect(LogQuerySchema.safeParse({ kind: 'state,bogus' }).success).toBe(false);
    expect(LogQuerySchema.safeParse({ limit: '100000' }).success).toBe(false);
    expect(LogQuerySchema.safeParse({ before: 'abc' }).success).toBe(false);
    expect(LogQuerySchema.parse({}).limit).toBe(100);
    const filter = logFilterFromParams(new URLSearchParams('kind=bogus&level=Error'));
    expect(filter).toEqual({ ...emptyLogFilter(), levels: ['Error'] });
  });

  it('matches live entries like the core’s query does', () => {
    const entry = logEntryOfEvent(instance({ type: 'StateTransition', to: 'Stopped' }, ALICE))!;
    const f = emptyLogFilter();
    expect(logEntryMatches(entry, f)).toBe(true);
    expect(logEntryMatches(entry, { ...f, actors: ['USER_alice'] })).toBe(true);
    expect(logEntryMatches(entry, { ...f, actors: [SYSTEM_ACTOR] })).toBe(false);
    expect(logEntryMatches(entry, { ...f, categories: ['players'] })).toBe(false);
    expect(logEntryMatches(entry, { ...f, instances: ['INSTANCE_b'] })).toBe(false);
    expect(logEntryMatches(entry, { ...f, since: AT, until: AT })).toBe(true);
    expect(logEntryMatches(entry, { ...f, since: AT + 1 })).toBe(false);
    expect(logEntryMatches(entry, { ...f, text: 'STOPPED BY' })).toBe(true);
    expect(logEntryMatches(entry, { ...f, text: 'survival' })).toBe(true);
    expect(logEntryMatches(entry, { ...f, text: 'creative' })).toBe(false);
    expect(logEntrySearchText(entry)).toBe(logEntrySearchText(entry).toLowerCase());
  });
});
