import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  GetConfigResponseSchema,
  HistoryEntrySchema,
  MacroEntrySchema,
  TaskEntrySchema,
  type ClientEvent,
  type InstanceInfo,
} from '@hearth/protocol';
import { isAlive } from '../src/runtime/supervisor/process-tree.ts';
import {
  createEchoInstance,
  macroEvent,
  runMacro,
  startMacroCore,
  stoppedOf,
  useMacroCore,
  writeMacro,
  type MacroEnv,
} from './macros-helpers.ts';

let env: MacroEnv;
let inst: InstanceInfo;

useMacroCore(async (opened) => {
  env = opened;
  inst = await createEchoInstance(env, 'Macro Host');
});

const get = (route: string) => env.t.request('GET', route, { token: env.owner });
const outputOf = (e: ClientEvent) =>
  e.event_inner.type === 'InstanceEvent' &&
  e.event_inner.instance_event_inner.type === 'InstanceOutput'
    ? e.event_inner.instance_event_inner.message
    : null;

const CONFIGURED = `import { consoleOut } from 'hearth:macro';

class LodestoneConfig {
  // Who to greet
  greeting: string = 'hello';
  // How loud
  volume: 'quiet' | 'loud' = 'quiet';
  repeat: number = 1;
  shout?: boolean;
}
declare const config: LodestoneConfig;

await consoleOut(JSON.stringify({ config, args: Deno.args, pid: (globalThis as any).__macro_pid }));
`;

