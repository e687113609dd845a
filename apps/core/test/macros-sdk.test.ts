import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ClientEvent, type InstanceInfo, type UserPermission } from '@hearth/protocol';
import { isState } from './instance-helpers.ts';
import {
  createEchoInstance,
  macroEvent,
  runMacro,
  stoppedOf,
  useMacroCore,
  writeMacro,
  writeMacroThroughApi,
  type MacroEnv,
} from './macros-helpers.ts';

let env: MacroEnv;
let inst: InstanceInfo;
let runner: { uid: string; token: string };

useMacroCore(async (opened) => {
  env = opened;
  inst = await createEchoInstance(env, 'SDK Host');
  runner = await env.t.createUser(env.owner, 'runner');
  await setPermissions({ can_view_instance: [inst.uuid], can_access_instance_macro: [inst.uuid] });
});

const setPermissions = (perms: Partial<UserPermission>) =>
  env.t.grant(env.owner, runner.uid, perms);

const consoleTexts = async (uuid: string) =>
  (
    (await env.t.request('GET', `/instance/${uuid}/console/buffer`, { token: env.owner }))
      .json as ClientEvent[]
  ).flatMap((e) =>
    e.event_inner.type === 'InstanceEvent' &&
    e.event_inner.instance_event_inner.type === 'InstanceOutput'
      ? [e.event_inner.instance_event_inner.message]
      : [],
  );

const progressionsNamed = (name: string) =>
  env.log.events.filter(
    (e) =>
      e.event_inner.type === 'ProgressionEvent' &&
      e.event_inner.progression_event_inner.type === 'ProgressionStart' &&
      e.event_inner.progression_event_inner.progression_name === name,
  );

const START_PROBE = `import { currentInstance, HearthError } from 'hearth:macro';
const result: Record<string, string> = {};
try {
  await currentInstance().start();
  result.start = 'allowed';
} catch (e) {
  result.start = e instanceof HearthError ? e.kind + ': ' + e.causes.join(': ') : String(e);
}
result.state = await currentInstance().state();
await Deno.writeTextFile('start-result.json', JSON.stringify(result));
`;

