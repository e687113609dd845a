// Console throughput: a generic instance prints numbered lines as fast as it can for N seconds while
// 10 WebSocket subscribers follow its console stream. Prints lines/s delivered, the core's RSS and
// CPU, and lines lost per subscriber. Figures only: it never fails on a time.
//
//   npx tsx bench/console-throughput.ts        (BENCH_SECONDS=10, BENCH_SUBSCRIBERS=10)
// Profiling aids: BENCH_CORE_NODE_ARGS (extra node flags for the core, e.g. --cpu-prof or
// --max-old-space-size=160), BENCH_SNAPSHOT_AFTER_MS (send the core SIGUSR2 for a heap snapshot).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pidusage from 'pidusage';
import WebSocket from 'ws';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10);
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const DEFINITION = pathToFileURL(path.join(here, 'definitions/flood/definition.ts')).href;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Subscriber {
  received: number;
  gaps: number;
  next: number;
  first: number;
  last: number;
  done: number | null;
  ws: WebSocket;
}

const FLOOD = /"message":"flood (\d+)\\n"/;
const DONE = /"message":"flood done (\d+)\\n"/;

function subscribe(url: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const sub: Subscriber = { received: 0, gaps: 0, next: 0, first: 0, last: 0, done: null, ws };
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      const m = FLOOD.exec(text);
      if (m) {
        const seq = Number(m[1]);
        if (sub.received === 0) sub.first = performance.now();
        sub.last = performance.now();
        if (seq !== sub.next) sub.gaps += seq - sub.next;
        sub.next = seq + 1;
        sub.received++;
        return;
      }
      const d = DONE.exec(text);
      if (d) sub.done = Number(d[1]);
    });
    ws.once('open', () => resolve(sub));
    ws.once('error', reject);
  });
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-console-'));
  const port = await freePort();
  const core = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CORE_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      path.join(repo, 'apps/core/src/main.ts'),
      '--data-dir',
      dataDir,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--log-level',
      'warn',
    ],
    { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const setupKey = await new Promise<string>((resolve, reject) => {
    let out = '';
    core.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /First time setup key: (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    core.once('exit', (code) => reject(new Error(`core exited (${code})`)));
  });
  const api = `http://127.0.0.1:${port}/api/v1`;
  const call = async (
    method: string,
    route: string,
    body?: unknown,
    token?: string,
  ): Promise<unknown> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`${api}${route}`, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${method} ${route}: ${res.status} ${text}`);
        return text === '' ? null : JSON.parse(text);
      } catch (err) {
        if (attempt > 50 || !(err instanceof TypeError)) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };

  try {
    const { token } = (await call('POST', `/setup/${setupKey}`, {
      username: 'bench',
      password: 'bench-password',
    })) as { token: string };
    const uuid = (await call(
      'POST',
      '/instance/create_generic',
      {
        url: DEFINITION,
        setup_value: {
          name: 'flood',
          setting_sections: {
            section_1: {
              settings: { seconds: { value: { type: 'UnsignedInteger', value: SECONDS } } },
            },
          },
        },
      },
      token,
    )) as string;
    for (let i = 0; ; i++) {
      const list = (await call('GET', '/instance/list', undefined, token)) as { uuid: string }[];
      if (list.some((x) => x.uuid === uuid)) break;
      if (i > 300) throw new Error('the instance was not created');
      await new Promise((r) => setTimeout(r, 100));
    }

    const streamUrl = `ws://127.0.0.1:${port}/api/v1/instance/${uuid}/console/stream?token=${encodeURIComponent(`Bearer ${token}`)}`;
    const subs = await Promise.all(Array.from({ length: SUBSCRIBERS }, () => subscribe(streamUrl)));
    const idle = await pidusage(core.pid!);
    const samples: { cpu: number; memory: number }[] = [];
    const sampler = setInterval(() => {
      pidusage(core.pid!).then(
        (s) => samples.push({ cpu: s.cpu, memory: s.memory }),
        () => undefined,
      );
    }, 250);

    const started = performance.now();
    await call('PUT', `/instance/${uuid}/start`, undefined, token);
    // Profiling aid: BENCH_CORE_NODE_ARGS=--heapsnapshot-signal=SIGUSR2 BENCH_SNAPSHOT_AFTER_MS=5000
    const snapshotAfter = Number(process.env.BENCH_SNAPSHOT_AFTER_MS ?? NaN);
    if (Number.isFinite(snapshotAfter))
      setTimeout(() => core.kill('SIGUSR2'), snapshotAfter).unref();
    const deadline = started + (SECONDS + 60) * 1000;
    while (subs.some((s) => s.done === null) && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    clearInterval(sampler);

    const printed = subs.find((s) => s.done !== null)?.done ?? null;
    const buffer = (await call('GET', `/instance/${uuid}/console/buffer`, undefined, token)) as {
      event_inner: { instance_event_inner: { message: string } };
    }[];
    const lastInRing = buffer.at(-1)?.event_inner.instance_event_inner.message.trim();
    for (const s of subs) s.ws.close();

    const rates = subs.map((s) =>
      s.received > 1 ? (s.received - 1) / ((s.last - s.first) / 1000) : 0,
    );
    const lost = subs.map((s) => (printed === null ? NaN : printed - s.received));
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    const peak = samples.reduce((m, s) => Math.max(m, s.memory), idle.memory);
    const cpu = samples.length ? samples.reduce((sum, s) => sum + s.cpu, 0) / samples.length : 0;
    console.log(
      `console throughput — ${SECONDS} s flood, ${SUBSCRIBERS} WebSocket subscribers (${os.cpus().length} CPUs: ${os.cpus()[0]?.model ?? '?'})`,
    );
    console.log(`  lines printed by the process : ${printed ?? 'unknown (no done line)'}`);
    console.log(
      `  lines/s per subscriber       : ${Math.round(Math.min(...rates))} min, ${Math.round(rates.reduce((a, b) => a + b, 0) / rates.length)} mean`,
    );
    console.log(`  frames/s delivered (all subs): ${Math.round(rates.reduce((a, b) => a + b, 0))}`);
    console.log(
      `  lines lost per subscriber    : ${lost.join(', ')} (gaps seen: ${subs.map((s) => s.gaps).join(', ')})`,
    );
    console.log(
      `  core RSS                     : ${mb(idle.memory)} MB idle → ${mb(peak)} MB peak`,
    );
    console.log(
      `  core CPU                     : ${cpu.toFixed(0)} % mean while flooding (100 % = one core)`,
    );
    console.log(
      `  console ring after the run   : ${buffer.length} events, newest "${lastInRing ?? ''}"`,
    );
  } finally {
    core.kill('SIGTERM');
    await new Promise((r) => core.once('exit', r));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
