import { describe, expect, it } from 'vitest';
import {
  AccountSecurityActionSchema,
  PLAYER_ACTIONS,
  causeName,
  describeLogEntry,
  encodeSnowflake,
  logEntryOfActivity,
} from '@hearth/protocol';
import type {
  Activity,
  CausedBy,
  EventInner,
  InstanceEventInner,
  LogEntry,
  Player,
} from '@hearth/protocol';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { publicUser } from '@/test/fixtures.ts';
import { causeWords, entrySentence } from './log-sentences.ts';

// The dashboard's sentences are built from the entry's typed parts in the active language; in
// English they must be word for word the protocol's (which the core keeps for webhooks, the CSV
// export and the search). Every kind of entry, under every kind of cause, with and without details.

const CAUSES: CausedBy[] = [
  { type: 'System' },
  { type: 'Unknown' },
  { type: 'Instance', instance_uuid: 'I1' },
  { type: 'User', user_id: 'U_alice', user_name: 'alice' },
  { type: 'User', user_id: 'U_alice', user_name: 'alice', api_key_name: 'deploy' },
  { type: 'User', user_id: 'U_alice', user_name: 'alice', macro_name: 'greeter', macro_pid: 7 },
  {
    type: 'User',
    user_id: 'U_bob',
    user_name: 'bob',
    macro_name: 'greeter',
    macro_pid: 7,
    api_key_name: 'ci',
  },
  { type: 'Macro', macro_pid: 7 },
  { type: 'Macro', macro_pid: 7, macro_name: 'greeter' },
  { type: 'Macro', macro_pid: 7, macro_name: 'greeter', user_name: 'alice' },
];

const steve: Player = { type: 'GenericPlayer', id: 's', name: 'Steve' };
const alex: Player = { type: 'GenericPlayer', id: 'a', name: 'Alex' };
const herobrine: Player = { type: 'GenericPlayer', id: 'h', name: 'Herobrine' };
const players = (joined: Player[], left: Player[]): InstanceEventInner => ({
  type: 'PlayerChange',
  player_list: [],
  players_joined: joined,
  players_left: left,
});

const INSTANCE_INNERS: InstanceEventInner[] = [
  ...(['Starting', 'Running', 'Stopping', 'Stopped', 'Error'] as const).map(
    (to): InstanceEventInner => ({ type: 'StateTransition', to }),
  ),
  { type: 'InstanceError', message: 'Server process killed', reason: 'crash' },
  { type: 'InstanceError', message: 'Port in use' },
  { type: 'InstanceWarning', message: 'Low memory' },
  { type: 'InstanceInput', message: 'say hello \n' },
  { type: 'InstanceOutput', message: '[Server] Done (3.2s)\n' },
  { type: 'SystemMessage', message: 'Saved the game' },
  { type: 'PlayerMessage', player: 'Steve', player_message: 'hi all' },
  players([], []),
  players([steve], []),
  players([], [alex]),
  players([steve, alex], [herobrine]),
  players([steve, alex, herobrine], [steve, alex]),
];

const path = (p: string) => p.replace('/data/instances/my-server/', '');
const EVENTS: EventInner[] = [
  ...INSTANCE_INNERS.map((inner): EventInner => ({
    type: 'InstanceEvent',
    instance_uuid: 'I1',
    instance_name: 'My Server',
    instance_event_inner: inner,
  })),
  ...(
    [
      { type: 'UserCreated' },
      { type: 'UserDeleted' },
      { type: 'UserLoggedIn' },
      { type: 'UserLoggedOut' },
      { type: 'UsernameChanged', new_username: 'carol' },
      { type: 'PermissionChanged', new_permissions: publicUser().permissions },
    ] as const
  ).map((inner): EventInner => ({ type: 'UserEvent', user_id: 'U_bob', user_event_inner: inner })),
  ...(
    [
      { type: 'Started' },
      { type: 'Detach' },
      { type: 'Stopped', exit_status: { type: 'Success', time: 1 } },
      { type: 'Stopped', exit_status: { type: 'Killed', time: 1 } },
      { type: 'Stopped', exit_status: { type: 'Error', time: 1, error_msg: 'boom' } },
    ] as const
  ).map((inner): EventInner => ({
    type: 'MacroEvent',
    instance_uuid: 'I1',
    macro_pid: 7,
    macro_event_inner: inner,
  })),
  ...(
    [
      {
        type: 'ProgressionStart',
        progression_name: 'Setting up My Server',
        total: null,
        inner: null,
      },
      { type: 'ProgressionUpdate', progress_message: 'Downloading server.jar', progress: 3 },
      { type: 'ProgressionEnd', success: true, message: null, inner: null },
      { type: 'ProgressionEnd', success: true, message: 'My Server is ready', inner: null },
      { type: 'ProgressionEnd', success: false, message: 'Download failed', inner: null },
      { type: 'ProgressionEnd', success: false, message: null, inner: null },
    ] as const
  ).map((inner): EventInner => ({
    type: 'ProgressionEvent',
    event_id: '1',
    progression_event_inner: inner,
  })),
  ...(
    [
      'Read',
      'Write',
      'Create',
      'Delete',
      'Upload',
      'Download',
      { Move: { source: '/data/instances/my-server/old.txt' } },
    ] as const
  ).map((operation): EventInner => ({
    type: 'FSEvent',
    operation,
    target: { type: 'File', path: '/data/instances/my-server/server.properties' },
  })),
  ...(['RunnerStarted', 'RunnerLoading', 'RunnerStopped'] as const).map((type): EventInner => ({
    type: 'PlayitggRunnerEvent',
    playitgg_runner_event_inner: { type },
  })),
];

