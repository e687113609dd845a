import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import type WebSocket from 'ws';
import {
  ClientEventSchema,
  InstanceInfoSchema,
  apiPaths,
  emptyEventQuery,
  emptyPermissions,
  type ClientEvent,
  type InstanceInfo,
  type InstanceState,
  type SetupValueInput,
} from '@hearth/protocol';
import { compileFakeServerJar } from '../test-support/fake-minecraft/compile.ts';
import {
  startUpstreamFixture,
  type UpstreamFixture,
} from '../test-support/upstream-fixture/index.ts';
import type { CoreConfig } from '../src/app.ts';
import { startTestCore, type TestCore } from './helpers.ts';
import { pollFor } from '../test-support/poll.ts';

export const WAIT_MS = 45_000;

/** Whether bubblewrap is installed, so a core started with `--isolation required` can run games. */
export const bwrapPresent = await fs.stat('/usr/bin/bwrap').then(
  () => true,
  () => false,
);

/** The fake Minecraft server jar (javac-built once per source version, shared by test files). */
export function fakeServerJar(): Promise<string> {
  return compileFakeServerJar(os.tmpdir());
}

/** The local upstreams serving the fake server jar as every flavour's download. */
export async function startFixture(): Promise<UpstreamFixture> {
  return startUpstreamFixture({ serverJar: await fakeServerJar() });
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

/** A core whose Minecraft installer talks to the fixture; short grace period and crash delay. */
export function startInstanceCore(
  fixture: UpstreamFixture,
  overrides: Partial<CoreConfig> = {},
  dataDir?: string,
) {
  return startTestCore(
    {
      upstreams: { ...fixture.upstreams },
      stopTimeoutMs: 5000,
      crashRestarts: { max: 3, windowMs: 300_000, delayMs: 0 },
      ...overrides,
    },
    dataDir,
  );
}

/** What most instance tests open first: the fixture, a core on it, its owner and the event log. */
export interface InstanceSuite {
  fixture: UpstreamFixture;
  t: TestCore;
  owner: string;
  log: EventLog;
  /** Closes the log, the core and the fixture, in that order. */
  close: () => Promise<void>;
}

/**
 * Starts a core with `start`, signs its owner up and opens the event log as them; `cleanup` runs
 * after the core is closed, by `close` or when opening fails.
 */
async function openOwnedCore(
  start: () => Promise<TestCore>,
  cleanup: () => Promise<void>,
): Promise<{ t: TestCore; owner: string; log: EventLog; close: () => Promise<void> }> {
  let t: TestCore | undefined;
  try {
    t = await start();
    const core = t;
    const owner = await core.setupOwner();
    const log = await EventLog.open(core, owner);
    const close = async () => {
      log.close();
      await core.close();
      await cleanup();
    };
    return { t: core, owner, log, close };
  } catch (err) {
    await t?.close();
    await cleanup();
    throw err;
  }
}

/** A core, its owner and the event log opened as them. */
export type OwnedCore = Awaited<ReturnType<typeof openOwnedCore>>;

/**
 * Starts a core with `overrides` before the file's (or the describe's) tests, signs its owner up,
 * opens the event log, hands the three to `use` (which keeps what the tests need, and may prepare
 * more), and after the tests closes them and removes the core's data folder.
 */
export function useOwnedCore(
  use: (opened: OwnedCore) => unknown,
  overrides: Partial<CoreConfig> = {},
  timeoutMs?: number,
): void {
  useOpened(
    () => {
      let dataDir: string | undefined;
      return openOwnedCore(
        async () => {
          const t = await startTestCore(overrides);
          dataDir = t.dataDir;
          return t;
        },
        async () => {
          if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
        },
      );
    },
    use,
    timeoutMs,
  );
}

/** Opens what `open` gives before the tests, hands it to `use`, and closes it after them. */
export function useOpened<T extends { close(): Promise<void> }>(
  open: () => Promise<T>,
  use: (opened: T) => unknown,
  timeoutMs?: number,
): void {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
    await use(opened);
  }, timeoutMs);
  afterAll(async () => {
    await opened?.close();
  });
}

/** A temp folder (`hearth-<name>-…`) made before the file's tests, handed to `use`, removed after them. */
export function useScratch(name: string, use: (dir: string) => unknown): void {
  useOpened(
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), `hearth-${name}-`));
      return { dir, close: () => fs.rm(dir, { recursive: true, force: true }) };
    },
    ({ dir }) => use(dir),
  );
}

/** Opens an InstanceSuite (beforeAll); whatever opened before a failure is closed again. */
export async function openInstanceSuite(
  overrides: Partial<CoreConfig> = {},
): Promise<InstanceSuite> {
  const fixture = await startFixture();
  const opened = await openOwnedCore(
    () => startInstanceCore(fixture, overrides),
    () => fixture.close(),
  );
  return { fixture, ...opened };
}

