// Issue 22 item 6 (and item 3's schedule case): a schedule never runs with more rights than the
// user who last changed it. Toggling one needs what editing it needs, and makes the toggler the
// user it runs as; a Macro step's task is bound by the macro's authors too. A real core as root,
// the sandbox on, the test clock moved by its route.
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  ScheduleRunSchema,
  ScheduleSchema,
  emptyPermissions,
  type InstanceInfo,
  type ScheduleInput,
  type ScheduleRun,
  type UserPermission,
} from '@hearth/protocol';
import { bwrapPresent, startAndWaitRunning } from './instance-helpers.ts';
import {
  createEchoInstance,
  escalateMacro,
  useMacroCore,
  writeMacroThroughApi,
  type MacroEnv,
} from './macros-helpers.ts';

const MIN = 60_000;

let env: MacroEnv;
let inst: InstanceInfo;

async function grant(uid: string, perms: Partial<UserPermission>): Promise<void> {
  const res = await env.t.request('PUT', `/user/${uid}/update_perm`, {
    token: env.owner,
    body: { ...emptyPermissions(), ...perms },
  });
  expect(res.status, res.text).toBe(200);
}

function schedule(partial: Partial<ScheduleInput> & Pick<ScheduleInput, 'steps'>): ScheduleInput {
  return {
    description: '',
    trigger: { type: 'Interval', every_seconds: 60 },
    enabled: true,
    only_when_running: false,
    continue_on_failure: false,
    ...partial,
  };
}

async function create(token: string, body: ScheduleInput) {
  const res = await env.t.request('POST', `/instance/${inst.uuid}/schedules`, { token, body });
  expect(res.status, res.text).toBe(200);
  return ScheduleSchema.parse(res.json);
}

const setEnabled = (token: string, id: string, enabled: boolean) =>
  env.t.request('PUT', `/instance/${inst.uuid}/schedules/${id}/enabled`, {
    token,
    body: enabled,
  });

async function settledRuns(id: string): Promise<ScheduleRun[]> {
  await env.t.core.ctx.schedules.idle(id);
  const res = await env.t.request('GET', `/instance/${inst.uuid}/schedules/${id}/runs`, {
    token: env.owner,
  });
  expect(res.status, res.text).toBe(200);
  return z.array(ScheduleRunSchema).parse(res.json);
}

async function advance(ms: number): Promise<void> {
  const res = await env.t.request('POST', '/test/clock/advance', {
    token: env.owner,
    body: { ms },
  });
  expect(res.status, res.text).toBe(200);
}

useMacroCore(
  async (opened) => {
    env = opened;
    await fs.chmod(env.scratch, 0o755);
    inst = await createEchoInstance(env, 'Scheduled');
    await startAndWaitRunning(env.t, env.owner, env.log, inst.uuid);
  },
  {
    isolation: bwrapPresent ? 'required' : 'none',
    testClock: true,
    testClockStart: Date.parse('2026-03-02T10:00:30Z'),
  },
  120_000,
);

describe('toggling a schedule', () => {
  it('is refused to a user who could not edit it (settings permission alone)', async () => {
    const carol = await env.t.createUser(env.owner, 'carol');
    await grant(carol.uid, {
      can_view_instance: [inst.uuid],
      can_access_instance_setting: [inst.uuid],
    });
    const s = await create(
      env.owner,
      schedule({ enabled: false, steps: [{ type: 'Command', command: 'say owner only' }] }),
    );
    const res = await setEnabled(carol.token, s.id, true);
    expect(res.status, res.text).toBe(403);
    expect(res.json).toEqual({
      kind: 'PermissionDenied',
      causes: ["carol does not have permission to use this instance's console"],
    });
    const list = await env.t.request('GET', `/instance/${inst.uuid}/schedules`, {
      token: env.owner,
    });
    expect(
      z
        .array(ScheduleSchema)
        .parse(list.json)
        .find((x) => x.id === s.id)?.enabled,
    ).toBe(false);
  });

  it('makes the toggler the user it runs as: never more than they may do', async () => {
    const dave = await env.t.createUser(env.owner, 'dave');
    const perms = {
      can_view_instance: [inst.uuid],
      can_access_instance_setting: [inst.uuid],
      can_access_instance_console: [inst.uuid],
    };
    await grant(dave.uid, perms);
    const s = await create(
      env.owner,
      schedule({ enabled: false, steps: [{ type: 'Command', command: 'say from dave' }] }),
    );
    const res = await setEnabled(dave.token, s.id, true);
    expect(res.status, res.text).toBe(200);
    expect(ScheduleSchema.parse(res.json)).toMatchObject({ enabled: true, author_uid: dave.uid });
    // Dave loses the console: the owner's schedule he switched on acts as him, so it may not either.
    await grant(dave.uid, { ...perms, can_access_instance_console: [] });
    await advance(MIN);
    const [run] = await settledRuns(s.id);
    expect(run).toMatchObject({
      outcome: 'Failed',
      reason:
        "Step 1 (Command) failed: dave does not have permission to use this instance's console",
    });
    await env.t.request('DELETE', `/instance/${inst.uuid}/schedules/${s.id}`, {
      token: env.owner,
    });
  }, 60_000);
});

describe.runIf(bwrapPresent)("an owner's schedule running a lesser user's macro", () => {
  it('runs the task with no more than the rights of the macro’s author', async () => {
    const erin = await env.t.createUser(env.owner, 'erin');
    await grant(erin.uid, {
      can_view_instance: [inst.uuid],
      can_access_instance_macro: [inst.uuid],
      can_read_instance_file: [inst.uuid],
      can_write_instance_file: [inst.uuid],
    });
    await writeMacroThroughApi(env, inst.uuid, 'planted', escalateMacro(erin.uid), erin.token);
    const s = await create(
      env.owner,
      schedule({ enabled: false, steps: [{ type: 'Macro', macro: 'planted', args: ['sched'] }] }),
    );
    const res = await env.t.request('POST', `/instance/${inst.uuid}/schedules/${s.id}/run`, {
      token: env.owner,
    });
    expect(res.status, res.text).toBe(200);
    const [run] = await settledRuns(s.id);
    expect(run).toMatchObject({ outcome: 'Success' });
    const result = JSON.parse(
      await fs.readFile(path.join(inst.path, 'result-sched.json'), 'utf8'),
    ) as unknown;
    expect(result).toEqual({ createUser: 403, grant: 403, safeMode: 403, write: 200 });
  }, 90_000);
});
