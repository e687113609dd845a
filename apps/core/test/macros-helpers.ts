import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import {
  apiPaths,
  emptyPermissions,
  type ClientEvent,
  type ExitStatus,
  type InstanceInfo,
} from '@hearth/protocol';
import type { CoreConfig } from '../src/app.ts';
import { startTestCore, type TestCore } from './helpers.ts';
import { createNodeGameInstance, EventLog, useOpened } from './instance-helpers.ts';

/** A generic game's process that echoes every stdin line as `got <line>` (no port of its own). */
const ECHO_SCRIPT =
  "console.log('Done (0.1s)!'); process.stdin.on('data', (d) => process.stdout.write('got ' + d));";

export interface MacroEnv {
  t: TestCore;
  owner: string;
  log: EventLog;
  scratch: string;
  close(): Promise<void>;
}

export async function startMacroCore(
  overrides: Partial<CoreConfig> = {},
  dataDir?: string,
): Promise<MacroEnv> {
  const t = await startTestCore({ stopTimeoutMs: 5000, ...overrides }, dataDir);
  // A data dir reused from an earlier core already has its owner: log in instead.
  const owner = t.setupKey
    ? await t.setupOwner()
    : ((await t.login('owner', 'owner-password')).json as { token: string }).token;
  const log = await EventLog.open(t, owner);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-macros-'));
  return {
    t,
    owner,
    log,
    scratch,
    async close() {
      log.close();
      await t.close();
      await fs.rm(scratch, { recursive: true, force: true });
      // The temp data dir startTestCore made (a data dir passed in belongs to the caller).
      if (dataDir === undefined) await fs.rm(t.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a MacroEnv (`overrides` as for startMacroCore) before the file's tests, hands it to `use`
 * (which keeps what the tests need, and may prepare more), and closes it after them.
 */
export function useMacroCore(
  use: (opened: MacroEnv) => unknown,
  overrides: Partial<CoreConfig> = {},
  timeoutMs?: number,
): void {
  useOpened(() => startMacroCore(overrides), use, timeoutMs);
}

/** Creates an echo instance; returns its info (path = its folder). */
export async function createEchoInstance(env: MacroEnv, name: string): Promise<InstanceInfo> {
  const echo = { name: 'echo', displayName: 'Echo', script: ECHO_SCRIPT };
  return (await createNodeGameInstance(env, echo, name)).info;
}

/**
 * Writes `<instance>/macros/<name>/index.ts` on disk, as a game or a host user could: the core
 * knows no author for it, so its tasks run with view and file rights only.
 */
export async function writeMacro(dir: string, name: string, source: string): Promise<void> {
  await fs.mkdir(path.join(dir, 'macros', name), { recursive: true });
  await fs.writeFile(path.join(dir, 'macros', name, 'index.ts'), source);
}

export function macroEvent(e: ClientEvent) {
  return e.event_inner.type === 'MacroEvent' ? e.event_inner : null;
}

/** Runs a macro through HTTP and returns its pid (from the Started event that follows). */
export async function runMacro(
  env: MacroEnv,
  uuid: string,
  name: string,
  args: string[] = [],
  token = env.owner,
): Promise<number> {
  const before = env.log.events.length;
  const res = await env.t.request(
    'PUT',
    `/instance/${uuid}/macro/run/${encodeURIComponent(name)}`,
    {
      token,
      body: args,
    },
  );
  expect(res.status, res.text).toBe(200);
  const started = await env.log.wait(
    (e) =>
      env.log.events.indexOf(e) >= before &&
      macroEvent(e)?.instance_uuid === uuid &&
      macroEvent(e)?.macro_event_inner.type === 'Started',
    `${name} to start`,
  );
  return macroEvent(started)!.macro_pid;
}

/** The exit status of a task, once its Stopped event arrives. */
export async function stoppedOf(env: MacroEnv, pid: number, ms?: number): Promise<ExitStatus> {
  const stopped = await env.log.wait(
    (e) => macroEvent(e)?.macro_pid === pid && macroEvent(e)?.macro_event_inner.type === 'Stopped',
    `task ${pid} to stop`,
    ms,
  );
  const inner = macroEvent(stopped)!.macro_event_inner;
  if (inner.type !== 'Stopped') throw new Error('not a stop');
  return inner.exit_status;
}

/**
 * Writes `macros/<name>/index.ts` through the file API as `token`'s user (the owner by default),
 * who becomes the macro's author.
 */
export async function writeMacroThroughApi(
  env: MacroEnv,
  uuid: string,
  name: string,
  source: string,
  token = env.owner,
): Promise<void> {
  for (const dir of ['macros', `macros/${name}`]) {
    const made = await env.t.request('PUT', apiPaths.fsMkdir(uuid, dir), { token });
    expect([200, 400], made.text).toContain(made.status);
  }
  const res = await env.t.request('PUT', apiPaths.fsWrite(uuid, `macros/${name}/index.ts`), {
    token,
    rawBody: source,
  });
  expect(res.status, res.text).toBe(200);
}

/**
 * A macro that takes its task token (by watching the SDK's own request) and tries what only the
 * owner may: create a user, give its author every permission, turn safe mode off; then writes a
 * file through the API (allowed to anyone with file write) so the event log has an action of it.
 */
export const escalateMacro = (
  targetUid: string,
) => `import { currentInstance, currentTask } from 'hearth:macro';
const realFetch = globalThis.fetch;
let token = '';
let api = '';
globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
  token = new Headers(init?.headers).get('authorization') ?? '';
  const url = String(input);
  api = url.slice(0, url.indexOf('/api/v1') + 7);
  return realFetch(input, init);
};
await currentInstance().state();
globalThis.fetch = realFetch;
const call = async (method: string, route: string, body?: string) => {
  const res = await fetch(api + route, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    body,
  });
  return res.status;
};
const b64 = (s: string) => btoa(s).replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_');
const result = {
  createUser: await call('POST', '/user', JSON.stringify({ username: 'mallory-' + Deno.args[0], password: 'pw' })),
  grant: await call('PUT', '/user/${targetUid}/update_perm', JSON.stringify(${JSON.stringify({
    ...emptyPermissions(),
    can_manage_permission: true,
    can_write_global_file: true,
  })})),
  safeMode: await call('PUT', '/global_settings/safe_mode', 'false'),
  write: await call('PUT', '/instance/' + currentTask().instanceUuid + '/fs/' + b64('wrote-' + Deno.args[0] + '.txt') + '/write', 'x'),
};
await Deno.writeTextFile('result-' + Deno.args[0] + '.json', JSON.stringify(result));
`;
