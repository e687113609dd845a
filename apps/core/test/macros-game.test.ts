// Macros against a real game: the shipped flying-squid definition and a real client (mineflayer).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GetConfigResponseSchema,
  TaskEntrySchema,
  type ClientEvent,
  type InstanceInfo,
} from '@hearth/protocol';
import { joinBot } from '../test-support/mineflayer-bot.ts';
import { createSquid } from './backups-app-helpers.ts';
import { isState } from './instance-helpers.ts';
import {
  runMacro,
  startMacroCore,
  stoppedOf,
  writeMacroThroughApi,
  type MacroEnv,
} from './macros-helpers.ts';
import WebSocket from 'ws';
import { pollFor } from '../test-support/poll.ts';

const EXAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../macros-examples');

let env: MacroEnv;
let inst: InstanceInfo;
let port = 0;
let consoleSocket: WebSocket;
const lines: string[] = [];

beforeAll(async () => {
  env = await startMacroCore({ stopTimeoutMs: 10_000 });
  const squid = await createSquid(env.t, env.owner, env.log, 'Squid Macros');
  const uuid = squid.uuid;
  port = squid.port;
  inst = (await env.t.request('GET', `/instance/${uuid}/info`, { token: env.owner }))
    .json as InstanceInfo;
  consoleSocket = await env.t.socket(
    `/instance/${uuid}/console/stream?token=${encodeURIComponent(`Bearer ${env.owner}`)}`,
  );
  consoleSocket.on('message', (data: WebSocket.RawData) => {
    const event = JSON.parse(data.toString()) as ClientEvent;
    const inner = event.event_inner;
    if (inner.type === 'InstanceEvent' && inner.instance_event_inner.type === 'InstanceOutput')
      lines.push(inner.instance_event_inner.message);
  });
  const running = env.log.next(isState(uuid, 'Running'), 'flying-squid running');
  expect((await env.t.request('PUT', `/instance/${uuid}/start`, { token: env.owner })).status).toBe(
    200,
  );
  await running;
});

afterAll(async () => {
  consoleSocket?.close();
  if (inst) {
    const stopped = env.log.next(isState(inst.uuid, 'Stopped'), 'flying-squid stopped');
    await env.t.request('PUT', `/instance/${inst.uuid}/stop`, { token: env.owner });
    await stopped.catch(() => undefined);
  }
  await env?.close();
});

function consoleLine(test: (line: string) => boolean, what: string, ms = 30_000): Promise<string> {
  return pollFor(`the console line: ${what}`, () => lines.find(test) ?? null, { timeoutMs: ms });
}

async function installExample(name: string, values: Record<string, unknown> = {}) {
  // Through the API as the owner: the examples act with their starter's rights.
  await writeMacroThroughApi(
    env,
    inst.uuid,
    name,
    await fs.readFile(path.join(EXAMPLES, name, 'index.ts'), 'utf8'),
  );
  const { config } = GetConfigResponseSchema.parse(
    (
      await env.t.request('GET', `/instance/${inst.uuid}/macro/config/get/${name}`, {
        token: env.owner,
      })
    ).json,
  );
  for (const [field, value] of Object.entries(values)) {
    const setting = config[field]!;
    setting.value = { type: setting.value_type.type, value } as typeof setting.value;
  }
  const stored = await env.t.request('POST', `/instance/${inst.uuid}/macro/config/store/${name}`, {
    token: env.owner,
    body: config,
  });
  expect(stored.status, stored.text).toBe(200);
}

describe('macros driving a flying-squid server', () => {
  it("sends a command that reaches the server and reads the server's answer from its events", async () => {
    await writeMacroThroughApi(
      env,
      inst.uuid,
      'say-hello',
      `import { currentInstance, events, consoleOut } from 'hearth:macro';
const server = currentInstance();
const stream = await events({ types: ['ConsoleOutput'] });
await server.sendCommand('say hello from a macro');
for await (const event of stream) {
  if (event.type === 'ConsoleOutput' && event.line.endsWith('[Server] hello from a macro')) {
    await consoleOut('the server said it');
    break;
  }
}
stream.close();
`,
    );
    const pid = await runMacro(env, inst.uuid, 'say-hello');
    expect(await stoppedOf(env, pid)).toMatchObject({ type: 'Success' });
    await consoleLine((l) => l.endsWith('[Server] hello from a macro\n'), 'the say');
    await consoleLine((l) => l === '[macro say-hello] the server said it\n', 'the macro line');
  });

  it('greets a real player who joins (the greeter example), and is killable', async () => {
    await installExample('greeter', { greeting: 'Hello there, {player}!' });
    const pid = await runMacro(env, inst.uuid, 'greeter');
    await env.log.wait(
      (e) =>
        e.event_inner.type === 'MacroEvent' &&
        e.event_inner.macro_pid === pid &&
        e.event_inner.macro_event_inner.type === 'Detach',
      'the greeter to detach',
    );
    const joined = await joinBot({ host: '127.0.0.1', port, username: 'greetme' });
    try {
      await consoleLine((l) => l.endsWith('[Server] Hello there, greetme!\n'), 'the greeting');
    } finally {
      await joined.leave();
    }
    const tasks = z
      .array(TaskEntrySchema)
      .parse(
        (await env.t.request('GET', `/instance/${inst.uuid}/task/list`, { token: env.owner })).json,
      );
    expect(tasks.map((t) => t.pid)).toContain(pid);
    await env.t.request('PUT', `/instance/${inst.uuid}/macro/kill/${pid}`, { token: env.owner });
    expect(await stoppedOf(env, pid)).toMatchObject({ type: 'Killed' });
  });

  it('backs up the world with retention (the world-backup example)', async () => {
    // Not the server's own `world` (flying-squid keeps writing it): a folder only this test touches.
    const world = path.join(inst.path, 'saved-world');
    await fs.mkdir(path.join(world, 'region'), { recursive: true });
    await fs.writeFile(path.join(world, 'level.dat'), 'level');
    await fs.writeFile(path.join(world, 'region', 'r.0.0.mca'), 'region');
    await installExample('world-backup', {
      worldFolder: 'saved-world',
      keep: 2,
      pauseSaving: false,
    });
    for (let i = 0; i < 3; i++) {
      const pid = await runMacro(env, inst.uuid, 'world-backup');
      expect(await stoppedOf(env, pid)).toMatchObject({ type: 'Success' });
    }
    const kept = (await fs.readdir(path.join(inst.path, 'backups'))).sort();
    expect(kept).toHaveLength(2);
    for (const name of kept) {
      expect(name.startsWith('saved-world-')).toBe(true);
      expect(
        await fs.readFile(path.join(inst.path, 'backups', name, 'region', 'r.0.0.mca'), 'utf8'),
      ).toBe('region');
    }
  });

  it('counts down and restarts the server (the restart-countdown example)', async () => {
    await installExample('restart-countdown', { countdownSeconds: 2, message: 'Back soon in' });
    const restarted = env.log.next(isState(inst.uuid, 'Starting'), 'the restart');
    const pid = await runMacro(env, inst.uuid, 'restart-countdown');
    await consoleLine((l) => l.endsWith('[Server] Back soon in 2 seconds\n'), 'the first warning');
    await consoleLine((l) => l.endsWith('[Server] Back soon in 1 second\n'), 'the last warning');
    await restarted;
    expect(await stoppedOf(env, pid, 60_000)).toMatchObject({ type: 'Success' });
    await consoleLine(
      (l) => l === '[macro restart-countdown] The server is running again\n',
      'done',
    );
  });
});