/**
 * Opens an InstanceSuite before the file's tests, hands it to `use` (which keeps what the tests
 * need, and may prepare more), and closes it after them.
 */
export function useInstanceSuite(
  use: (suite: InstanceSuite) => unknown,
  overrides: Partial<CoreConfig> = {},
  timeoutMs?: number,
): void {
  useOpened(() => openInstanceSuite(overrides), use, timeoutMs);
}

/** What the isolation tests open first: a core with `--isolation required`, its owner, the event log and a scratch folder. */
export interface IsolationSuite {
  t: TestCore;
  owner: string;
  log: EventLog;
  /** For definitions: 0755, so the sandbox's unprivileged users can read what is written there. */
  scratch: string;
  /** Closes the log and the core, then removes the scratch folder. */
  close: () => Promise<void>;
}

/** Opens an IsolationSuite (beforeAll); `name` marks its scratch folder. */
export async function openIsolationSuite(
  name: string,
  overrides: Partial<CoreConfig> = {},
): Promise<IsolationSuite> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), `hearth-${name}-`));
  const opened = await openOwnedCore(
    async () => {
      await fs.chmod(scratch, 0o755);
      return startTestCore({ isolation: 'required', ...overrides });
    },
    () => fs.rm(scratch, { recursive: true, force: true }),
  );
  return { scratch, ...opened };
}

/**
 * Opens an IsolationSuite before the file's tests where bubblewrap is present, hands it to `use`,
 * and closes it after them.
 */
export function useIsolationSuite(
  name: string,
  use: (suite: IsolationSuite) => unknown,
  overrides: Partial<CoreConfig> = {},
): void {
  let suite: IsolationSuite | undefined;
  beforeAll(async () => {
    if (!bwrapPresent) return;
    suite = await openIsolationSuite(name, overrides);
    await use(suite);
  });
  afterAll(async () => {
    await suite?.close();
  });
}

/** A game whose server is `node -e <script>`; `output`: its output patterns (started, joins…). */
export interface NodeGame {
  name: string;
  displayName?: string;
  port: number;
  script: string;
  output?: Record<string, string>;
}

/** The source of a generic definition for `game`, which installs nothing. */
export function nodeGameDefinition(game: NodeGame): string {
  return `export default {
  game_name: '${game.name}',
  game_display_name: '${game.displayName ?? game.name}',
  setupManifest: () => ({ setting_sections: {} }),
  install: () => ({ version: '1', port: ${game.port} }),
  start: () => ({ command: process.execPath, args: ['-e', ${JSON.stringify(game.script)}] }),
  stop: { signal: 'SIGTERM' },${game.output ? `\n  output: ${JSON.stringify(game.output)},` : ''}
};
`;
}

/**
 * Writes `game`'s definition to `file`, readable by the sandbox's unprivileged users; returns its
 * file URL.
 */
export async function writeNodeGameDefinition(file: string, game: NodeGame): Promise<string> {
  await fs.writeFile(file, nodeGameDefinition(game));
  await fs.chmod(file, 0o644);
  return pathToFileURL(file).href;
}

/** A core, its owner, the event log and a folder for generic definitions (IsolationSuite, MacroEnv). */
export type GameHost = Pick<IsolationSuite, 't' | 'owner' | 'log' | 'scratch'>;

/**
 * Writes `game`, on a free port, as a generic definition in `host.scratch` and creates an instance
 * of it named `name`; waits for its creation to succeed.
 */
export async function createNodeGameInstance(
  host: GameHost,
  game: Omit<NodeGame, 'port'>,
  name: string,
): Promise<{ uuid: string; dir: string; info: InstanceInfo }> {
  const port = await freePort();
  const file = path.join(host.scratch, `${game.name}-${port}.mjs`);
  const url = await writeNodeGameDefinition(file, { ...game, port });
  return createGenericInstance(host.t, host.owner, host.log, url, name);
}

/** The instances `token` may see on `t`, as the instance list answers them. */
export async function instancesOf(t: TestCore, token: string): Promise<InstanceInfo[]> {
  return (await t.request('GET', apiPaths.instanceList(), { token })).json as InstanceInfo[];
}

/** Creates a generic instance from the definition at `url`; waits for its creation to succeed. */
export async function createGenericInstance(
  t: TestCore,
  token: string,
  log: EventLog,
  url: string,
  name: string,
): Promise<{ uuid: string; dir: string; info: InstanceInfo }> {
  const res = await t.request('POST', '/instance/create_generic', {
    token,
    body: { url, setup_value: { name, setting_sections: {} } },
  });
  expect(res.status, res.text).toBe(200);
  const uuid = res.json as string;
  const end = await log.wait(isCreationEnd(uuid), `creation of ${name}`);
  expect(end.event_inner).toMatchObject({ progression_event_inner: { success: true } });
  const info = InstanceInfoSchema.parse(
    (await t.request('GET', `/instance/${uuid}/info`, { token })).json,
  );
  return { uuid, dir: path.resolve(info.path), info };
}