const ON_INSTANCE = { instance_uuid: 'I1', instance_name: 'My Server' };
const ACTIVITIES: Activity[] = [
  {
    type: 'InstanceSettingChanged',
    ...ON_INSTANCE,
    setting_id: 'memory',
    setting_name: 'Memory',
    old_value: '',
    new_value: '2048',
    secret: false,
  },
  {
    type: 'CoreSettingChanged',
    setting_id: 'domain',
    setting_name: 'Domain',
    old_value: null,
    new_value: 'play.example.com',
  },
  ...(['created', 'updated', 'deleted'] as const).map((change): Activity => ({
    type: 'WebhookChanged',
    change,
    webhook_id: 'W1',
    webhook_name: 'Discord',
  })),
  ...(['added', 'removed'] as const).map((change): Activity => ({
    type: 'SshKeyChanged',
    change,
    user_id: 'U_alice',
    key_name: 'laptop',
    fingerprint: 'SHA256:abc',
  })),
  ...(['created', 'restored', 'deleted', 'failed', 'restore_failed'] as const).flatMap(
    (action): Activity[] =>
      [null, 'nightly'].map((name) => ({
        type: 'BackupActivity',
        action,
        ...ON_INSTANCE,
        backup_id: name,
        backup_name: name,
        message: '1.5 MB',
      })),
  ),
  ...(['Success', 'Failed', 'Missed'] as const).flatMap((outcome): Activity[] =>
    ['', 'The server was not running'].map((reason) => ({
      type: 'ScheduleRunActivity',
      outcome,
      ...ON_INSTANCE,
      schedule_id: 'S1',
      schedule_name: 'nightly restart',
      reason,
    })),
  ),
  ...PLAYER_ACTIONS.flatMap((action): Activity[] =>
    [null, '', 'griefing'].map((reason, i) => ({
      type: 'PlayerAction',
      action,
      ...ON_INSTANCE,
      target: action.startsWith('whitelist_o') ? null : 'Steve',
      reason,
      via: i === 1 ? 'file' : 'command',
    })),
  ),
  ...(['installed', 'updated', 'removed'] as const).map((action): Activity => ({
    type: 'AddonActivity',
    action,
    ...ON_INSTANCE,
    project_id: 'P1',
    title: 'Lithium',
    version_number: '0.11.2',
    path: 'mods/lithium.jar',
  })),
  ...AccountSecurityActionSchema.options.flatMap((action): Activity[] =>
    [null, 'Firefox on Linux'].map((detail) => ({
      type: 'AccountSecurity',
      action,
      user_id: 'U_alice',
      user_name: 'alice',
      detail,
    })),
  ),
];

function examples(): LogEntry[] {
  let seq = 0;
  const snowflake = () => encodeSnowflake(1_700_000_000_000, ++seq);
  return CAUSES.flatMap((causedBy) => [
    ...EVENTS.flatMap((inner) =>
      ['', 'more details'].map((details): LogEntry => ({
        source: 'event',
        snowflake: snowflake(),
        level: 'Info',
        category: 'state',
        instance_uuid: 'I1',
        caused_by: causedBy,
        details,
        event_inner: inner,
      })),
    ),
    ...ACTIVITIES.map((activity) => logEntryOfActivity(activity, snowflake(), causedBy)),
  ]);
}

const look = { user: (uid: string) => (uid === 'U_bob' ? 'bob' : undefined), path };

describe('event log sentences', () => {
  it('say in English exactly what the protocol says, for every kind of entry and cause', () => {
    const all = examples();
    expect(all.length).toBeGreaterThan(1000);
    for (const entry of all) {
      // The words only; `theirs` marks a title someone else wrote (the protocol has no such mark).
      const words = ({ title, detail }: { title: string; detail: string | null }) => ({
        title,
        detail,
      });
      expect(words(entrySentence(entry, look))).toEqual(describeLogEntry(entry, look));
      expect(words(entrySentence(entry))).toEqual(describeLogEntry(entry));
      expect(causeWords(entry.caused_by)).toBe(causeName(entry.caused_by));
    }
  });

  it('are German and Chinese in those languages, keeping what users and games wrote', async () => {
    const [stopped] = examples().filter(
      (e) =>
        e.source === 'event' &&
        e.caused_by.type === 'User' &&
        e.caused_by.api_key_name === undefined &&
        e.caused_by.macro_name === undefined &&
        e.event_inner.type === 'InstanceEvent' &&
        e.event_inner.instance_event_inner.type === 'StateTransition' &&
        e.event_inner.instance_event_inner.to === 'Stopped',
    );
    if (!stopped) throw new Error('no example');
    await activateLocale('de');
    expect(entrySentence(stopped).title).toBe('Gestoppt von alice');
    const ban = logEntryOfActivity(
      {
        type: 'PlayerAction',
        action: 'ban',
        ...ON_INSTANCE,
        target: 'Steve',
        reason: 'griefing',
        via: 'file',
      },
      '1',
      { type: 'User', user_id: 'U_alice', user_name: 'alice' },
    );
    expect(entrySentence(ban).title).toBe('alice hat Steve gesperrt: griefing');
    await activateLocale('zh-CN');
    expect(entrySentence(stopped).title).toBe('由 alice 停止');
    expect(entrySentence(ban).title).toBe('alice 封禁了 Steve：griefing');
  });
});