describe('macros through HTTP', () => {
  it('lists folder macros sorted by name, with last_run null before the first run', async () => {
    await writeMacro(inst.path, 'zeta', 'console.log("z");');
    await writeMacro(inst.path, 'alpha', 'console.log("a");');
    await fs.mkdir(path.join(inst.path, 'macros', 'not-a-macro'), { recursive: true });
    await fs.writeFile(path.join(inst.path, 'macros', 'loose.ts'), 'console.log("loose");');
    const res = await get(`/instance/${inst.uuid}/macro/list`);
    expect(res.status, res.text).toBe(200);
    const list = z.array(MacroEntrySchema).parse(res.json);
    expect(list.map((m) => m.name)).toEqual(['alpha', 'zeta']);
    expect(list[0]).toEqual({
      name: 'alpha',
      last_run: null,
      path: path.join(inst.path, 'macros', 'alpha'),
      needs_config: false,
    });
  });

  it('runs a macro to Success, sets last_run, and records it in history (file macros run too)', async () => {
    const before = Math.floor(Date.now() / 1000);
    const pid = await runMacro(env, inst.uuid, 'alpha');
    expect(await stoppedOf(env, pid)).toMatchObject({ type: 'Success' });
    const loose = await runMacro(env, inst.uuid, 'loose');
    expect(await stoppedOf(env, loose)).toMatchObject({ type: 'Success' });
    const list = z
      .array(MacroEntrySchema)
      .parse((await get(`/instance/${inst.uuid}/macro/list`)).json);
    expect(list.find((m) => m.name === 'alpha')?.last_run).toBeGreaterThanOrEqual(before);
    const history = z
      .array(HistoryEntrySchema)
      .parse((await get(`/instance/${inst.uuid}/history/list`)).json);
    expect(history.map((h) => h.task.pid)).toEqual([loose, pid]);
    expect(history[1]!.task.name).toBe('alpha');
    const started = env.log.events.find(
      (e) =>
        macroEvent(e)?.macro_pid === pid && macroEvent(e)?.macro_event_inner.type === 'Started',
    );
    // The task itself, named with its macro and the user who started it (core-api.md §2.4.3 plus
    // Hearth's optional fields).
    expect(started?.caused_by).toEqual({
      type: 'Macro',
      macro_pid: pid,
      macro_name: 'alpha',
      user_id: expect.stringMatching(/^USER_/) as unknown,
      user_name: 'owner',
    });
  });

  it('runs a macro to its end for a waiting service: resolves on Success, rejects with the failure', async () => {
    await writeMacro(inst.path, 'to-the-end', 'await new Promise((r) => setTimeout(r, 50));');
    await writeMacro(inst.path, 'fails', 'throw new Error("nope");');
    const info = (await get('/user/info')).json as { uid: string; username: string };
    const cause = { type: 'User', user_id: info.uid, user_name: info.username } as const;
    const { macros } = env.t.core.ctx;
    await expect(macros.runMacro(inst.uuid, 'to-the-end', [], cause)).resolves.toBeUndefined();
    const history = z
      .array(HistoryEntrySchema)
      .parse((await get(`/instance/${inst.uuid}/history/list`)).json);
    expect(history.find((h) => h.task.name === 'to-the-end')?.exit_status.type).toBe('Success');
    await expect(macros.runMacro(inst.uuid, 'fails', [], cause)).rejects.toMatchObject({
      kind: 'BadRequest',
      causes: ['Macro fails failed', expect.stringContaining('nope')],
    });
    await expect(macros.runMacro(inst.uuid, 'missing', [], cause)).rejects.toMatchObject({
      kind: 'NotFound',
    });
    await expect(
      macros.runMacro(inst.uuid, 'to-the-end', [], { type: 'System' }),
    ).rejects.toMatchObject({ kind: 'PermissionDenied' });
  });

  it('answers 404 for an unknown macro or instance', async () => {
    const res = await env.t.request('PUT', `/instance/${inst.uuid}/macro/run/nope`, {
      token: env.owner,
      body: [],
    });
    expect(res.status).toBe(404);
    expect((res.json as { kind: string }).kind).toBe('NotFound');
    expect((await get('/instance/INSTANCE_missing/macro/list')).status).toBe(404);
  });

  it('gives the declared config with NotFound until stored, refuses to run, then injects it', async () => {
    await writeMacro(inst.path, 'configured', CONFIGURED);
    const first = GetConfigResponseSchema.parse(
      (await get(`/instance/${inst.uuid}/macro/config/get/configured`)).json,
    );
    expect(first.message).toBe('Local config cache not found');
    expect(first.error).toBe('NotFound');
    expect(Object.keys(first.config)).toEqual(['greeting', 'volume', 'repeat', 'shout']);
    expect(first.config.greeting).toMatchObject({
      setting_id: 'config|greeting',
      description: 'Who to greet',
      value: { type: 'String', value: 'hello' },
    });

    const refused = await env.t.request('PUT', `/instance/${inst.uuid}/macro/run/configured`, {
      token: env.owner,
      body: [],
    });
    expect(refused.status).toBe(500);
    expect(refused.json).toEqual({ kind: 'Internal', causes: ['Config error'] });

    const config = structuredClone(first.config);
    // A value with quotes and a newline must arrive intact (the reference spliced it into code).
    config.greeting!.value = { type: 'String', value: `it's "quoted"\n\\ and ok` };
    config.volume!.value = { type: 'Enum', value: 'loud' };
    const stored = await env.t.request(
      'POST',
      `/instance/${inst.uuid}/macro/config/store/configured`,
      { token: env.owner, body: config },
    );
    expect(stored.status, stored.text).toBe(200);
    expect(stored.text).toBe('');
    const onDisk = JSON.parse(
      await fs.readFile(
        path.join(inst.path, 'macros', 'configured', 'configured_config.json'),
        'utf8',
      ),
    ) as Record<string, unknown>;
    expect(onDisk.volume).toEqual({
      setting_id: 'config|volume',
      value: { type: 'Enum', value: 'loud' },
      value_type: { type: 'Enum', options: ['quiet', 'loud'] },
    });
    const second = GetConfigResponseSchema.parse(
      (await get(`/instance/${inst.uuid}/macro/config/get/configured`)).json,
    );
    expect(second.error).toBeNull();
    expect(second.config.volume!.value).toEqual({ type: 'Enum', value: 'loud' });

    const pid = await runMacro(env, inst.uuid, 'configured', ['one', '--two', 'three four']);
    expect(await stoppedOf(env, pid)).toMatchObject({ type: 'Success' });
    // Console lines are not on the event stream: the console buffer has the macro's line.
    const buffer = (await get(`/instance/${inst.uuid}/console/buffer`)).json as ClientEvent[];
    const text = buffer.map(outputOf).find((m) => m?.startsWith('[macro configured] '));
    expect(text).toBeDefined();
    const payload = JSON.parse(text!.slice('[macro configured] '.length)) as Record<
      string,
      unknown
    >;
    expect(payload).toEqual({
      config: { greeting: `it's "quoted"\n\\ and ok`, volume: 'loud', repeat: 1 },
      args: ['one', '--two', 'three four'],
      pid,
    });
  });

  it('refuses a stored config that no longer matches, and a store that does not match', async () => {
    const file = path.join(inst.path, 'macros', 'configured', 'configured_config.json');
    const good = await fs.readFile(file, 'utf8');
    await fs.writeFile(file, '{"greeting": {"setting_id": "x", "value": 5}}');
    const mismatch = GetConfigResponseSchema.parse(
      (await get(`/instance/${inst.uuid}/macro/config/get/configured`)).json,
    );
    expect(mismatch.message).toBe(
      'There is a mismatch between a config type and its locally-stored value',
    );
    expect(mismatch.error).toBe('Internal');
    const refused = await env.t.request('PUT', `/instance/${inst.uuid}/macro/run/configured`, {
      token: env.owner,
      body: [],
    });
    expect(refused.json).toEqual({ kind: 'Internal', causes: ['Config error'] });
    await fs.writeFile(file, good);

    const config = GetConfigResponseSchema.parse(
      (await get(`/instance/${inst.uuid}/macro/config/get/configured`)).json,
    ).config;
    config.volume!.value = { type: 'Enum', value: 'deafening' };
    const bad = await env.t.request(
      'POST',
      `/instance/${inst.uuid}/macro/config/store/configured`,
      {
        token: env.owner,
        body: config,
      },
    );
    expect(bad.status).toBe(400);
    expect(await fs.readFile(file, 'utf8')).toBe(good);
  });

  it('records a macro that throws as Stopped{Error} with its message', async () => {
    await writeMacro(inst.path, 'thrower', 'throw new Error("the macro gave up");');
    const pid = await runMacro(env, inst.uuid, 'thrower');
    const exit = await stoppedOf(env, pid);
    expect(exit.type).toBe('Error');
    expect(exit.type === 'Error' && exit.error_msg).toContain('Error: the macro gave up');
    const stopped = env.log.events.find(
      (e) =>
        macroEvent(e)?.macro_pid === pid && macroEvent(e)?.macro_event_inner.type === 'Stopped',
    );
    expect(stopped?.level).toBe('Error');
    const history = z
      .array(HistoryEntrySchema)
      .parse((await get(`/instance/${inst.uuid}/history/list`)).json);
    expect(history[0]).toMatchObject({ task: { pid }, exit_status: { type: 'Error' } });
  });

  it('lists a looping macro as a running task until it is killed, then 404s a second kill', async () => {
    await writeMacro(
      inst.path,
      'forever',
      'while (true) { await new Promise((r) => setTimeout(r, 50)); }',
    );
    const pid = await runMacro(env, inst.uuid, 'forever');
    const tasks = z
      .array(TaskEntrySchema)
      .parse((await get(`/instance/${inst.uuid}/task/list`)).json);
    expect(tasks.map((t) => t.pid)).toContain(pid);
    const kill = await env.t.request('PUT', `/instance/${inst.uuid}/macro/kill/${pid}`, {
      token: env.owner,
    });
    expect(kill.status, kill.text).toBe(200);
    expect(kill.json).toBeNull();
    expect(await stoppedOf(env, pid)).toMatchObject({ type: 'Killed' });
    expect(
      z.array(TaskEntrySchema).parse((await get(`/instance/${inst.uuid}/task/list`)).json),
    ).toEqual([]);
    const history = z
      .array(HistoryEntrySchema)
      .parse((await get(`/instance/${inst.uuid}/history/list`)).json);
    expect(history[0]).toMatchObject({
      task: { pid, name: 'forever' },
      exit_status: { type: 'Killed' },
    });
    const again = await env.t.request('PUT', `/instance/${inst.uuid}/macro/kill/${pid}`, {
      token: env.owner,
    });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({
      kind: 'NotFound',
      causes: [`Macro with pid MacroPID(${pid}) not found`],
    });
  });

  it('keeps answering while a macro floods its output, and the flood is throttled', async () => {
    await writeMacro(
      inst.path,
      'flood',
      'const line = "x".repeat(200) + "\\n"; const enc = new TextEncoder().encode(line.repeat(100)); while (true) Deno.stdout.writeSync(enc);',
    );
    const pid = await runMacro(env, inst.uuid, 'flood');
    for (let i = 0; i < 5; i++) {
      const res = await get(`/instance/${inst.uuid}/task/list`);
      expect(res.status).toBe(200);
    }
    const kill = await env.t.request('PUT', `/instance/${inst.uuid}/macro/kill/${pid}`, {
      token: env.owner,
    });
    expect(kill.status).toBe(200);
    expect(await stoppedOf(env, pid)).toMatchObject({ type: 'Killed' });
  });

  it('kills the tasks of an instance that is deleted, before its folder goes', async () => {
    const doomed = await createEchoInstance(env, 'Doomed');
    await writeMacro(
      doomed.path,
      'writer',
      'let n = 0; while (true) { await Deno.writeTextFile(`f${n++ % 10}.txt`, "x"); await new Promise((r) => setTimeout(r, 5)); }',
    );
    const pid = await runMacro(env, doomed.uuid, 'writer');
    const res = await env.t.request('DELETE', `/instance/${doomed.uuid}`, { token: env.owner });
    expect(res.status, res.text).toBe(200);
    expect(await stoppedOf(env, pid)).toMatchObject({ type: 'Killed' });
    await expect(fs.stat(doomed.path)).rejects.toThrow();
    expect((await get(`/instance/${doomed.uuid}/history/list`)).status).toBe(404);
  });
});

describe('core shutdown', () => {
  it('kills running tasks and records them as Killed', async () => {
    const own = await startMacroCore();
    try {
      const host = await createEchoInstance(own, 'Shutdown Host');
      await writeMacro(host.path, 'forever', 'setInterval(() => {}, 1000);');
      const pid = await runMacro(own, host.uuid, 'forever');
      const osPid = own.t.core.ctx.db
        .prepare('SELECT os_pid FROM macro_tasks WHERE pid = ?')
        .pluck()
        .get(pid) as number;
      expect(isAlive(osPid)).toBe(true);
      await own.t.close();
      expect(isAlive(osPid)).toBe(false);
      const again = await startMacroCore({}, own.t.dataDir);
      try {
        const history = z.array(HistoryEntrySchema).parse(
          (
            await again.t.request('GET', `/instance/${host.uuid}/history/list`, {
              token: again.owner,
            })
          ).json,
        );
        expect(history[0]).toMatchObject({ task: { pid }, exit_status: { type: 'Killed' } });
      } finally {
        await again.close();
      }
    } finally {
      await own.close();
    }
  });
});
