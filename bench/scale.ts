// One core, a hundred servers (issue 26 part 2; issue 25's load figures). A real core in its own
// process gets BENCH_SCALE_INSTANCES (100) instances of a tiny generic game (definitions/tiny: a
// shell that prints `ready` and sleeps) and, in the same run on the same machine:
//
// 1. Start BENCH_SCALE_RUNNING (20) of them at once: time from the first `PUT …/start` until the
//    event stream said Running for all, beside the same count of the same game command spawned at
//    once under a bare bubblewrap by a small process of its own (support/bare-bwrap.ts) until each
//    printed its line. BENCH_RUNS (3) rounds (stop, start again), order rotated; the ratio with its
//    spread over the rounds, and the whole machine's CPU per start on each side. Then
//    once more right after each instance's port setting changed, so every start plan is asked of
//    the definition again (the runner's cost, which a start otherwise no longer pays).
// 2. With those running, BENCH_SCALE_CLIENTS (50) dashboard clients (support/dashboard-clients.ts,
//    their own process), each on the event stream and one monitor socket, and
//    BENCH_SCALE_REST_SECONDS (180) at rest: the core's CPU with its helpers' (% of one core, per
//    slice of the rest, BENCH_RUNS slices) and RSS, beside a bare Fastify app (support/bare-fastify.mjs) that answers
//    `/info` and a same-size `/instance/list` (the core's own answer, saved) in the same window.
// 3. Latency at rest: BENCH_SCALE_PROBES (300) requests of each of `/info` and `/instance/list`,
//    one after another, to the core and to the bare app, in BENCH_RUNS rounds, order rotated, each
//    on a new connection and then as many over one kept connection (as a browser's); and
//    the same requests' time inside each server (support/request-times.mjs), the part of the
//    latency that is the server's own code rather than the connection and the machine.
// 4. Bursts: BENCH_SCALE_BURST (30) other instances started at once, then (all Running) stopped at
//    once, BENCH_SCALE_BURSTS (4) times in a row, while `/instance/list` and `/info` are requested
//    one after another on the core and the bare app's list at the same time (what the machine itself
//    adds); the latencies of a run pooled, BENCH_RUNS runs.
// The stall probe (support/loop-stalls.mjs) is armed for the bursts only: its timer would add about
// 5 % of a core to every other figure. RSS is sampled every second for the whole run; every process the core keeps besides the games
// (an esbuild service, say) is listed with its RSS. Figures only: it never fails on a number.
//
//   npx tsx bench/scale.ts
//   BENCH_SCALE_INSTANCES=40 BENCH_SCALE_RUNNING=10 BENCH_SCALE_BURST=10 BENCH_SCALE_CLIENTS=10 \
//     BENCH_SCALE_REST_SECONDS=20 BENCH_SCALE_PROBES=60 BENCH_SCALE_BURSTS=2 npx tsx bench/scale.ts
//   (a short run, for a CI-like machine)
//   BENCH_CORE_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" BENCH_STALLS_FILE=/tmp/stalls.jsonl
//   (a profile of the core and its stalls, to see what ran in each)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { API_PREFIX, apiPaths, emptyEventQuery } from '@hearth/protocol';
import { TINY_GAME } from './definitions/tiny/definition.ts';
import { BareBwrap } from './support/bare-bwrap.ts';
import type { ClientFigures } from './support/dashboard-clients.ts';
import type { BenchRow } from './support/figures.ts';
import {
  envNumber,
  isMain,
  line,
  machine,
  median,
  mib,
  ms,
  quantile,
  ratioSpread,
  rotated,
  spread,
} from './support/figures.ts';
import { startHearth, type HearthProcess } from './support/hearth-process.ts';
import { pingTimes, pingUntilStopped } from './support/info-pinger.ts';
import {
  cpuSecondsOf,
  machineCpuSeconds,
  descendantsOf,
  freePort,
  rssOf,
  spawnTracked,
  startScript,
  stopProcess,
  waitForOutput,
  type ProcessEntry,
} from './support/processes.ts';