/** The game's console output among `events` (a console buffer), as one text. */
export const consoleText = (events: ClientEvent[]) =>
  events
    .map((e) =>
      e.event_inner.type === 'InstanceEvent' &&
      e.event_inner.instance_event_inner.type === 'InstanceOutput'
        ? e.event_inner.instance_event_inner.message
        : '',
    )
    .join('');

/** Reads the instance's console buffer again until its text holds `needle`; returns that text. */
export function consoleUntil(t: TestCore, token: string, uuid: string, needle: string) {
  return pollFor(
    `"${needle}" on the console of ${uuid}`,
    async () => {
      const buffer = await t.request('GET', `/instance/${uuid}/console/buffer`, { token });
      const text = consoleText(buffer.json as ClientEvent[]);
      return text.includes(needle) ? text : null;
    },
    { intervalMs: 100 },
  );
}

export function minecraftSetup(
  name: string,
  version: string,
  port: number,
  extra: Record<string, unknown> = {},
): SetupValueInput {
  return {
    name,
    description: 'made by a test',
    auto_start: false,
    restart_on_crash: false,
    setting_sections: {
      section_1: {
        settings: {
          version: { value: { type: 'Enum', value: version } },
          port: { value: { type: 'UnsignedInteger', value: port } },
        },
      },
      section_2: {
        settings: {
          min_ram: { value: { type: 'UnsignedInteger', value: 32 } },
          max_ram: { value: { type: 'UnsignedInteger', value: 256 } },
          cmd_args: { value: null },
          ...extra,
        },
      },
    },
  };
}

/** What a test's socket sends, parsed, as it arrives; a test waits for the first that matches. */
export class SocketFeed<T> {
  readonly items: T[] = [];
  private waiters: { test: (item: T) => boolean; resolve: (item: T) => void }[] = [];

