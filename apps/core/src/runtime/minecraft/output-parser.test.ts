import { describe, expect, it } from 'vitest';
import { parseMinecraftLine } from './output-parser.ts';

const ESC = '\u001b';

describe('parseMinecraftLine', () => {
  it('vanilla: started, system, join, leave, chat', () => {
    const done = parseMinecraftLine(
      '[12:00:01] [Server thread/INFO]: Done (3.214s)! For help, type "help"\n',
    );
    expect(done).toEqual({
      text: '[12:00:01] [Server thread/INFO]: Done (3.214s)! For help, type "help"',
      started: true,
      system: '[12:00:01] [Server thread/INFO]: Done (3.214s)! For help, type "help"',
    });
    expect(
      parseMinecraftLine('[12:00:02] [Server thread/INFO]: Steve joined the game'),
    ).toMatchObject({
      started: false,
      join: 'Steve',
      system: '[12:00:02] [Server thread/INFO]: Steve joined the game',
    });
    expect(parseMinecraftLine('[12:00:03] [Server thread/INFO]: Alex_01 left the game').leave).toBe(
      'Alex_01',
    );
    const chat = parseMinecraftLine(
      '[12:00:04] [Server thread/INFO]: <Steve> hello [there]: friend',
    );
    expect(chat).toEqual({
      text: '[12:00:04] [Server thread/INFO]: <Steve> hello [there]: friend',
      started: false,
      chat: { player: 'Steve', message: 'hello [there]: friend' },
    });
  });

  it('1.19+ unsigned chat is chat, not a system message', () => {
    expect(parseMinecraftLine('[12:00:05] [Server thread/INFO]: [Not Secure] <Steve> hi')).toEqual({
      text: '[12:00:05] [Server thread/INFO]: [Not Secure] <Steve> hi',
      started: false,
      chat: { player: 'Steve', message: 'hi' },
    });
  });

  it('Paper lines with ANSI colour codes', () => {
    const raw = `${ESC}[0m[12:00:06 INFO]: ${ESC}[93mDone (5.1s)! For help, type "help"${ESC}[0m\r\n`;
    const parsed = parseMinecraftLine(raw);
    expect(parsed.started).toBe(true);
    expect(parsed.text).toBe('[12:00:06 INFO]: Done (5.1s)! For help, type "help"');
    expect(
      parseMinecraftLine(`[12:00:07 INFO]: ${ESC}[33mNotch joined the game${ESC}[0m`).join,
    ).toBe('Notch');
    expect(parseMinecraftLine(`[12:00:08 INFO]: <${ESC}[36mNotch${ESC}[0m> gg`).chat).toEqual({
      player: 'Notch',
      message: 'gg',
    });
    expect(
      parseMinecraftLine('[12:00:09] [Async Chat Thread - #0/INFO]: <Notch> hi').chat?.player,
    ).toBe('Notch');
  });

  it('Forge lines with a logger column', () => {
    const line =
      '[12:00:10] [Server thread/INFO] [minecraft/DedicatedServer]: Done (12.002s)! For help, type "help"';
    expect(parseMinecraftLine(line).started).toBe(true);
    const join =
      '[12:00:11] [Server thread/INFO] [minecraft/MinecraftServer]: Steve joined the game';
    expect(parseMinecraftLine(join).join).toBe('Steve');
    const chat = '[12:00:12] [Server thread/INFO] [minecraft/MinecraftServer]: <Steve> ping';
    expect(parseMinecraftLine(chat).chat).toEqual({ player: 'Steve', message: 'ping' });
  });

  it('does not invent players or starts', () => {
    const say = parseMinecraftLine('[12:00:13] [Server thread/INFO]: [Server] Bob joined the game');
    expect(say.system).toBeDefined();
    expect(say.join).toBeUndefined();
    expect(
      parseMinecraftLine('[12:00:14] [Server thread/INFO]: <Bob> Done (1s)! fooled you').started,
    ).toBe(false);
    expect(parseMinecraftLine('Steve joined the game')).toEqual({
      text: 'Steve joined the game',
      started: false,
    });
    expect(
      parseMinecraftLine(
        '[12:00:15] [Server thread/INFO]: Steve (formerly known as Bob) joined the game',
      ).join,
    ).toBe('Steve');
    expect(parseMinecraftLine("[12:00:16] [Server thread/WARN]: Can't keep up!").system).toBe(
      "[12:00:16] [Server thread/WARN]: Can't keep up!",
    );
  });
});
