import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import {
  InstanceInfoSchema,
  type ClientEvent,
  type ExitStatus,
  type InstanceInfo,
} from '@hearth/protocol';
import type { CoreConfig } from '../src/app.ts';
import { startTestCore, type TestCore } from './helpers.ts';
import { EventLog, freePort, isCreationEnd } from './instance-helpers.ts';

/** A generic game whose process echoes every stdin line as `got <line>` (no port of its own). */
const ECHO_DEFINITION = `export default {
  game_name: 'echo',
  game_display_name: 'Echo',
  setupManifest: () => ({ setting_sections: {} }),
  install: () => ({ version: '1', port: PORT }),
  start: () => ({
    command: process.execPath,
    args: ['-e', "console.log('Done (0.1s)!'); process.stdin.on('data', (d) => process.stdout.write('got ' + d));"],
  }),
  stop: { signal: 'SIGTERM' },
};
`;

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

/** Creates an echo instance; returns its info (path = its folder). */
export async function createEchoInstance(env: MacroEnv, name: string): Promise<InstanceInfo> {
  const port = await freePort();
  const file = path.join(env.scratch, `echo-${port}.mjs`);
  await fs.writeFile(file, ECHO_DEFINITION.replace('PORT', String(port)));
  const res = await env.t.request('POST', '/instance/create_generic', {
    token: env.owner,
    body: { url: pathToFileURL(file).href, setup_value: { name, setting_sections: {} } },
  });
  expect(res.status, res.text).toBe(200);
  const uuid = res.json as string;
  await env.log.wait(isCreationEnd(uuid), `creation of ${name}`);
  const info = await env.t.request('GET', `/instance/${uuid}/info`, { token: env.owner });
  return InstanceInfoSchema.parse(info.json);
}

/** Writes `<instance>/macros/<name>/index.ts`. */
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