const INSTANCES = envNumber('BENCH_SCALE_INSTANCES', 100);
const RUNNING = envNumber('BENCH_SCALE_RUNNING', 20);
const CLIENTS = envNumber('BENCH_SCALE_CLIENTS', 50);
const REST_SECONDS = envNumber('BENCH_SCALE_REST_SECONDS', 180);
const BURST = envNumber('BENCH_SCALE_BURST', 30);
const PROBES = envNumber('BENCH_SCALE_PROBES', 300);
const BURSTS_PER_RUN = envNumber('BENCH_SCALE_BURSTS', 4);
const RUNS = envNumber('BENCH_RUNS', 3);
/** Creations under way at once (each runs the definition in its sandbox). */
const CREATE_AT_ONCE = 4;
const STATE_TIMEOUT_MS = 120_000;
/** Between two latency requests during a burst (short: a burst lasts a second or two). */
const BURST_PAUSE_MS = 5;

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFINITION = pathToFileURL(path.join(here, 'definitions/tiny/definition.ts')).href;
const CLIENTS_SCRIPT = path.join(here, 'support/dashboard-clients.ts');
const BARE_FASTIFY = path.join(here, 'support/bare-fastify.mjs');
const LOOP_STALLS = path.join(here, 'support/loop-stalls.mjs');
const REQUEST_TIMES = path.join(here, 'support/request-times.mjs');

/** A stall of the core's event loop (support/loop-stalls.mjs), in ms. */
interface Stall {
  wall: number;
  cpu: number;
  wait: number;
}

/** The longest stalls by the core's own CPU time, each with its wall time and wait for a CPU. */
function describeStalls(stalls: Stall[]): string {
  if (stalls.length === 0) return 'none over 10 ms (or no schedstat here)';
  const top = [...stalls].sort((a, b) => b.cpu - a.cpu).slice(0, 3);
  const over = (ms: number) => stalls.filter((x) => x.cpu > ms).length;
  return `${stalls.length} over 10 ms of wall time, ${over(10)} / ${over(20)} over 10 / 20 ms of the core's own CPU; longest by CPU: ${top
    .map((x) => `${ms1(x.cpu)} (wall ${ms1(x.wall)}, waiting for a CPU ${ms1(x.wait)})`)
    .join(', ')}`;
}

/** The core's stalls that began between `from` and `to` (epoch ms); none off Linux. */
async function loopStalls(file: string, pid: number, from: number, to: number): Promise<Stall[]> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as number[])
    .filter(([who, at]) => who === pid && at! >= from && at! <= to)
    .map(([, , wall, cpu, wait]) => ({ wall: wall!, cpu: cpu!, wait: wait! }));
}

/**
 * What the requests to `route` between `from` and `to` (epoch ms) spent inside the server, from
 * the file support/request-times.mjs writes; it writes once a second, so read it a second or more
 * after `to`.
 */
async function serverTimes(
  file: string,
  route: string,
  from: number,
  to: number,
): Promise<number[]> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as [number, number, string])
    .filter(([at, , path]) => path === route && at >= from && at <= to)
    .map(([, inside]) => inside);
}

/**
 * Arms (or disarms) the core's stall probe (support/loop-stalls.mjs) and waits for it to say so:
 * it runs only for the bursts, so its own 2 ms timer is not counted in the CPU at rest or per start.
 */
async function setStallProbe(pid: number, file: string, armed: boolean): Promise<void> {
  if (process.platform !== 'linux') return;
  const want = armed ? 'armed' : 'disarmed';
  process.kill(pid, 'SIGUSR2');
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline) {
    const state = await fs.readFile(`${file}.state`, 'utf8').catch(() => '');
    if (state === want || state === 'unavailable') return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`the core's stall probe did not answer (${want})`);
}

