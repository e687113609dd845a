import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from '../../events/event-bus.ts';
import { createLogger } from '../../lib/logger.ts';
import { MINECRAFT_SAVE_HOOKS, waitForConsoleLine } from './backup-target.ts';

describe('MINECRAFT_SAVE_HOOKS.savedLine', () => {
  it.each<[string, boolean]>([
    ['[12:00:00] [Server thread/INFO]: Saved the game\n', true],
    ['[12:00:00 INFO]: Saved the game\r\n', true],
    ['[12:00:00] [Server thread/INFO] [minecraft/MinecraftServer]: Saved the game\n', true],
    ['[12:00:00] [Server thread/INFO]: Saved the world\n', true],
    ['[12:00:00] [Server thread/INFO]: All dimensions are saved\n', true],
    ['[12:00:00 INFO]: Save complete.\n', true],
    ['[12:00:00] [Server thread/INFO]: Saving the game (this may take a moment!)\n', false],
    ['[12:00:00] [Server thread/INFO]: <Steve> Saved the game\n', false],
    ['[12:00:00] [Server thread/INFO]: [Server] Saved the game\n', false],
    ['[12:00:00] [Server thread/INFO]: Saved the game, not really\n', false],
  ])('%j → %s', (line, expected) => {
    expect(MINECRAFT_SAVE_HOOKS.savedLine.test(line)).toBe(expected);
  });
});

describe('waitForConsoleLine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const output = (bus: EventBus, uuid: string, message: string) =>
    bus.emit({
      type: 'InstanceEvent',
      instance_uuid: uuid,
      instance_name: 'x',
      instance_event_inner: { type: 'InstanceOutput', message },
    });

  it('resolves true on a matching line of that instance only', async () => {
    const bus = new EventBus(null, createLogger('silent'));
    const waiting = waitForConsoleLine(bus, 'a', /Saved the game$/, 60_000);
    output(bus, 'b', 'Saved the game');
    output(bus, 'a', 'Saving the game');
    output(bus, 'a', 'Saved the game');
    await expect(waiting).resolves.toBe(true);
    bus.close();
  });

  it('resolves false when no line comes in time', async () => {
    vi.useFakeTimers();
    const bus = new EventBus(null, createLogger('silent'));
    const waiting = waitForConsoleLine(bus, 'a', /Saved/, 60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(waiting).resolves.toBe(false);
    output(bus, 'a', 'Saved');
    bus.close();
  });
});
