// Issue 22 item 3: macro code is code. A user with file permission alone cannot write under
// `macros/` by any file route, and a task acts with only the rights its starter AND the authors of
// its code both have: a macro written by a lesser user (or changed outside Hearth) and run by the
// owner cannot create users, grant permissions or turn safe mode off. The event log names the macro
// and its starter. A real core as root with the sandbox on (`--isolation required`).
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LogPageSchema,
  apiPaths,
  describeLogEntry,
  encodePathSegment,
  type InstanceInfo,
  type LogEntry,
  type UserPermission,
} from '@hearth/protocol';
import { makeZip } from '../src/services/files/test-helpers.ts';
import type { TestResponse } from './helpers.ts';
import { bwrapPresent } from './instance-helpers.ts';
import {
  createEchoInstance,
  escalateMacro,
  runMacro,
  stoppedOf,
  useMacroCore,
  writeMacroThroughApi,
  type MacroEnv,
} from './macros-helpers.ts';

let env: MacroEnv;
let inst: InstanceInfo;
/** View + file read/write: what a game server's co-admin might have. */
let filer: { uid: string; token: string };
/** View + macro + file read/write, no user management. */
let author: { uid: string; token: string };

const at = (...parts: string[]) => path.join(inst.path, ...parts);

const grant = (uid: string, perms: Partial<UserPermission>) => env.t.grant(env.owner, uid, perms);

function put(token: string, relative: string, data: string): Promise<TestResponse> {
  return env.t.request('PUT', apiPaths.fsWrite(inst.uuid, relative), { token, rawBody: data });
}

const writeMacroAs = (token: string, name: string, source: string) =>
  writeMacroThroughApi(env, inst.uuid, name, source, token);

async function uploadAs(token: string, dir: string, name: string, data: string) {
  const form = new FormData();
  form.append('file', new Blob([data]), name);
  const res = await fetch(
    `${env.t.api}/instance/${inst.uuid}/fs/${encodePathSegment(dir)}/upload`,
    { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form },
  );
  return { status: res.status, text: await res.text() };
}

async function logEntries(): Promise<LogEntry[]> {
  const res = await env.t.request('GET', '/activity/search?limit=500', { token: env.owner });
  expect(res.status, res.text).toBe(200);
  return LogPageSchema.parse(res.json).entries;
}

async function runAndRead(name: string, tag: string, on: InstanceInfo = inst) {
  const pid = await runMacro(env, on.uuid, name, [tag]);
  expect(await stoppedOf(env, pid, 60_000)).toMatchObject({ type: 'Success' });
  const file = path.join(on.path, `result-${tag}.json`);
  return { pid, result: JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, number> };
}

async function safeMode(): Promise<boolean> {
  const res = await env.t.request('GET', '/global_settings', { token: env.owner });
  return (res.json as { safe_mode: boolean }).safe_mode;
}

useMacroCore(
  async (opened) => {
    env = opened;
    // The sandbox's unprivileged user must be able to read the generic definitions.
    await fs.chmod(env.scratch, 0o755);
    inst = await createEchoInstance(env, 'Authored');
    filer = await env.t.createUser(env.owner, 'filer');
    author = await env.t.createUser(env.owner, 'author');
    await grant(filer.uid, {
      can_view_instance: [inst.uuid],
      can_read_instance_file: [inst.uuid],
      can_write_instance_file: [inst.uuid],
    });
    await grant(author.uid, {
      can_view_instance: [inst.uuid],
      can_access_instance_macro: [inst.uuid],
      can_read_instance_file: [inst.uuid],
      can_write_instance_file: [inst.uuid],
    });
    await writeMacroAs(env.owner, 'greeter', "console.log('hello');\n");
    await fs.writeFile(at('payload.ts'), 'planted');
    await fs.mkdir(at('staged', 'greeter'), { recursive: true });
    await fs.writeFile(at('staged', 'greeter', 'index.ts'), 'planted');
    await fs.writeFile(
      at('planted.zip'),
      await makeZip([{ name: 'macros/greeter/index.ts', data: 'planted' }]),
    );
    await fs.writeFile(at('inner.zip'), await makeZip([{ name: 'index.ts', data: 'planted' }]));
    // A link a game could have made: writing through it is writing under macros/.
    await fs.symlink('macros', at('macros-link'));
  },
  { isolation: bwrapPresent ? 'required' : 'none' },
  120_000,
);