const pct = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)} %` : '—');
const ms1 = (n: number) => ms(n, 1);
const p = (values: number[], q: number) => quantile(values, q);

/** Instance states and finished creations, as the core's event stream tells them. */
class CoreEvents {
  private readonly states = new Map<string, string>();
  private readonly created = new Map<string, string | null>();
  /** A creation's progression (event_id) → its instance. */
  private readonly creations = new Map<string, string>();
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.onFrame(data.toString()));
  }

  static open(url: string): Promise<CoreEvents> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(new CoreEvents(ws)));
      ws.once('error', reject);
    });
  }

  private onFrame(text: string): void {
    let event: { event_inner?: Record<string, unknown>; details?: string };
    try {
      event = JSON.parse(text) as typeof event;
    } catch {
      return;
    }
    const inner = event.event_inner;
    if (inner?.type === 'InstanceEvent') {
      const what = inner.instance_event_inner as { type: string; to?: string };
      if (what.type === 'StateTransition' && what.to)
        this.states.set(inner.instance_uuid as string, what.to);
    } else if (inner?.type === 'ProgressionEvent') {
      const what = inner.progression_event_inner as {
        type: string;
        success?: boolean;
        message?: string | null;
        inner?: { type: string; uuid?: string; instance_uuid?: string } | null;
      };
      const id = inner.event_id as string;
      // A failed creation ends with no inner value: its start (same event_id) named the instance.
      if (what.type === 'ProgressionStart' && what.inner?.type === 'InstanceCreation')
        this.creations.set(id, what.inner.instance_uuid ?? '');
      if (what.type === 'ProgressionEnd') {
        const uuid = this.creations.get(id);
        if (uuid) this.created.set(uuid, what.success ? null : (what.message ?? 'failed'));
      }
    }
    for (const wake of this.waiters) wake();
  }

  state(uuid: string): string | undefined {
    return this.states.get(uuid);
  }

  /** Resolves once `done()` holds (checked after every frame). */
  until(done: () => boolean, what: string, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`${what} did not happen within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  allIn(uuids: readonly string[], state: string, what: string): Promise<void> {
    return this.until(() => uuids.every((u) => this.states.get(u) === state), what);
  }

  /** Resolves with the uuid once the creation of `uuid` ended; throws if it failed. */
  async created_(uuid: string): Promise<void> {
    await this.until(() => this.created.has(uuid), `creation of ${uuid}`);
    const failure = this.created.get(uuid);
    if (failure) throw new Error(`creating ${uuid} failed: ${failure}`);
  }

  close(): void {
    this.ws.terminate();
  }
}

async function createAll(hearth: HearthProcess, events: CoreEvents): Promise<string[]> {
  const uuids: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < INSTANCES) {
      const n = ++next;
      const uuid = await hearth.call<string>('POST', apiPaths.instanceCreateGeneric(), {
        url: DEFINITION,
        setup_value: { name: `scale-${n}`, setting_sections: {} },
      });
      await events.created_(uuid);
      uuids.push(uuid);
    }
  };
  await Promise.all(Array.from({ length: CREATE_AT_ONCE }, worker));
  return uuids;
}

/** Starts every instance of `uuids` at once; ms until the event stream said Running for all. */
async function startAll(hearth: HearthProcess, events: CoreEvents, uuids: string[]) {
  const started = performance.now();
  await Promise.all(uuids.map((u) => hearth.call('PUT', apiPaths.instanceStart(u))));
  await events.allIn(uuids, 'Running', `${uuids.length} instances Running`);
  return performance.now() - started;
}

async function stopAll(hearth: HearthProcess, events: CoreEvents, uuids: string[]) {
  const started = performance.now();
  await Promise.all(uuids.map((u) => hearth.call('PUT', apiPaths.instanceStop(u))));
  await events.allIn(uuids, 'Stopped', `${uuids.length} instances Stopped`);
  return performance.now() - started;
}

/**
 * A new (free) port for each instance: each start plan is then asked of the definition again. A
 * port free on the host may still be another (stopped) instance's setting: the core refuses it, so
 * the ports already given out are skipped.
 */
async function changePorts(hearth: HearthProcess, uuids: string[]) {
  const list = await hearth.call<{ port: number }[]>('GET', apiPaths.instanceList());
  const taken = new Set(list.map((instance) => instance.port));
  for (const uuid of uuids) {
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    await hearth.call('PUT', apiPaths.instanceSetting(uuid, 'instance_section', 'port'), {
      type: 'UnsignedInteger',
      value: port,
    });
  }
}

/** Every second: the core's RSS, with the phase it was in. */
function rssTimeline(pid: number) {
  const samples: { t: number; phase: string; rss: number }[] = [];
  let phase = 'start';
  const t0 = performance.now();
  const take = () => samples.push({ t: (performance.now() - t0) / 1000, phase, rss: rssOf(pid) });
  take();
  const timer = setInterval(take, 1000);
  return {
    samples,
    set phase(name: string) {
      phase = name;
      take();
    },
    stop() {
      clearInterval(timer);
      take();
    },
    of(name: string) {
      return samples.filter((s) => s.phase === name).map((s) => s.rss);
    },
  };
}