describe('the macro SDK', () => {
  it('acts with the permissions of the user who started the task', async () => {
    // Written by the owner through the API: the runner's task has the runner's rights (a macro
    // planted on disk would have only view and file rights).
    await writeMacroThroughApi(env, inst.uuid, 'starter', START_PROBE);
    const result = path.join(inst.path, 'start-result.json');

    const denied = await runMacro(env, inst.uuid, 'starter', [], runner.token);
    expect(await stoppedOf(env, denied)).toMatchObject({ type: 'Success' });
    expect(JSON.parse(await fs.readFile(result, 'utf8'))).toEqual({
      start: "PermissionDenied: You don't have permission to start this instance",
      state: 'Stopped',
    });
    expect(env.log.states(inst.uuid)).not.toContain('Starting');

    await setPermissions({
      can_view_instance: [inst.uuid],
      can_access_instance_macro: [inst.uuid],
      can_start_instance: [inst.uuid],
    });
    const running = env.log.next(isState(inst.uuid, 'Running'), 'the macro to start the instance');
    const allowed = await runMacro(env, inst.uuid, 'starter', [], runner.token);
    expect(await stoppedOf(env, allowed)).toMatchObject({ type: 'Success' });
    expect(JSON.parse(await fs.readFile(result, 'utf8'))).toMatchObject({ start: 'allowed' });
    await running;
    const stopped = env.log.next(isState(inst.uuid, 'Stopped'), 'the instance to stop');
    await env.t.request('PUT', `/instance/${inst.uuid}/stop`, { token: env.owner });
    await stopped;
  });

  it('sends console lines, progressions and a detach, and ends progressions left open', async () => {
    await writeMacro(
      inst.path,
      'notify',
      `import { Progression, consoleOut, detach } from 'hearth:macro';
const p = await Progression.start('Macro work', 10);
await p.update(4, 'four of ten');
await p.update(20, 'too much');
await p.end(true, 'all done');
await Progression.start('Left open', null);
await detach();
await detach();
await consoleOut('line one\\nline two');
`,
    );
    const pid = await runMacro(env, inst.uuid, 'notify', [], runner.token);
    expect(await stoppedOf(env, pid)).toMatchObject({ type: 'Success' });
    expect(await consoleTexts(inst.uuid)).toEqual(
      expect.arrayContaining(['[macro notify] line one\n', '[macro notify] line two\n']),
    );
    const [work] = progressionsNamed('Macro work');
    expect(work?.caused_by).toEqual({
      type: 'User',
      user_id: runner.uid,
      user_name: 'runner',
      macro_name: 'notify',
      macro_pid: pid,
    });
    const id = work!.event_inner.type === 'ProgressionEvent' ? work!.event_inner.event_id : '';
    const ofWork = env.log.events.flatMap((e) =>
      e.event_inner.type === 'ProgressionEvent' && e.event_inner.event_id === id
        ? [e.event_inner.progression_event_inner]
        : [],
    );
    expect(ofWork.map((p) => p.type)).toEqual([
      'ProgressionStart',
      'ProgressionUpdate',
      'ProgressionUpdate',
      'ProgressionEnd',
    ]);
    expect(ofWork[2]).toMatchObject({ progress: 6 });
    expect(ofWork[3]).toMatchObject({ success: true, message: 'all done' });
    const [open] = progressionsNamed('Left open');
    const openId = open!.event_inner.type === 'ProgressionEvent' ? open!.event_inner.event_id : '';
    await env.log.wait(
      (e) =>
        e.event_inner.type === 'ProgressionEvent' &&
        e.event_inner.event_id === openId &&
        e.event_inner.progression_event_inner.type === 'ProgressionEnd' &&
        !e.event_inner.progression_event_inner.success,
      'the open progression to end',
    );
    const detaches = env.log.events.filter(
      (e) => macroEvent(e)?.macro_pid === pid && macroEvent(e)?.macro_event_inner.type === 'Detach',
    );
    expect(detaches).toHaveLength(1);
    expect(detaches[0]).toMatchObject({
      event_inner: { instance_uuid: inst.uuid },
      caused_by: { type: 'System' },
    });
  });

  it('runs a macro written for lodestone-macro-lib unmodified', async () => {
    await writeMacro(
      inst.path,
      'compat',
      `import { EventStream, ProgressionHandler } from "https://raw.githubusercontent.com/Lodestone-Team/lodestone-macro-lib/main/events.ts";
import { Instance } from "https://raw.githubusercontent.com/Lodestone-Team/lodestone-macro-lib/main/instance.ts";
import { getCurrentTaskPid, lodestoneVersion } from "https://raw.githubusercontent.com/Lodestone-Team/lodestone-macro-lib/main/prelude.ts";

const current = await Instance.current();
const eventStream = new EventStream(current.getUUID(), await current.name());
EventStream.emitDetach();
eventStream.emitConsoleOut(\`Hello from \${await current.name()} on \${lodestoneVersion()} as \${getCurrentTaskPid()}, \${await current.isStopped()}\`);
const handler = ProgressionHandler.create("Compat progress", 2);
handler.addProgress(1, "half way");
handler.complete(true, "finished");
`,
    );
    const pid = await runMacro(env, inst.uuid, 'compat');
    expect(await stoppedOf(env, pid)).toMatchObject({ type: 'Success' });
    expect(await consoleTexts(inst.uuid)).toContain(
      `[macro compat] Hello from SDK Host on 0.5.1 as ${pid}, true\n`,
    );
    expect(progressionsNamed('Compat progress')).toHaveLength(1);
    expect(
      env.log.events.some(
        (e) =>
          macroEvent(e)?.macro_pid === pid && macroEvent(e)?.macro_event_inner.type === 'Detach',
      ),
    ).toBe(true);
  });

  it('fetches nothing: a remote import fails the task', async () => {
    await writeMacro(
      inst.path,
      'remote',
      `import 'https://deno.land/std@0.177.1/datetime/format.ts';`,
    );
    const pid = await runMacro(env, inst.uuid, 'remote');
    const exit = await stoppedOf(env, pid);
    expect(exit.type).toBe('Error');
    expect(exit.type === 'Error' && exit.error_msg).toMatch(/remote|--no-remote/i);
  });

  it('keeps its routes for task tokens: a user token is refused, no token is unauthorized', async () => {
    const asUser = await env.t.request('POST', '/macro_sdk/console_out', {
      token: env.owner,
      body: { line: 'forged' },
    });
    expect(asUser.status).toBe(403);
    const anonymous = await env.t.request('POST', '/macro_sdk/console_out', {
      body: { line: 'forged' },
    });
    expect(anonymous.status).toBe(401);
    const fake = await env.t.request('POST', '/macro_sdk/detach', {
      token: 'hearth-task.not-a-real-token',
      body: {},
    });
    expect(fake.status).toBe(401);
    expect(await consoleTexts(inst.uuid)).not.toContain('forged\n');
  });

  it('refuses the macro routes to users without the macro permission, admins included', async () => {
    const admin = await env.t.createUser(env.owner, 'an-admin');
    env.t.core.ctx.db.prepare('UPDATE users SET is_admin = 1 WHERE uid = ?').run(admin.uid);
    for (const token of [admin.token]) {
      const res = await env.t.request('GET', `/instance/${inst.uuid}/macro/list`, { token });
      expect(res.status).toBe(403);
    }
    const unknown = await env.t.request('GET', '/instance/INSTANCE_nope/macro/list', {
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
  });
});