describe('writing under macros/ needs the macro permission as well as file write', () => {
  it('refuses every file route that would create, change, move, copy, unzip or remove code there', async () => {
    const tok = filer.token;
    const u = inst.uuid;
    const attempts: [string, () => Promise<{ status: number; text: string }>][] = [
      ['write', () => put(tok, 'macros/greeter/index.ts', 'planted')],
      ['write through a link', () => put(tok, 'macros-link/greeter/index.ts', 'planted')],
      [
        'new file',
        () => env.t.request('PUT', apiPaths.fsNew(u, 'macros/greeter/x.ts'), { token: tok }),
      ],
      ['mkdir', () => env.t.request('PUT', apiPaths.fsMkdir(u, 'macros/evil'), { token: tok })],
      ['upload', () => uploadAs(tok, 'macros/greeter', 'index.ts', 'planted')],
      ['upload into a new folder', () => uploadAs(tok, 'macros/evil', 'index.ts', 'planted')],
      [
        'move into',
        () =>
          env.t.request('PUT', apiPaths.fsMove(u, 'payload.ts', 'macros/greeter/lib.ts'), {
            token: tok,
          }),
      ],
      [
        'rename a folder to macros',
        () => env.t.request('PUT', apiPaths.fsMove(u, 'staged', 'macros'), { token: tok }),
      ],
      [
        'rename macros away',
        () => env.t.request('PUT', apiPaths.fsMove(u, 'macros', 'old-macros'), { token: tok }),
      ],
      [
        'copy into',
        () =>
          env.t.request('PUT', apiPaths.fsCpr(u), {
            token: tok,
            body: { relative_paths_source: ['payload.ts'], relative_path_dest: 'macros/greeter' },
          }),
      ],
      [
        'zip into',
        () =>
          env.t.request('PUT', apiPaths.fsZip(u), {
            token: tok,
            body: {
              target_relative_paths: ['payload.ts'],
              destination_relative_path: 'macros/greeter/p.zip',
            },
          }),
      ],
      [
        'unzip into',
        () =>
          env.t.request('PUT', apiPaths.fsUnzip(u, 'inner.zip'), {
            token: tok,
            body: { ToDir: 'macros/greeter' },
          }),
      ],
      [
        'rm',
        () => env.t.request('DELETE', apiPaths.fsRm(u, 'macros/greeter/index.ts'), { token: tok }),
      ],
      [
        'rmdir',
        () => env.t.request('DELETE', apiPaths.fsRmdir(u, 'macros/greeter'), { token: tok }),
      ],
    ];
    for (const [what, attempt] of attempts) {
      const res = await attempt();
      expect(res.status, `${what}: ${res.text}`).toBe(403);
    }
    expect(await fs.readFile(at('macros', 'greeter', 'index.ts'), 'utf8')).toBe(
      "console.log('hello');\n",
    );
    expect((await fs.readdir(at('macros'))).sort()).toEqual(['greeter']);
    expect((await fs.readdir(at('macros', 'greeter'))).sort()).toEqual(['index.ts']);
    // Reading stays as it was.
    const read = await env.t.request('GET', apiPaths.fsRead(inst.uuid, 'macros/greeter/index.ts'), {
      token: tok,
    });
    expect(read.status).toBe(200);
  });

  it('an archive that brings a macros folder is refused as a whole', async () => {
    await fs.rename(at('macros'), at('macros-away'));
    try {
      const from = env.log.events.length;
      const res = await env.t.request('PUT', apiPaths.fsUnzip(inst.uuid, 'planted.zip'), {
        token: filer.token,
        body: 'Normal',
      });
      expect(res.status, res.text).toBe(200);
      await env.log.wait(
        (e) =>
          env.log.events.indexOf(e) >= from &&
          e.event_inner.type === 'ProgressionEvent' &&
          e.event_inner.progression_event_inner.type === 'ProgressionEnd',
        'the unzip to end',
      );
      await expect(fs.lstat(at('macros'))).rejects.toThrow();
    } finally {
      await fs.rm(at('macros'), { recursive: true, force: true });
      await fs.rename(at('macros-away'), at('macros'));
    }
  });

  it('the macro permission with file write may write there', async () => {
    await writeMacroAs(author.token, 'authored', "console.log('by author');\n");
    expect(await fs.readFile(at('macros', 'authored', 'index.ts'), 'utf8')).toBe(
      "console.log('by author');\n",
    );
  });
});

