import { describe, expect, it } from 'vitest';
import type { CausedBy } from './events.ts';
import { logEntryOfActivity, type Activity } from './event-log.ts';
import { describeLogEntry } from './event-log-text.ts';
import {
  PlayerActionSchema,
  ipAddressProblem,
  playerActionProblem,
  playerActionTarget,
  playerActionWay,
  playerNameProblem,
  playerReasonProblem,
} from './players.ts';
import { encodeSnowflake } from './snowflake.ts';

const OWNER: CausedBy = { type: 'User', user_id: 'USER_owner', user_name: 'owner' };

describe('player action input', () => {
  it('takes a name as one console word and says what is wrong with others', () => {
    expect(playerNameProblem('Steve_01')).toBeNull();
    expect(playerNameProblem('  Steve ')).toBeNull();
    expect(playerNameProblem('')).toBe('Player name cannot be empty');
    expect(playerNameProblem('Steve op Alex')).toBe(
      'Player name can only hold letters, digits, "_", "-" and "."',
    );
    expect(playerNameProblem('Steve\nop Alex')).not.toBeNull();
    expect(playerNameProblem('x'.repeat(33))).toBe(
      'Player name cannot be longer than 32 characters',
    );
  });

  it('keeps a reason on one line', () => {
    expect(playerReasonProblem('griefing the spawn')).toBeNull();
    expect(playerReasonProblem('griefing\nstop')).toBe(
      'Reason cannot contain line breaks or control characters',
    );
    expect(playerReasonProblem('x'.repeat(201))).toBe(
      'Reason cannot be longer than 200 characters',
    );
  });

  it('takes IPv4 and IPv6 addresses only', () => {
    expect(ipAddressProblem('203.0.113.7')).toBeNull();
    expect(ipAddressProblem('2001:db8::1')).toBeNull();
    expect(ipAddressProblem('Steve')).toBe('Not an IPv4 or IPv6 address');
    expect(ipAddressProblem('203.0.113.7; stop')).not.toBeNull();
  });

  it('parses each action with its own fields and trims them', () => {
    expect(
      PlayerActionSchema.parse({ action: 'ban', name: ' Steve ', reason: 'griefing' }),
    ).toEqual({ action: 'ban', name: 'Steve', reason: 'griefing' });
    expect(PlayerActionSchema.safeParse({ action: 'ban_ip', ip: 'Steve' }).success).toBe(false);
    expect(PlayerActionSchema.safeParse({ action: 'kick' }).success).toBe(false);
    expect(PlayerActionSchema.safeParse({ action: 'explode', name: 'Steve' }).success).toBe(false);
    expect(PlayerActionSchema.parse({ action: 'whitelist_on' })).toEqual({
      action: 'whitelist_on',
    });
    expect(playerActionTarget(PlayerActionSchema.parse({ action: 'pardon_ip', ip: '::1' }))).toBe(
      '::1',
    );
    expect(playerActionTarget({ action: 'whitelist_off' })).toBeNull();
  });

  it('says why an action cannot be done in a state', () => {
    expect(playerActionProblem([], 'Running')).toBe('unsupported');
    expect(playerActionProblem(['command', 'file'], 'Starting')).toBe('busy');
    expect(playerActionProblem(['command'], 'Stopped')).toBe('needs_running');
    expect(playerActionProblem(['file'], 'Running')).toBe('needs_stopped');
    expect(playerActionProblem(['command'], 'Running')).toBeNull();
    expect(playerActionProblem(['file'], 'Error')).toBeNull();
  });

  it('acts through the console while running and through the files while stopped', () => {
    expect(playerActionWay('Running')).toBe('command');
    expect(playerActionWay('Stopped')).toBe('file');
    expect(playerActionWay('Error')).toBe('file');
    expect(playerActionWay('Starting')).toBeNull();
    expect(playerActionWay('Stopping')).toBeNull();
  });
});

describe('a player action in the event log', () => {
  const entry = (activity: Partial<Activity> & Pick<Activity, 'type'>) =>
    logEntryOfActivity(
      {
        instance_uuid: 'INSTANCE_a',
        instance_name: 'Survival',
        target: 'Steve',
        reason: null,
        via: 'command',
        ...activity,
      } as Activity,
      encodeSnowflake(Date.UTC(2025, 0, 1)),
      OWNER,
    );

  it('says who did what to whom, and why', () => {
    const ban = entry({ type: 'PlayerAction', action: 'ban', reason: 'griefing' });
    expect(ban).toMatchObject({ category: 'moderation', instance_uuid: 'INSTANCE_a' });
    expect(describeLogEntry(ban)).toEqual({ title: 'owner banned Steve: griefing', detail: null });
    expect(describeLogEntry(entry({ type: 'PlayerAction', action: 'op' })).title).toBe(
      'owner made Steve an operator',
    );
    expect(
      describeLogEntry(entry({ type: 'PlayerAction', action: 'ban_ip', target: '203.0.113.7' }))
        .title,
    ).toBe('owner banned IP 203.0.113.7');
    expect(
      describeLogEntry(
        entry({ type: 'PlayerAction', action: 'whitelist_on', target: null, via: 'file' }),
      ),
    ).toEqual({
      title: 'owner turned the whitelist on',
      detail: "Written to the server's files (it was stopped)",
    });
  });
});