  protected constructor(
    readonly ws: WebSocket,
    parse: (json: unknown) => T,
    private readonly waitMs: number,
  ) {
    ws.on('message', (data: WebSocket.RawData) => {
      const item = parse(JSON.parse(data.toString()));
      this.items.push(item);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(item)) return true;
        w.resolve(item);
        return false;
      });
    });
  }

  /** The first item (already seen or future) matching `test`. */
  wait(test: (item: T) => boolean, what = 'an event', ms = this.waitMs): Promise<T> {
    const seen = this.items.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
      this.waiters.push({
        test,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** Every event of the core's event stream (console lines excluded by the core) as they arrive. */
export class EventLog extends SocketFeed<ClientEvent> {
  readonly events = this.items;

  private constructor(ws: WebSocket) {
    super(ws, (json) => ClientEventSchema.parse(json), WAIT_MS);
  }

  static async open(t: TestCore, token: string): Promise<EventLog> {
    const ws = await t.socket(
      `/events/all/stream?filter=${encodeURIComponent(JSON.stringify(emptyEventQuery(token)))}`,
    );
    return new EventLog(ws);
  }

  /** Waits for a future event only (ignores what was seen before this call). */
  next(test: (e: ClientEvent) => boolean, what = 'an event', ms = WAIT_MS): Promise<ClientEvent> {
    const from = this.events.length;
    return this.wait((e) => this.events.indexOf(e) >= from && test(e), what, ms);
  }

  /** The state changes of `uuid` that say why its process ended, as "<state> <reason>". */
  exitReasons(uuid: string): string[] {
    return this.events.flatMap((e) => {
      const inner = e.event_inner;
      if (inner.type !== 'InstanceEvent' || inner.instance_uuid !== uuid) return [];
      const change = inner.instance_event_inner;
      return change.type === 'StateTransition' && change.reason !== undefined
        ? [`${change.to} ${change.reason}`]
        : [];
    });
  }

  states(uuid: string): InstanceState[] {
    return this.events.flatMap((e) => {
      const inner = e.event_inner;
      return inner.type === 'InstanceEvent' &&
        inner.instance_uuid === uuid &&
        inner.instance_event_inner.type === 'StateTransition'
        ? [inner.instance_event_inner.to]
        : [];
    });
  }
}

export const isState = (uuid: string, to: InstanceState) => (e: ClientEvent) =>
  e.event_inner.type === 'InstanceEvent' &&
  e.event_inner.instance_uuid === uuid &&
  e.event_inner.instance_event_inner.type === 'StateTransition' &&
  e.event_inner.instance_event_inner.to === to;

export const isInstanceKind = (uuid: string, kind: string) => (e: ClientEvent) =>
  e.event_inner.type === 'InstanceEvent' &&
  e.event_inner.instance_uuid === uuid &&
  e.event_inner.instance_event_inner.type === kind;

export const isCreationEnd = (uuid: string) => (e: ClientEvent) => {
  const inner = e.event_inner;
  if (inner.type !== 'ProgressionEvent' || inner.progression_event_inner.type !== 'ProgressionEnd')
    return false;
  const end = inner.progression_event_inner;
  if (end.inner?.type === 'InstanceCreation') return end.inner.uuid === uuid;
  return false;
};

/** The ProgressionEnd of the progression whose start named `uuid` (success or failure). */
export function progressionEndFor(log: EventLog, uuid: string, ms = WAIT_MS): Promise<ClientEvent> {
  const start = log.events.find((e) => {
    const inner = e.event_inner;
    return (
      inner.type === 'ProgressionEvent' &&
      inner.progression_event_inner.type === 'ProgressionStart' &&
      inner.progression_event_inner.inner?.instance_uuid === uuid
    );
  });
  if (!start || start.event_inner.type !== 'ProgressionEvent')
    throw new Error(`no ProgressionStart for ${uuid}`);
  const id = start.event_inner.event_id;
  return log.wait(
    (e) =>
      e.event_inner.type === 'ProgressionEvent' &&
      e.event_inner.event_id === id &&
      e.event_inner.progression_event_inner.type === 'ProgressionEnd',
    `the end of the progression for ${uuid}`,
    ms,
  );
}

/**
 * Turns the core's safe mode off and makes a user with can_create_instance and nothing else:
 * someone who may name a generic definition and is not the owner. Returns their token.
 */
export async function definitionMaker(t: TestCore, owner: string, name = 'maker'): Promise<string> {
  const off = await t.request('PUT', apiPaths.globalSettingsSafeMode(), {
    token: owner,
    body: false,
  });
  expect(off.status, off.text).toBe(200);
  const user = await t.createUser(owner, name);
  const granted = await t.request('PUT', apiPaths.userUpdatePerm(user.uid), {
    token: owner,
    body: { ...emptyPermissions(), can_create_instance: true },
  });
  expect(granted.status, granted.text).toBe(200);
  return user.token;
}

/** Creates an instance and waits until its creation progression ends; returns the InstanceInfo. */
export async function createInstance(
  t: TestCore,
  token: string,
  log: EventLog,
  game: string,
  setup: SetupValueInput,
): Promise<InstanceInfo> {
  const res = await t.request('POST', `/instance/create/${game}`, { token, body: setup });
  expect(res.status, res.text).toBe(200);
  const uuid = res.json as string;
  expect(uuid).toMatch(/^INSTANCE_[0-9a-f-]{36}$/);
  const end = await progressionEndFor(log, uuid);
  if (
    end.event_inner.type !== 'ProgressionEvent' ||
    end.event_inner.progression_event_inner.type !== 'ProgressionEnd'
  )
    throw new Error('not an end');
  const p = end.event_inner.progression_event_inner;
  expect(p.success, p.message ?? '').toBe(true);
  const info = await t.request('GET', `/instance/${uuid}/info`, { token });
  return InstanceInfoSchema.parse(info.json);
}

/** Creates a vanilla Minecraft 1.20.4 instance on a free port (minecraftSetup, then `changes`). */
export async function createVanilla(
  t: TestCore,
  token: string,
  log: EventLog,
  name: string,
  changes: Partial<SetupValueInput> = {},
): Promise<InstanceInfo> {
  const setup = minecraftSetup(name, '1.20.4', await freePort());
  return createInstance(t, token, log, 'MinecraftJavaVanilla', { ...setup, ...changes });
}

export async function startAndWaitRunning(
  t: TestCore,
  token: string,
  log: EventLog,
  uuid: string,
): Promise<void> {
  const running = log.next(isState(uuid, 'Running'), `${uuid} Running`);
  const res = await t.request('PUT', `/instance/${uuid}/start`, { token });
  expect(res.status, res.text).toBe(200);
  await running;
}

/** Stops (or kills) a running instance and waits for it to be Stopped; returns that transition. */
export async function stopAndWaitStopped(
  t: TestCore,
  token: string,
  log: EventLog,
  uuid: string,
  action: 'stop' | 'kill' = 'stop',
): Promise<ClientEvent> {
  const stopped = log.next(isState(uuid, 'Stopped'), `${uuid} Stopped`);
  const res = await t.request('PUT', `/instance/${uuid}/${action}`, { token });
  expect(res.status, res.text).toBe(200);
  return stopped;
}

export function instanceDirOf(info: InstanceInfo): string {
  return path.resolve(info.path);
}
