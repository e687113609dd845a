import { describe, expect, it } from 'vitest';
import type { Player } from '@hearth/protocol';
import { PlayerTracker, type PlayerChange } from './player-tracker.ts';

const player = (name: string, uuid: string | null = null): Player => ({
  type: 'MinecraftPlayer',
  name,
  uuid,
});

describe('PlayerTracker', () => {
  it('applies joins and leaves in line order even when a uuid lookup is slow', async () => {
    const changes: PlayerChange[] = [];
    const tracker = new PlayerTracker({
      identify: (name) =>
        new Promise((r) =>
          setTimeout(() => r(player(name, `${name}-uuid`)), name === 'Slow' ? 30 : 0),
        ),
      identifyNow: (name) => player(name),
      onChange: (c) => changes.push(c),
      onFailure: (err) => {
        throw err;
      },
    });
    tracker.join('Slow');
    tracker.join('Fast');
    tracker.leave('Slow');
    tracker.clear();
    await tracker.settled();
    expect(
      changes.map((c) => [
        c.players_joined.map((p) => p.name),
        c.players_left.map((p) => p.name),
        c.player_list.map((p) => p.name),
      ]),
    ).toEqual([
      [['Slow'], [], ['Slow']],
      [['Fast'], [], ['Slow', 'Fast']],
      [[], ['Slow'], ['Fast']],
      [[], ['Fast'], []],
    ]);
    expect(changes[0]?.players_joined[0]).toEqual(player('Slow', 'Slow-uuid'));
  });

  it('ignores a second join of someone already online and a leave of someone unknown', async () => {
    const changes: PlayerChange[] = [];
    const tracker = new PlayerTracker({
      identify: async (n) => player(n),
      identifyNow: player,
      onChange: (c) => changes.push(c),
      onFailure: (err) => {
        throw err;
      },
    });
    tracker.join('A');
    tracker.join('A');
    tracker.leave('B');
    await tracker.settled();
    expect(changes).toHaveLength(1);
    expect(tracker.count).toBe(1);
  });
});
