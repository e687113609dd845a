// Issue 23 items 2, 7 and 8 through the API of a real core (Deno tasks on an echo instance): a
// task's own output is kept (bounded) with its history entry, across a restart, served at
// GET …/macro/output/:pid and streamed live on a socket of its own (Lodestone's event stream is
// unchanged); the macro list says which macros need their config before they can run; a change
// under macros/ through the file API reaches the dashboard's event stream.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GetConfigResponseSchema,
  MACRO_OUTPUT_MAX_BYTES,
  MacroEntrySchema,
  MacroOutputFrameSchema,
  MacroOutputSchema,
  apiPaths,
  emptyEventQuery,
  parseHearthEventFrame,
  type InstanceInfo,
  type MacroOutputFrame,
} from '@hearth/protocol';
import { nextFrame } from './helpers.ts';
import {
  createEchoInstance,
  runMacro,
  startMacroCore,
  stoppedOf,
  writeMacroThroughApi,
  type MacroEnv,
} from './macros-helpers.ts';

let env: MacroEnv;
let inst: InstanceInfo;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-newcomer-macros-'));

beforeAll(async () => {
  env = await startMacroCore({}, dataDir);
  inst = await createEchoInstance(env, 'Macro Newcomer');
}, 60_000);

afterAll(async () => {
  await env?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const output = async (pid: number, token = env.owner) => {
  const res = await env.t.request('GET', apiPaths.macroOutput(inst.uuid, pid), { token });
  expect(res.status, res.text).toBe(200);
  return MacroOutputSchema.parse(res.json);
};

/** Writes macro `name` through the API, as its author would, and runs it; the task's pid. */
async function writeAndRun(name: string, source: string): Promise<number> {
  await writeMacroThroughApi(env, inst.uuid, name, source);
  return runMacro(env, inst.uuid, name);
}

/**
 * A macro that prints `before`, waits until the file `go-<name>` appears in the instance folder
 * (the test's signal), then prints `after` and ends.
 */
const waitingForGo = (name: string, before: string, after: string) => `console.log('${before}');
while (true) {
  try {
    await Deno.stat('go-${name}');
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 20));
  }
}
console.log('${after}');
`;

/**
 * A task's output socket, its frames collected from the first (ws may deliver frames in the tick
 * it opens, so the listener is there before) and its close code.
 */
function openOutput(pid: number) {
  const ws = new WebSocket(
    `${env.t.origin.replace(/^http/, 'ws')}/api/v1${apiPaths.macroOutputStream(inst.uuid, pid, env.owner)}`,
  );
  const frames: MacroOutputFrame[] = [];
  ws.on('message', (data: WebSocket.RawData) => {
    frames.push(MacroOutputFrameSchema.parse(JSON.parse(data.toString())));
  });
  const closed = new Promise<number>((resolve, reject) => {
    ws.once('close', resolve);
    ws.once('error', reject);
  });
  return {
    frames,
    closed,
    lines: () => frames.flatMap((f) => (f.type === 'End' ? [] : f.lines)),
  };
}

describe("item 2: a task's own output", () => {
  it('keeps stdout and stderr with the history entry, and serves it after the task ended', async () => {
    const pid = await writeAndRun(
      'chatty',
      `console.log('hello from chatty');
console.error('a warning on stderr');
throw new Error('chatty gave up');
`,
    );
    expect((await stoppedOf(env, pid)).type).toBe('Error');
    const kept = await output(pid);
    expect(kept.truncated).toBe(false);
    expect(kept.lines.slice(0, 2)).toEqual(['hello from chatty', 'a warning on stderr']);
    expect(kept.lines.join('\n')).toContain('chatty gave up');
  });

  it('serves the output of a running task, and only to users with the macro permission', async () => {
    const pid = await writeAndRun('waiter', waitingForGo('waiter', 'waiting for go', 'went'));
    await expect
      .poll(async () => (await output(pid)).lines, { timeout: 20_000 })
      .toEqual(['waiting for go']);
    const viewer = await env.t.createUser(env.owner, 'output-viewer');
    await env.t.grant(env.owner, viewer.uid, { can_view_instance: [inst.uuid] });
    const denied = await env.t.request('GET', apiPaths.macroOutput(inst.uuid, pid), {
      token: viewer.token,
    });
    expect(denied.status).toBe(403);
    const unknown = await env.t.request('GET', apiPaths.macroOutput(inst.uuid, 999_999), {
      token: env.owner,
    });
    expect(unknown.status).toBe(404);
    await fs.writeFile(path.join(inst.path, 'go-waiter'), '');
    expect((await stoppedOf(env, pid)).type).toBe('Success');
    expect((await output(pid)).lines).toEqual(['waiting for go', 'went']);
  });

  it('keeps at most 256 KiB per task, the newest lines, and says older ones are gone', async () => {
    const pid = await writeAndRun(
      'flood',
      `for (let i = 0; i < 150; i++) console.log(String(i).padStart(4, '0') + ' ' + 'x'.repeat(2000));
`,
    );
    expect((await stoppedOf(env, pid)).type).toBe('Success');
    const kept = await output(pid);
    expect(kept.truncated).toBe(true);
    const bytes = kept.lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    expect(bytes).toBeLessThanOrEqual(MACRO_OUTPUT_MAX_BYTES);
    expect(kept.lines.at(-1)).toMatch(/^0149 x+$/);
    expect(kept.lines[0]).not.toMatch(/^0000 /);
  });

  it('streams the lines of a running task on its own socket, then its end', async () => {
    const pid = await writeAndRun('streamer', waitingForGo('streamer', 'first', 'second'));
    const got = openOutput(pid);
    await expect.poll(() => got.lines(), { timeout: 20_000 }).toContain('first');
    expect(got.frames[0]?.type).toBe('Output');
    await fs.writeFile(path.join(inst.path, 'go-streamer'), '');
    expect(await got.closed).toBe(1000);
    expect(got.lines()).toEqual(['first', 'second']);
    expect(got.frames.at(-1)).toMatchObject({
      type: 'End',
      exit_status: { type: 'Success' },
      truncated: false,
    });
    // A finished task's socket: everything kept, its end, closed.
    const late = openOutput(pid);
    expect(await late.closed).toBe(1000);
    expect(late.frames.map((f) => f.type)).toEqual(['Output', 'End']);
    expect(late.lines()).toEqual(['first', 'second']);
    // An unknown task is refused before the upgrade.
    await expect(
      env.t.socket(apiPaths.macroOutputStream(inst.uuid, 999_999, env.owner)),
    ).rejects.toThrow('socket refused: 404');
  });

  it("never puts a task's output on Lodestone's event stream", async () => {
    // env.log is a plain event stream that parses every frame as a ClientEvent (it throws on
    // anything else): the tasks above ran while it listened.
    expect(env.log.events.length).toBeGreaterThan(0);
    expect(JSON.stringify(env.log.events)).not.toContain('hello from chatty');
  });

  it('keeps the output across a restart of the core', async () => {
    const pid = await writeAndRun('survivor', `console.log('still here');\n`);
    await stoppedOf(env, pid);
    env.log.close();
    await env.t.close();
    env = await startMacroCore({}, dataDir);
    expect(await output(pid)).toEqual({ lines: ['still here'], truncated: false });
  });
});

const CONFIGURED = `class LodestoneConfig {
  greeting: string = 'hello';
}
declare const config: LodestoneConfig;
console.log(config.greeting);
`;

describe('item 7: the macro list says which macros need their config first', () => {
  it('needs_config until a valid config is stored; run keeps the reference answer', async () => {
    await writeMacroThroughApi(env, inst.uuid, 'configured', CONFIGURED);
    await writeMacroThroughApi(env, inst.uuid, 'plain', `console.log('plain');\n`);
    const list = async () =>
      z
        .array(MacroEntrySchema)
        .parse(
          (await env.t.request('GET', apiPaths.macroList(inst.uuid), { token: env.owner })).json,
        );
    const before = await list();
    expect(before.find((m) => m.name === 'configured')?.needs_config).toBe(true);
    expect(before.find((m) => m.name === 'plain')?.needs_config).toBe(false);

    const run = await env.t.request('PUT', apiPaths.macroRun(inst.uuid, 'configured'), {
      token: env.owner,
      body: [],
    });
    expect(run.status).toBe(500);
    expect(run.json).toEqual({ kind: 'Internal', causes: ['Config error'] });

    const config = GetConfigResponseSchema.parse(
      (
        await env.t.request('GET', apiPaths.macroConfigGet(inst.uuid, 'configured'), {
          token: env.owner,
        })
      ).json,
    ).config;
    config.greeting!.value = { type: 'String', value: 'hi' };
    const stored = await env.t.request('POST', apiPaths.macroConfigStore(inst.uuid, 'configured'), {
      token: env.owner,
      body: config,
    });
    expect(stored.status, stored.text).toBe(200);
    expect((await list()).find((m) => m.name === 'configured')?.needs_config).toBe(false);
  });
});

describe('item 8: a change under macros/ through the file API reaches the event stream', () => {
  it('sends MacrosChanged to a stream that asked for Hearth events, and nothing to one that did not', async () => {
    const query = encodeURIComponent(JSON.stringify(emptyEventQuery(env.owner)));
    const hearth = await env.t.socket(`/events/all/stream?filter=${query}&hearth=1`);
    const changed = nextFrame<unknown>(
      hearth,
      (frame) => parseHearthEventFrame(JSON.stringify(frame))?.type === 'MacrosChanged',
    );
    for (const dir of ['macros/added-later']) {
      const made = await env.t.request('PUT', apiPaths.fsMkdir(inst.uuid, dir), {
        token: env.owner,
      });
      expect(made.status, made.text).toBe(200);
    }
    expect(parseHearthEventFrame(JSON.stringify(await changed))).toEqual({
      type: 'MacrosChanged',
      instance_uuid: inst.uuid,
    });
    // A file written there: again.
    const again = nextFrame<unknown>(
      hearth,
      (frame) => parseHearthEventFrame(JSON.stringify(frame))?.type === 'MacrosChanged',
    );
    const wrote = await env.t.request(
      'PUT',
      apiPaths.fsWrite(inst.uuid, 'macros/added-later/index.ts'),
      { token: env.owner, rawBody: 'console.log(1);' },
    );
    expect(wrote.status, wrote.text).toBe(200);
    await again;
    hearth.close();
    // env.log (no `hearth` parameter) parses every frame as a ClientEvent and would have thrown.
    const listed = z
      .array(MacroEntrySchema)
      .parse(
        (await env.t.request('GET', apiPaths.macroList(inst.uuid), { token: env.owner })).json,
      );
    expect(listed.map((m) => m.name)).toContain('added-later');
  });

  it('tells only users who may use the instance macros', async () => {
    const viewer = await env.t.createUser(env.owner, 'macro-blind');
    await env.t.grant(env.owner, viewer.uid, { can_view_instance: [inst.uuid] });
    const query = encodeURIComponent(JSON.stringify(emptyEventQuery(viewer.token)));
    const blind = await env.t.socket(`/events/all/stream?filter=${query}&hearth=1`);
    const frames: unknown[] = [];
    blind.on('message', (data: WebSocket.RawData) => frames.push(JSON.parse(data.toString())));
    const ownerQuery = encodeURIComponent(JSON.stringify(emptyEventQuery(env.owner)));
    const seeing = await env.t.socket(`/events/all/stream?filter=${ownerQuery}&hearth=1`);
    const seen = nextFrame<unknown>(
      seeing,
      (frame) => parseHearthEventFrame(JSON.stringify(frame))?.type === 'MacrosChanged',
    );
    const made = await env.t.request('PUT', apiPaths.fsMkdir(inst.uuid, 'macros/hidden-one'), {
      token: env.owner,
    });
    expect(made.status, made.text).toBe(200);
    await seen;
    seeing.close();
    // Frames on one socket keep their order: once the blind socket has the instance's start, which
    // came after the change, a MacrosChanged for it would have arrived before.
    const started = nextFrame<{ event_inner?: { type?: string } }>(
      blind,
      (frame) => frame.event_inner?.type === 'InstanceEvent',
    );
    const start = await env.t.request('PUT', apiPaths.instanceStart(inst.uuid), {
      token: env.owner,
    });
    expect(start.status, start.text).toBe(200);
    await started;
    blind.close();
    expect(frames.filter((f) => parseHearthEventFrame(JSON.stringify(f)) !== null)).toEqual([]);
  });
});
