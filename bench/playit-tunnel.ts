// playit tunnel: throughput and round-trip latency of a TCP connection through Hearth's in-process
// playit agent (against the local fake playit service) side by side with a direct loopback
// connection to the same local server, and the agent's CPU time per MB tunnelled. The agent runs
// in its own process (as in the core) and reports process.cpuUsage() around each transfer; the
// fake tunnel server, the player and the local servers share this process. Median of three.
// Figures only: it never fails on a time.
//
//   npx tsx bench/playit-tunnel.ts      (BENCH_PLAYIT_MB=256 per transfer, BENCH_PLAYIT_PINGS=2000)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PlayitApiClient } from '../apps/core/src/runtime/tunnels/playit-api-client.ts';
import { PlayitKeyStore } from '../apps/core/src/runtime/tunnels/playit-key-store.ts';
import { PlayitRunner } from '../apps/core/src/runtime/tunnels/playit-runner.ts';
import { startFakePlayit } from '../apps/core/test-support/fake-playit/fake-playit.ts';

const MiB = 1024 * 1024;
const SIZE = Math.max(1, Number(process.env.BENCH_PLAYIT_MB ?? 256)) * MiB;
const PINGS = Math.max(10, Number(process.env.BENCH_PLAYIT_PINGS ?? 2000));
const RUNS = 3;
const CHILD_FLAG = '--playit-agent-child';
const self = fileURLToPath(import.meta.url);

type CpuMessage = { type: 'cpu'; usage: NodeJS.CpuUsage };

/** Child mode: the agent alone in a process, like in the core. */
async function agentChild(): Promise<void> {
  const env = process.env;
  const keys = new PlayitKeyStore(env.BENCH_PLAYIT_DIR ?? '');
  const runner = new PlayitRunner({
    api: new PlayitApiClient({ baseUrl: env.BENCH_PLAYIT_API }),
    secret: () => keys.read(),
    controlAddr: env.BENCH_PLAYIT_CONTROL,
    onEvent: (e) => {
      if (e.type === 'RunnerStarted') process.send?.({ type: 'ready' });
      if (e.type === 'ClientFailed') console.error('agent:', e.causes.join(': '));
    },
  });
  process.on('message', (msg) => {
    if (msg === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage() });
    if (msg === 'stop') void runner.stop().then(() => process.exit(0));
  });
  await runner.start();
}

function listen(handler: (socket: net.Socket) => void): Promise<net.Server> {
  const server = net.createServer({ allowHalfOpen: true }, (s) => {
    s.setNoDelay(true);
    s.on('error', () => s.destroy());
    handler(s);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
const chunk = Buffer.alloc(MiB, 0x5a);

/** Sends `bytes` from a reused buffer, honouring backpressure, then ends. */
async function pump(socket: net.Socket, bytes: number): Promise<void> {
  for (let sent = 0; sent < bytes; sent += chunk.length) {
    const part = bytes - sent >= chunk.length ? chunk : chunk.subarray(0, bytes - sent);
    if (!socket.write(part)) await new Promise((r) => socket.once('drain', r));
  }
  socket.end();
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port, noDelay: true }, () => resolve(s));
    s.once('error', reject);
  });
}

/** Seconds to push SIZE bytes to the sink, which answers once it has them all. */
async function upload(port: number): Promise<number> {
  const s = await connect(port);
  const started = performance.now();
  const done = new Promise<void>((resolve) => s.once('end', resolve));
  s.resume();
  await pump(s, SIZE);
  await done;
  return (performance.now() - started) / 1000;
}

/** Seconds to receive SIZE bytes from the source. */
async function download(port: number): Promise<number> {
  const s = await connect(port);
  const started = performance.now();
  let got = 0;
  s.on('data', (c: Buffer) => (got += c.length));
  await new Promise((resolve) => s.once('end', resolve));
  if (got !== SIZE) throw new Error(`download got ${got} of ${SIZE} bytes`);
  return (performance.now() - started) / 1000;
}

