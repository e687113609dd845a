// A real core in its own process (`src/main.ts` through tsx), for what an in-process core cannot
// show: kill -9, a lock held by another process, kernel limits on what the core may write.
import fs from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientEventSchema, InstanceInfoSchema, type ClientEvent } from '@hearth/protocol';
import { z } from 'zod';
import { httpRequest, type RequestOptions, type TestResponse } from './helpers.ts';
import { nodeGameDefinition } from './instance-helpers.ts';
import { launchCore } from '../test-support/core-launcher.ts';
import { pollFor } from '../test-support/poll.ts';

const START_TIMEOUT_MS = 60_000;

export interface CoreProcess {
  readonly pid: number;
  readonly dataDir: string;
  /** http://127.0.0.1:<port>/api/v1 */
  readonly api: string;
  /** The first-run key printed on stdout (null once an owner exists). */
  readonly setupKey: string | null;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  request(method: string, route: string, opts?: RequestOptions): Promise<TestResponse>;
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL by the recorded pid, then waits for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (graceful shutdown), then waits for the exit. */
  stop(): Promise<void>;
  /** Claims the setup key as `owner`, then creates one cheap generic instance (see DEFINITION). */
  setupWithInstance(): Promise<{ owner: string; uuid: string; root: string }>;
}

/** A generic game whose install writes nothing and whose server never runs in these tests. */
const DEFINITION = nodeGameDefinition({
  name: 'process-test',
  displayName: 'Process test',
  port: 0,
  script: 'setInterval(() => {}, 1000)',
});

async function setupWithInstance(core: CoreProcess) {
  const setup = await core.request('POST', `/setup/${core.setupKey}`, {
    body: { username: 'owner', password: 'owner-password' },
  });
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${setup.text}`);
  const owner = (setup.json as { token: string }).token;
  // Served over http for the creation only (the core keeps the bundle): a file:// definition may
  // not lie in the core's data directory, and nothing is left behind outside it.
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(DEFINITION);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/definition.mjs`;
    const created = await core.request('POST', '/instance/create_generic', {
      token: owner,
      body: { url, setup_value: { name: 'Files', setting_sections: {} } },
    });
    if (created.status !== 200) throw new Error(`create failed: ${created.status} ${created.text}`);
    const uuid = z.string().parse(created.json);
    const root = await pollFor('the instance', async () => {
      const res = await core.request('GET', `/instance/${uuid}/info`, { token: owner });
      if (res.status !== 200) return null;
      const info = InstanceInfoSchema.parse(res.json);
      return info.state === 'Stopped' ? info.path : null;
    });
    return { owner, uuid, root: await fs.realpath(root) };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Polls the event buffer until the progression named `name` has ended; its outcome. */
export async function waitForJobEnd(
  core: CoreProcess,
  token: string,
  name: string,
): Promise<{ success: boolean; message: string | null }> {
  const inner = (e: ClientEvent) =>
    e.event_inner.type === 'ProgressionEvent' ? e.event_inner : null;
  return pollFor(`the end of ${name}`, async () => {
    const res = await core.request('GET', '/events/all/buffer', { token });
    const events = z.array(ClientEventSchema).parse(res.json);
    const start = events.find((e) => {
      const p = inner(e)?.progression_event_inner;
      return p?.type === 'ProgressionStart' && p.progression_name === name;
    });
    const id = start === undefined ? null : inner(start)!.event_id;
    for (const e of events) {
      const p = inner(e);
      const end = p?.progression_event_inner;
      if (p?.event_id === id && end?.type === 'ProgressionEnd')
        return { success: end.success, message: end.message };
    }
    return null;
  });
}

export interface SpawnOptions {
  /** Extra CLI flags for main.ts. */
  args?: string[];
  /** RLIMIT_FSIZE for the process (bytes), set through util-linux `prlimit`. */
  maxFileBytes?: number;
}

const live = new Set<CoreProcess>();

/** Kills every core process still running (afterAll / afterEach safety net). */
export async function killAllCores(): Promise<void> {
  await Promise.all([...live].map((p) => p.kill()));
}

/**
 * Starts `src/main.ts` on a free port of 127.0.0.1 with `dataDir` and waits until it listens (or
 * rejects with its output when it exits first, e.g. refused by the data-dir lock).
 */
export async function spawnCore(dataDir: string, opts: SpawnOptions = {}): Promise<CoreProcess> {
  const launched = await launchCore({
    entry: 'source',
    dataDir,
    // These tests are about the core's own files; sandboxed servers have their own tests.
    args: ['--isolation', 'none', ...(opts.args ?? [])],
    maxFileBytes: opts.maxFileBytes,
    startTimeoutMs: START_TIMEOUT_MS,
  });
  const proc: CoreProcess = {
    pid: launched.pid,
    dataDir,
    api: launched.api,
    setupKey: launched.setupKey,
    output: launched.output,
    exited: launched.exited,
    kill: launched.kill,
    // A graceful shutdown is what these tests watch: no SIGKILL behind it.
    stop: () => launched.stop(null),
    request: (m, r, o) => httpRequest(launched.api, m, r, o),
    setupWithInstance: () => setupWithInstance(proc),
  };
  live.add(proc);
  void launched.exited.then(() => live.delete(proc));
  return proc;
}