describe.runIf(bwrapPresent)("a task's rights are its starter's and its authors' together", () => {
  /** An instance whose macro code only the owner wrote (so far). */
  let solo: InstanceInfo;
  const writeSolo = (token: string, name: string, source: string) =>
    writeMacroThroughApi(env, solo.uuid, name, source, token);

  beforeAll(async () => {
    solo = await createEchoInstance(env, 'Solo');
    await grant(author.uid, {
      can_view_instance: [inst.uuid, solo.uuid],
      can_access_instance_macro: [inst.uuid, solo.uuid],
      can_read_instance_file: [inst.uuid, solo.uuid],
      can_write_instance_file: [inst.uuid, solo.uuid],
    });
  });

  it('the owner running a macro only the owner wrote may do what the owner may (the control)', async () => {
    await writeSolo(env.owner, 'own', escalateMacro(author.uid));
    const { result } = await runAndRead('own', 'own', solo);
    expect(result).toEqual({ createUser: 200, grant: 200, safeMode: 200, write: 200 });
    // Put things back for the next cases.
    await env.t.request('PUT', '/global_settings/safe_mode', { token: env.owner, body: true });
    await grant(author.uid, {
      can_view_instance: [inst.uuid, solo.uuid],
      can_access_instance_macro: [inst.uuid, solo.uuid],
      can_read_instance_file: [inst.uuid, solo.uuid],
      can_write_instance_file: [inst.uuid, solo.uuid],
    });
  }, 90_000);

  it("a lesser user's macro run by the owner cannot create a user, grant permissions or change safe mode", async () => {
    await writeMacroAs(author.token, 'escalate', escalateMacro(author.uid));
    const { pid, result } = await runAndRead('escalate', 'lesser');
    expect(result).toEqual({ createUser: 403, grant: 403, safeMode: 403, write: 200 });
    expect(await safeMode()).toBe(true);
    const users = await env.t.request('GET', '/user/list', { token: env.owner });
    expect(JSON.stringify(users.json)).not.toContain('mallory-lesser');

    // The event log names the macro and who started it, for the run and for what the task did.
    const entries = await logEntries();
    const started = entries.find(
      (e) =>
        e.source === 'event' &&
        e.event_inner.type === 'MacroEvent' &&
        e.event_inner.macro_pid === pid &&
        e.event_inner.macro_event_inner.type === 'Started',
    );
    expect(started && describeLogEntry(started)).toEqual({
      title: 'Macro escalate started by owner',
      detail:
        'Macro code written by author: the task has only the rights owner and author both have',
    });
    const finished = entries.find(
      (e) =>
        e.source === 'event' &&
        e.event_inner.type === 'MacroEvent' &&
        e.event_inner.macro_pid === pid &&
        e.event_inner.macro_event_inner.type === 'Stopped',
    );
    expect(finished && describeLogEntry(finished).title).toBe(
      'Macro escalate (started by owner) finished',
    );
    const wrote = entries.find(
      (e) =>
        e.source === 'event' &&
        e.event_inner.type === 'FSEvent' &&
        e.event_inner.target.path.endsWith('wrote-lesser.txt'),
    );
    expect(wrote?.caused_by).toMatchObject({
      type: 'User',
      user_name: 'owner',
      macro_name: 'escalate',
      macro_pid: pid,
    });
    expect(wrote && describeLogEntry(wrote).title).toMatch(/ by macro escalate started by owner$/);
  }, 90_000);

  it("moving someone's macro does not make it yours", async () => {
    const moved = await env.t.request(
      'PUT',
      apiPaths.fsMove(inst.uuid, 'macros/escalate', 'macros/moved'),
      {
        token: env.owner,
      },
    );
    expect(moved.status, moved.text).toBe(200);
    const { result } = await runAndRead('moved', 'moved');
    expect(result).toEqual({ createUser: 403, grant: 403, safeMode: 403, write: 200 });
  }, 90_000);

  it('a module another user wrote bounds every macro that may import it', async () => {
    await writeSolo(env.owner, 'uses-lib', "import '../lib/index.ts';\n");
    await writeSolo(
      author.token,
      'lib',
      escalateMacro(author.uid).replaceAll('Deno.args[0]', "'lib'"),
    );
    const pid = await runMacro(env, solo.uuid, 'uses-lib');
    expect(await stoppedOf(env, pid, 60_000)).toMatchObject({ type: 'Success' });
    const result = JSON.parse(
      await fs.readFile(path.join(solo.path, 'result-lib.json'), 'utf8'),
    ) as unknown;
    expect(result).toEqual({ createUser: 403, grant: 403, safeMode: 403, write: 200 });
  }, 90_000);

  it('macro code changed outside Hearth leaves view and file rights only', async () => {
    const fresh = await createEchoInstance(env, 'Planted');
    await writeMacroThroughApi(env, fresh.uuid, 'planted', "console.log('owner wrote this');\n");
    // What a game (before its macros folder was read-only) or a host user could do.
    await fs.writeFile(
      path.join(fresh.path, 'macros', 'planted', 'index.ts'),
      escalateMacro(author.uid),
    );
    const { pid, result } = await runAndRead('planted', 'planted', fresh);
    expect(result).toEqual({ createUser: 403, grant: 403, safeMode: 403, write: 200 });
    const started = env.log.events.find(
      (e) =>
        e.event_inner.type === 'MacroEvent' &&
        e.event_inner.macro_pid === pid &&
        e.event_inner.macro_event_inner.type === 'Started',
    );
    expect(started?.details).toBe(
      'macros/planted/index.ts changed outside Hearth: the task has only view and file rights on this instance',
    );
    // Moving it through Hearth does not make its mover answer for it either.
    const moved = await env.t.request(
      'PUT',
      apiPaths.fsMove(fresh.uuid, 'macros/planted', 'macros/renamed'),
      { token: env.owner },
    );
    expect(moved.status, moved.text).toBe(200);
    expect((await runAndRead('renamed', 'renamed', fresh)).result).toEqual({
      createUser: 403,
      grant: 403,
      safeMode: 403,
      write: 200,
    });
  }, 90_000);
});