/** Median round trip of a 32-byte message, in microseconds. */
async function roundTrips(port: number): Promise<number> {
  const s = await connect(port);
  const message = Buffer.alloc(32, 1);
  const times: number[] = [];
  for (let i = 0; i < PINGS; i += 1) {
    const started = process.hrtime.bigint();
    let got = 0;
    await new Promise<void>((resolve) => {
      const onData = (c: Buffer) => {
        got += c.length;
        if (got < message.length) return;
        s.off('data', onData);
        resolve();
      };
      s.on('data', onData);
      s.write(message);
    });
    times.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  s.destroy();
  return median(times);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function askCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (msg: unknown) => {
      if ((msg as CpuMessage).type !== 'cpu') return;
      child.off('message', onMessage);
      const { user, system } = (msg as CpuMessage).usage;
      resolve((user + system) / 1e6);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

export async function run(): Promise<void> {
  const fake = await startFakePlayit();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-bench-playit-'));
  const servers: net.Server[] = [];
  let child: ChildProcess | null = null;
  try {
    const api = new PlayitApiClient({ baseUrl: fake.apiUrl });
    fake.acceptClaim('0123456789');
    const claim = await api.claimExchange('0123456789');
    if (!claim.ok) throw new Error(`claim exchange failed: ${claim.reason}`);
    await new PlayitKeyStore(dir).write(claim.data);

    const sink = await listen((s) => {
      s.resume();
      s.once('end', () => s.end());
    });
    const source = await listen((s) => {
      s.resume();
      void pump(s, SIZE);
    });
    const echo = await listen((s) => s.pipe(s));
    servers.push(sink, source, echo);
    const via = {
      sink: (await fake.addTunnel({ name: 'sink', localPort: portOf(sink) })).publicPort,
      source: (await fake.addTunnel({ name: 'source', localPort: portOf(source) })).publicPort,
      echo: (await fake.addTunnel({ name: 'echo', localPort: portOf(echo) })).publicPort,
    };

    const agent = spawn(process.execPath, ['--import', 'tsx', self, CHILD_FLAG], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        BENCH_PLAYIT_API: fake.apiUrl,
        BENCH_PLAYIT_CONTROL: fake.controlAddr,
        BENCH_PLAYIT_DIR: dir,
      },
    });
    child = agent;
    await new Promise<void>((resolve, reject) => {
      agent.once('exit', (code) => reject(new Error(`agent exited (${code})`)));
      agent.on('message', (msg) => {
        if ((msg as { type?: string }).type === 'ready') resolve();
      });
    });

    const results: Record<string, { direct: number[]; tunnel: number[] }> = {
      upload: { direct: [], tunnel: [] },
      download: { direct: [], tunnel: [] },
    };
    let cpuSeconds = 0;
    let tunnelSeconds = 0;
    for (let i = 0; i < RUNS; i += 1) {
      results.upload!.direct.push(SIZE / MiB / (await upload(portOf(sink))));
      results.download!.direct.push(SIZE / MiB / (await download(portOf(source))));
      const before = await askCpu(agent);
      const up = await upload(via.sink);
      const down = await download(via.source);
      cpuSeconds += (await askCpu(agent)) - before;
      tunnelSeconds += up + down;
      results.upload!.tunnel.push(SIZE / MiB / up);
      results.download!.tunnel.push(SIZE / MiB / down);
    }
    const rtts = { direct: [] as number[], tunnel: [] as number[] };
    for (let i = 0; i < RUNS; i += 1) {
      rtts.direct.push(await roundTrips(portOf(echo)));
      rtts.tunnel.push(await roundTrips(via.echo));
    }
    const rttDirect = median(rtts.direct);
    const rttTunnel = median(rtts.tunnel);

    const tunnelledMb = (RUNS * 2 * SIZE) / MiB;
    const mbPerSecond = tunnelledMb / tunnelSeconds;
    const coreShare = cpuSeconds / tunnelSeconds;
    console.log(
      `playit tunnel — ${SIZE / MiB} MiB per transfer, median of ${RUNS}, ${PINGS} round trips (${os.cpus().length} CPUs: ${os.cpus()[0]?.model ?? '?'})`,
    );
    console.log('                       direct      tunnel    tunnel/direct');
    for (const [name, r] of Object.entries(results)) {
      const d = median(r.direct);
      const t = median(r.tunnel);
      console.log(
        `  ${`${name} MB/s`.padEnd(18)} ${d.toFixed(0).padStart(8)}    ${t.toFixed(0).padStart(8)}    ${(t / d).toFixed(2)}`,
      );
    }
    console.log(
      `  round trip (µs)    ${rttDirect.toFixed(0).padStart(8)}    ${rttTunnel.toFixed(0).padStart(8)}    ${(rttTunnel / rttDirect).toFixed(1)}×  (+${(rttTunnel - rttDirect).toFixed(0)} µs added)`,
    );
    console.log(
      `  agent CPU          ${((cpuSeconds * 1000) / tunnelledMb).toFixed(2)} ms per MB tunnelled; ${(coreShare * 100).toFixed(0)} % of a core at ${mbPerSecond.toFixed(0)} MB/s = ${((coreShare * 100) / mbPerSecond).toFixed(3)} % of a core per MB/s`,
    );
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.send('stop');
      await exited;
    }
    for (const s of servers) s.close();
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes(CHILD_FLAG)) await agentChild();
else if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url)
  await run();