/** Processes the core keeps besides the games' sandboxes (bwrap and everything under it). */
function helpersOf(pid: number): ProcessEntry[] {
  const all = descendantsOf(pid);
  const parent = new Map(all.map((e) => [e.pid, e.ppid]));
  const isBwrap = new Set(all.filter((e) => /(^|\/)bwrap\b/.test(e.command)).map((e) => e.pid));
  const inSandbox = (p: number): boolean => {
    for (let at: number | undefined = p; at !== undefined && at !== pid; at = parent.get(at))
      if (isBwrap.has(at)) return true;
    return false;
  };
  return all.filter((e) => !inSandbox(e.pid));
}

async function startClients(url: string, monitors: string[]) {
  const child = spawnTracked(
    process.execPath,
    [
      ...['--import', 'tsx', CLIENTS_SCRIPT],
      ...['--events', url, '--monitor', monitors.join(','), '--count', String(CLIENTS)],
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await waitForOutput(child, /^ready$/m, 120_000);
  return {
    pid: child.pid!,
    async report(): Promise<ClientFigures> {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin?.write('report\n');
      await exited;
      const last = out.trim().split('\n').at(-1) ?? '{}';
      return JSON.parse(last) as ClientFigures;
    },
    stop: () => stopProcess(child, 2_000),
  };
}

/**
 * CPU seconds of the core and of the processes it keeps besides the games (its spawn helper, an
 * esbuild service): what the core costs the machine, not only its main process. The helpers are
 * found again at each reading; one that has exited keeps counting with its last figure (its CPU
 * was spent), so a helper ending within a slice no longer makes that slice's CPU negative.
 */
function coreCpuMeter(pid: number): () => number {
  const last = new Map<number, number>();
  return () => {
    for (const p of [pid, ...helpersOf(pid).map((e) => e.pid)]) {
      const seconds = cpuSecondsOf(p);
      if (Number.isFinite(seconds)) last.set(p, seconds);
    }
    let sum = 0;
    for (const seconds of last.values()) sum += seconds;
    return sum;
  };
}

/** CPU seconds of each meter over `seconds`, as % of one core, per slice. */
async function cpuSlices(
  meters: (() => number)[],
  seconds: number,
  slices: number,
): Promise<number[][]> {
  const out = meters.map(() => [] as number[]);
  const sliceMs = (seconds * 1000) / slices;
  for (let s = 0; s < slices; s++) {
    const before = meters.map((m) => m());
    const t = performance.now();
    await new Promise((r) => setTimeout(r, sliceMs));
    const wall = (performance.now() - t) / 1000;
    meters.forEach((m, i) => out[i]!.push(((m() - before[i]!) / wall) * 100));
  }
  return out;
}

export default async function run(): Promise<BenchRow[]> {
  if (INSTANCES < RUNNING + BURST)
    throw new Error(`BENCH_SCALE_INSTANCES (${INSTANCES}) < RUNNING + BURST (${RUNNING + BURST})`);
  // BENCH_STALLS_FILE keeps the stalls (with a profile's clock: support/loop-stalls.mjs) after the run.
  const keptStalls = process.env.BENCH_STALLS_FILE;
  const stallsFile =
    keptStalls ||
    path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-stalls-')), 'stalls.jsonl');
  // What each request spent inside the core and inside the bare app (support/request-times.mjs).
  const requestTimes = {
    hearth: path.join(path.dirname(stallsFile), 'core-requests.jsonl'),
    bare: path.join(path.dirname(stallsFile), 'bare-requests.jsonl'),
  };
  const hearth = await startHearth({
    // BENCH_CORE_NODE_FLAGS: more of Node's flags for the core (e.g. `--cpu-prof`), to look inside a run.
    nodeFlags: [
      '--import',
      pathToFileURL(LOOP_STALLS).href,
      '--import',
      pathToFileURL(REQUEST_TIMES).href,
      ...(process.env.BENCH_CORE_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    ],
    env: { LOOP_STALLS_FILE: stallsFile, REQUEST_TIMES_FILE: requestTimes.hearth },
  });
  const rss = rssTimeline(hearth.pid);
  let bare: Awaited<ReturnType<typeof startScript>> | null = null;
  const bareBwrap = BareBwrap.start();
  let clients: Awaited<ReturnType<typeof startClients>> | null = null;
  let events: CoreEvents | null = null;
  try {
    const wsBase = `ws://127.0.0.1:${hearth.port}/api/v1`;
    events = await CoreEvents.open(
      `${wsBase}${apiPaths.eventsStream(emptyEventQuery(hearth.token))}`,
    );
    const auth = { authorization: `Bearer ${hearth.token}` };

    // Creation.
    rss.phase = 'create';
    const createStarted = performance.now();
    const uuids = await createAll(hearth, events);
    const createMs = performance.now() - createStarted;
    const running = uuids.slice(0, RUNNING);
    const burst = uuids.slice(RUNNING, RUNNING + BURST);
    const afterCreate = helpersOf(hearth.pid);

    // 1. N at once, beside bare bwrap.
    rss.phase = 'start';
    const startTimes = { hearth: [] as number[], bare: [] as number[] };
    /** The core's CPU milliseconds per start (its own process; load-independent, unlike the times). */
    const startCpu: number[] = [];
    /**
     * The whole machine's CPU milliseconds per start, every process counted (the sandbox's short-
     * lived launcher, bubblewrap, setpriv, the game): on 2 CPUs the starts are CPU-bound, so this
     * says where the time goes.
     */
    const machineCpu = { hearth: [] as number[], bare: [] as number[] };
    for (let round = 0; round < RUNS; round++) {
      for (const who of rotated(['hearth', 'bare'] as const, round)) {
        if (round > 0 && who === 'hearth') await stopAll(hearth, events, running);
        if (who === 'bare') {
          const bareStart = await bareBwrap.starts(RUNNING, TINY_GAME);
          startTimes.bare.push(bareStart.ms);
          machineCpu.bare.push((bareStart.machineCpuSeconds * 1000) / RUNNING);
        } else {
          const busy = machineCpuSeconds();
          const meter = coreCpuMeter(hearth.pid);
          const cpu = meter();
          startTimes.hearth.push(await startAll(hearth, events, running));
          startCpu.push(((meter() - cpu) * 1000) / RUNNING);
          machineCpu.hearth.push(((machineCpuSeconds() - busy) * 1000) / RUNNING);
        }
      }
    }
    // Once more with every start plan to be asked again (ports changed while stopped).
    await stopAll(hearth, events, running);
    await changePorts(hearth, running);
    const coldBare = (await bareBwrap.starts(RUNNING, TINY_GAME)).ms;
    const coldHearth = await startAll(hearth, events, running);

    // 2. At rest with the clients, beside the bare app.
    const listBody = await hearth.call<unknown[]>('GET', apiPaths.instanceList());
    const listFile = path.join(hearth.scratch, 'instance-list.json');
    await fs.writeFile(listFile, JSON.stringify(listBody));
    bare = await startScript(
      BARE_FASTIFY,
      ['--port', String(await freePort()), '--list', listFile],
      {
        nodeFlags: ['--import', pathToFileURL(REQUEST_TIMES).href],
        env: { REQUEST_TIMES_FILE: requestTimes.bare },
      },
    );
    const bareBase = `http://127.0.0.1:${bare.port}/api/v1`;
    rss.phase = 'clients';
    clients = await startClients(
      `${wsBase}${apiPaths.eventsStream(emptyEventQuery(hearth.token))}`,
      running.map((u) => `${wsBase}${apiPaths.monitor(u, hearth.token)}`),
    );
    rss.phase = 'rest';
    const restStarted = performance.now();
    const [coreCpu, bareCpu] = await cpuSlices(
      [coreCpuMeter(hearth.pid), () => cpuSecondsOf(bare!.child.pid!)],
      REST_SECONDS,
      RUNS,
    );
    const restSeconds = (performance.now() - restStarted) / 1000;
    const restRss = rss.of('rest');
    const bareRss = rssOf(bare.child.pid!);
    const atRest = helpersOf(hearth.pid);

    // 3. Latency at rest.
    rss.phase = 'latency';
    const perRound = Math.max(1, Math.round(PROBES / RUNS));
    const latencyFrom = Date.now();
    const latencies = () => ({
      hearthInfo: [] as number[][],
      hearthList: [] as number[][],
      bareInfo: [] as number[][],
      bareList: [] as number[][],
    });
    // A new connection per request (its setup counted), and one kept connection per series, as a
    // browser keeps its connection to the core.
    const lat = latencies();
    const kept = latencies();
    for (let round = 0; round < RUNS; round++) {
      for (const who of rotated(['hearth', 'bare'] as const, round)) {
        const base = who === 'hearth' ? hearth.api : bareBase;
        const headers = who === 'hearth' ? auth : {};
        for (const keepAlive of [false, true]) {
          const to = keepAlive ? kept : lat;
          const opts = { headers, keepAlive };
          const info = await pingTimes(`${base}${apiPaths.info()}`, perRound, opts);
          const list = await pingTimes(`${base}${apiPaths.instanceList()}`, perRound, opts);
          (who === 'hearth' ? to.hearthInfo : to.bareInfo).push(info);
          (who === 'hearth' ? to.hearthList : to.bareList).push(list);
        }
      }
    }

    const latencyTo = Date.now();

    // 4. Start/stop bursts: BURSTS_PER_RUN of them per run, the latencies of a run pooled.
    rss.phase = 'burst';
    await setStallProbe(hearth.pid, stallsFile, true);
    const bursts: {
      list: number[];
      info: number[];
      bareList: number[];
      ms: number;
      cpuMs: number;
      stalls: Stall[];
    }[] = [];
    for (let round = 0; round < RUNS; round++) {
      const opts = { headers: auth, pauseMs: BURST_PAUSE_MS };
      const list = pingUntilStopped(`${hearth.api}${apiPaths.instanceList()}`, opts);
      const info = pingUntilStopped(`${hearth.api}${apiPaths.info()}`, opts);
      const bareList = pingUntilStopped(`${bareBase}${apiPaths.instanceList()}`, {
        pauseMs: BURST_PAUSE_MS,
      });
      const t = performance.now();
      const meter = coreCpuMeter(hearth.pid);
      const cpu = meter();
      const from = Date.now();
      for (let b = 0; b < BURSTS_PER_RUN; b++) {
        await startAll(hearth, events, burst);
        await stopAll(hearth, events, burst);
      }
      const took = performance.now() - t;
      const stalls = await loopStalls(stallsFile, hearth.pid, from, Date.now());
      const cpuMs = ((meter() - cpu) * 1000) / BURSTS_PER_RUN;
      bursts.push({
        cpuMs,
        stalls,
        list: await list.stop(),
        info: await info.stop(),
        bareList: await bareList.stop(),
        ms: took,
      });
    }
    await setStallProbe(hearth.pid, stallsFile, false);
    rss.phase = 'end';
    const clientFigures = await clients.report();
    clients = null;
    rss.stop();
    const atEnd = helpersOf(hearth.pid);

    // Figures.
    const all = rss.samples.map((s) => s.rss);
    const describeHelpers = (list: ProcessEntry[]) =>
      list.length === 0
        ? 'none'
        : list.map((e) => `${mib(e.rss)} ${e.command.slice(0, 60)}`).join('; ');
    const flat = (rounds: number[][]) => rounds.flat();
    const p50s = (rounds: number[][]) => rounds.map((r) => p(r, 0.5));
    const p99s = (rounds: number[][]) => rounds.map((r) => p(r, 0.99));
    /** "p50 / p99" of the rounds pooled. */
    const p50p99 = (rounds: number[][]): string =>
      `${ms1(p(flat(rounds), 0.5))} / ${ms1(p(flat(rounds), 0.99))}`;
    console.log(
      `one core, ${INSTANCES} instances (${RUNNING} running), ${CLIENTS} clients — ${RUNS} runs (${machine()})`,
    );
    line(`create ${INSTANCES} (${CREATE_AT_ONCE} at once)`, `${(createMs / 1000).toFixed(1)} s`);
    line(
      `start ${RUNNING} at once → all Running`,
      `${spread(startTimes.hearth, ms)}; each run: ${startTimes.hearth.map((t) => t.toFixed(0)).join(', ')}`,
    );
    line(
      `${RUNNING} bare bwrap spawns → all printed`,
      `${spread(startTimes.bare, ms)}; each run: ${startTimes.bare.map((t) => t.toFixed(0)).join(', ')}`,
    );
    line('start / bare bwrap', ratioSpread(startTimes.hearth, startTimes.bare));
    line('core CPU per start (+ helpers)', spread(startCpu, ms1));
    line(
      'machine CPU per start / bare',
      `${spread(machineCpu.hearth, ms1)} / ${spread(machineCpu.bare, ms1)}`,
    );
    line(
      'same, start plans asked again',
      `${ms(coldHearth)} vs bare ${ms(coldBare)} (${(coldHearth / coldBare).toFixed(2)}×, once)`,
    );
    line(
      `core CPU at rest (+ helpers, ${restSeconds.toFixed(0)} s)`,
      `${spread(coreCpu!, pct)} of one core; bare Fastify ${spread(bareCpu!, pct)}`,
    );
    line(
      'core RSS at rest',
      `${mib(median(restRss))} (${mib(Math.min(...restRss))}–${mib(Math.max(...restRss))}); bare Fastify ${mib(bareRss)}`,
    );
    line('core RSS over the run', `peak ${mib(Math.max(...all))}, end ${mib(all.at(-1)!)}`);
    line('helpers after creating', describeHelpers(afterCreate));
    line('helpers at rest', describeHelpers(atRest));
    line('helpers at the end', describeHelpers(atEnd));
    line(
      '/info at rest p50 / p99, kept connection',
      `${p50p99(kept.hearthInfo)}; bare ${p50p99(kept.bareInfo)}`,
    );
    line(
      '/instance/list at rest p50 / p99, kept connection',
      `${p50p99(kept.hearthList)}; bare ${p50p99(kept.bareList)}`,
    );
    line(
      '/instance/list p99 / bare, kept connection',
      ratioSpread(p99s(kept.hearthList), p99s(kept.bareList)),
    );
    line('/info at rest p50 / p99', `${p50p99(lat.hearthInfo)}; bare ${p50p99(lat.bareInfo)}`);
    line(
      '/instance/list at rest p50 / p99',
      `${p50p99(lat.hearthList)}; bare ${p50p99(lat.bareList)} (${(JSON.stringify(listBody).length / 1024).toFixed(0)} KiB)`,
    );
    const insideAtRest = async (route: string) => {
      const times = (file: string) =>
        serverTimes(file, `${API_PREFIX}${route}`, latencyFrom, latencyTo);
      return { hearth: await times(requestTimes.hearth), bare: await times(requestTimes.bare) };
    };
    const inside = {
      info: await insideAtRest(apiPaths.info()),
      list: await insideAtRest(apiPaths.instanceList()),
    };
    const showInside = (t: number[]) =>
      t.length === 0 ? 'none recorded' : `${ms1(p(t, 0.5))} / ${ms1(p(t, 0.99))}`;
    line(
      '/info at rest, inside the server',
      `${showInside(inside.info.hearth)}; bare ${showInside(inside.info.bare)}`,
    );
    line(
      '/instance/list at rest, inside the server',
      `${showInside(inside.list.hearth)}; bare ${showInside(inside.list.bare)}`,
    );
    line('/info p99 / bare', ratioSpread(p99s(lat.hearthInfo), p99s(lat.bareInfo)));
    line('/instance/list p50 / bare', ratioSpread(p50s(lat.hearthList), p50s(lat.bareList)));
    line('/instance/list p99 / bare', ratioSpread(p99s(lat.hearthList), p99s(lat.bareList)));
    bursts.forEach((b, i) =>
      line(
        `run ${i + 1}: ${BURSTS_PER_RUN} × ${BURST} start+stop, ${(b.ms / 1000).toFixed(1)} s`,
        `list p50 ${ms1(p(b.list, 0.5))}, p99 ${ms1(p(b.list, 0.99))}, max ${ms1(Math.max(...b.list))} (${b.list.length} requests); info p99 ${ms1(p(b.info, 0.99))}; bare list p99 ${ms1(p(b.bareList, 0.99))}; core CPU ${ms(b.cpuMs)} per burst`,
      ),
    );
    bursts.forEach((b, i) => line(`run ${i + 1}: core's loop stalls`, describeStalls(b.stalls)));
    line(
      'clients received',
      `${clientFigures.eventFrames} event frames, ${clientFigures.monitorFrames} monitor frames, ${clientFigures.closed} closed`,
    );
    const timeline = rss.samples
      .filter((_, i) => i % 15 === 0)
      .map((s) => `${s.t.toFixed(0)}s ${s.phase} ${(s.rss / 2 ** 20).toFixed(0)}`)
      .join(', ');
    line('RSS timeline (MiB)', timeline);

    const burstP99 = bursts.map((b) => p(b.list, 0.99));
    const burstBareP99 = bursts.map((b) => p(b.bareList, 0.99));
    return [
      {
        measure: `Start ${RUNNING} generic instances at once → all Running (${INSTANCES} instances)`,
        hearth: `${spread(startTimes.hearth, ms)} (core CPU ${spread(startCpu, ms1)}, machine CPU ${spread(machineCpu.hearth, ms1)} per start); with every start plan asked again: ${ms(coldHearth)}`,
        sideBySide: `${RUNNING} bare \`bwrap\` spawns of the same command from a small process: ${spread(startTimes.bare, ms)}, machine CPU ${spread(machineCpu.bare, ms1)} per spawn (${ms(coldBare)})`,
        ratio: ratioSpread(startTimes.hearth, startTimes.bare),
      },
      {
        measure: `Core at rest: ${INSTANCES} instances, ${RUNNING} running, ${CLIENTS} clients (events + monitor), ${Math.round(restSeconds)} s`,
        hearth: `CPU ${spread(coreCpu!, pct)} of one core; RSS ${mib(median(restRss))} (peak over the run ${mib(Math.max(...all))})`,
        sideBySide: `bare Fastify: CPU ${spread(bareCpu!, pct)}; RSS ${mib(bareRss)}`,
        ratio: `RSS ${(median(restRss) / bareRss).toFixed(2)}×`,
      },
      {
        measure: '`/info` and `/instance/list` at rest, p50 / p99',
        hearth: `${p50p99(lat.hearthInfo)}; ${p50p99(lat.hearthList)} (inside the core ${showInside(inside.info.hearth)}; ${showInside(inside.list.hearth)})`,
        sideBySide: `bare Fastify, same-size JSON: ${p50p99(lat.bareInfo)}; ${p50p99(lat.bareList)} (inside it ${showInside(inside.info.bare)}; ${showInside(inside.list.bare)})`,
        ratio: `list p99 ${ratioSpread(p99s(lat.hearthList), p99s(lat.bareList))}`,
      },
      {
        measure: '`/info` and `/instance/list` at rest over a kept connection, p50 / p99',
        hearth: `${p50p99(kept.hearthInfo)}; ${p50p99(kept.hearthList)}`,
        sideBySide: `bare Fastify, same-size JSON: ${p50p99(kept.bareInfo)}; ${p50p99(kept.bareList)}`,
        ratio: `list p99 ${ratioSpread(p99s(kept.hearthList), p99s(kept.bareList))}`,
      },
      {
        measure: `\`/instance/list\` during a ${BURST}-instance start/stop burst, p99`,
        hearth: `${spread(burstP99, ms1)} (core CPU ${spread(
          bursts.map((b) => b.cpuMs),
          ms,
        )} per burst, probes served included)`,
        sideBySide: `bare Fastify's list at the same time: ${spread(burstBareP99, ms1)}; the core's longest own stall: ${spread(
          bursts.map((b) => Math.max(0, ...b.stalls.map((x) => x.cpu))),
          ms1,
        )} of its CPU`,
        ratio: ratioSpread(burstP99, burstBareP99),
      },
    ];
  } catch (error) {
    // What the core said last explains most failures (a creation that failed or never ended).
    const said = hearth.output().trim().split('\n').slice(-40).join('\n');
    throw new Error(`${String(error)}\nThe core's last output:\n${said}`, { cause: error });
  } finally {
    rss.stop();
    events?.close();
    if (clients) await clients.stop();
    if (bare) await stopProcess(bare.child);
    await bareBwrap.close();
    await hearth.stop();
    if (!keptStalls) await fs.rm(path.dirname(stallsFile), { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await run();
