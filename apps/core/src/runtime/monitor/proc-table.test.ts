import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { turnClock } from '../../../test-support/turn-clock.ts';
import { processTree } from '../supervisor/process-tree.ts';
import { EMPTY_REPORT, MonitorHub } from './monitor-hub.ts';
import { ProcTable, hostUnits } from './proc-table.ts';

const PAGE = 4096;

interface FakeProcess {
  ppid: number;
  start: number;
  utime?: number;
  stime?: number;
  rssPages?: number;
  /** statm's resident pages (exact; stat's field is an estimate): absent, stat's is used. */
  statmPages?: number;
  io?: { read: number; written: number };
}

/** A /proc/<pid>/stat line: a comm with spaces and a paren, then the 50 fields after it. */
function statLine(pid: number, p: FakeProcess): string {
  const after = Array.from({ length: 50 }, () => '0');
  after[0] = 'S';
  after[1] = String(p.ppid);
  after[11] = String(p.utime ?? 0);
  after[12] = String(p.stime ?? 0);
  after[19] = String(p.start);
  after[21] = String(p.rssPages ?? 0);
  return `${pid} (my game) x) ${after.join(' ')}\n`;
}

describe('ProcTable on a /proc of its own (parsing, trees, CPU deltas)', () => {
  let root: string;
  const write = async (pid: number, p: FakeProcess) => {
    const dir = path.join(root, String(pid));
    await mkdir(dir, { recursive: true });
    // Rewritten in place (same file): a kept descriptor reads the new text, as with /proc.
    await writeFile(path.join(dir, 'stat'), statLine(pid, p));
    if (p.statmPages !== undefined)
      await writeFile(path.join(dir, 'statm'), `900 ${p.statmPages} 3 1 0 50 0\n`);
    if (p.io)
      await writeFile(
        path.join(dir, 'io'),
        `rchar: 1\nwchar: 1\nread_bytes: ${p.io.read}\nwrite_bytes: ${p.io.written}\n`,
      );
  };
  const gone = (pid: number) => rm(path.join(root, String(pid)), { recursive: true, force: true });

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'hearth-proc-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('sums each tree, follows new and vanished processes, and counts CPU since the previous scan', async () => {
    await write(100, {
      ppid: 1,
      start: 1000,
      utime: 10,
      stime: 5,
      rssPages: 10,
      io: { read: 1, written: 2 },
    });
    await write(101, {
      ppid: 100,
      start: 1001,
      utime: 3,
      rssPages: 20,
      statmPages: 25,
      io: { read: 10, written: 20 },
    });
    await write(102, { ppid: 101, start: 1002, rssPages: 30 });
    await write(200, { ppid: 1, start: 900, utime: 99, rssPages: 1000 });
    await write(300, { ppid: 1, start: 1100, utime: 1, rssPages: 5 });
    await mkdir(path.join(root, 'self'));
    const table = new ProcTable({
      procRoot: root,
      clockTicks: 100,
      pageSize: PAGE,
      recheckEvery: 3,
    });

    const first = await table.scan([100, 300]);
    expect(first.get(100)).toEqual({
      processes: 3,
      cpuTicks: 18,
      cpuTicksTotal: 18,
      rssBytes: 65 * PAGE,
      io: { read: 11, written: 22 },
    });
    expect(first.get(300)).toMatchObject({
      processes: 1,
      cpuTicks: 1,
      rssBytes: 5 * PAGE,
      io: null,
    });
    expect(table.scans).toBe(1);
    expect(table.tracked).toBe(4);

    // Work since the previous scan; a child exits; a new one starts.
    await write(100, {
      ppid: 1,
      start: 1000,
      utime: 15,
      stime: 7,
      rssPages: 10,
      io: { read: 1, written: 2 },
    });
    await gone(102);
    await write(103, { ppid: 101, start: 1003, utime: 2, rssPages: 7 });
    const second = (await table.scan([100])).get(100);
    expect(second).toMatchObject({ processes: 3, cpuTicks: 7 + 2, cpuTicksTotal: 22 + 3 + 2 });
    expect(second?.rssBytes).toBe(42 * PAGE);
    // The tree of 300 is no longer sampled: its descriptors are closed.
    expect(table.tracked).toBe(3);

    // A foreign pid recycled by a child of the server joins within `recheckEvery` scans.
    await write(200, { ppid: 103, start: 1200, utime: 4, rssPages: 2 });
    let processes = 0;
    for (let scan = 0; scan < 3 && processes !== 4; scan++)
      processes = (await table.scan([100])).get(100)?.processes ?? 0;
    expect(processes).toBe(4);

    // A process re-parented away (its parent died) leaves the tree with its descendants.
    await write(101, { ppid: 1, start: 1001, utime: 3, rssPages: 20 });
    expect((await table.scan([100])).get(100)).toMatchObject({ processes: 1 });
    expect(table.tracked).toBe(1);

    // The root is gone: an empty tree, nothing kept open.
    await gone(100);
    expect((await table.scan([100])).get(100)).toMatchObject({ processes: 0 });
    expect(table.tracked).toBe(0);
    table.close();
  });

  it('reads a few processes per turn of the event loop, with the same totals, and stops when closed', async () => {
    const dir = path.join(root, 'paced');
    const writeIn = async (pid: number, p: FakeProcess) => {
      await mkdir(path.join(dir, String(pid)), { recursive: true });
      await writeFile(path.join(dir, String(pid), 'stat'), statLine(pid, p));
    };
    // A server of 1 + 11 processes among 20 foreign ones.
    await writeIn(500, { ppid: 1, start: 5000, utime: 1, rssPages: 1 });
    for (let i = 1; i <= 11; i++)
      await writeIn(500 + i, { ppid: 500, start: 5000 + i, utime: i, rssPages: 1 });
    for (let i = 0; i < 20; i++) await writeIn(900 + i, { ppid: 1, start: 9000 + i, rssPages: 3 });
    const options = { procRoot: dir, clockTicks: 100, pageSize: PAGE };
    const whole = new ProcTable({ ...options, readsPerTurn: 1000 });
    const paced = new ProcTable({ ...options, readsPerTurn: 4 });

    const clock = turnClock();
    const before = clock.now();
    const sample = (await paced.scan([500])).get(500);
    const scanTurns = clock.now() - before;
    clock.stop();
    expect(sample).toEqual((await whole.scan([500])).get(500));
    expect(sample).toMatchObject({ processes: 12, cpuTicks: 67, rssBytes: 12 * PAGE });
    // 32 new pids read by path, then 11 adopted: at least one turn per 4 reads.
    expect(scanTurns).toBeGreaterThanOrEqual(Math.floor((32 + 11) / 4));

    // Closed while a scan is under way: it ends at its next turn and keeps nothing open.
    const closing = new ProcTable({ ...options, readsPerTurn: 4 });
    const scanning = closing.scan([500]);
    closing.close();
    expect((await scanning).get(500)).toBeUndefined();
    expect(closing.tracked).toBe(0);
    whole.close();
    paced.close();
  });

  it('hands a tick’s reports to a few listeners per turn of the event loop, every ring filled first', async () => {
    const hub = new MonitorHub(1000, new ProcTable({ procRoot: root, clockTicks: 100 }), 4);
    const uuids = ['a', 'b', 'c', 'd', 'e'];
    const heard: { uuid: string; turn: number; rings: number }[] = [];
    const clock = turnClock();
    for (const uuid of uuids) {
      hub.add(uuid);
      for (let i = 0; i < 4; i++)
        hub.subscribe(uuid, (report) => {
          expect(report).toEqual(EMPTY_REPORT);
          const rings = uuids.filter((u) => hub.buffer(u).length === 1).length;
          heard.push({ uuid, turn: clock.now(), rings });
        });
    }
    // One listener of 'e' goes away while the first ones are fed: it is not called.
    let gone = false;
    const late = hub.subscribe('e', () => {
      gone = true;
    });
    hub.subscribe('a', () => late());

    await hub.tick();
    clock.stop();
    expect(gone).toBe(false);
    expect(heard).toHaveLength(20);
    expect(heard.every((h) => h.rings === uuids.length)).toBe(true);
    // 21 listeners called (20 + the one that unsubscribes), 4 per turn: they span at least 5 turns.
    expect(heard.at(-1)!.turn - heard[0]!.turn).toBeGreaterThanOrEqual(5);
    hub.stop();
  });

  it("never holds the event loop on a read that blocks (a process's stat while it is being started)", async () => {
    const dir = path.join(root, 'blocking');
    await mkdir(path.join(dir, '600'), { recursive: true });
    await writeFile(path.join(dir, '600', 'stat'), statLine(600, { ppid: 1, start: 6000 }));
    // 601 (not in the tree: read once by path) has a pipe for its stat: reading it blocks until
    // something is written, as /proc can.
    await mkdir(path.join(dir, '601'));
    const fifo = path.join(dir, '601', 'stat');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const text = statLine(601, { ppid: 1, start: 6001 });
    // A late writer, so that a read on the event loop fails this test (the scan is over before the
    // timer below) instead of hanging it.
    const late = spawn('sh', ['-c', 'sleep 5; printf "%s" "$0" > "$1"', text, fifo], {
      stdio: 'ignore',
    });
    const table = new ProcTable({ procRoot: dir, clockTicks: 100, pageSize: PAGE });
    try {
      let settled = false;
      const scanning = table.scan([600]).finally(() => (settled = true));
      // Timers still fire while the read waits in the thread pool.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);
      await writeFile(fifo, text);
      expect((await scanning).get(600)).toMatchObject({ processes: 1 });
    } finally {
      late.kill('SIGKILL');
      table.close();
    }
  });

  it('reads the units of this host from its auxiliary vector', () => {
    const units = hostUnits();
    expect(units.clockTicks).toBeGreaterThan(0);
    expect(units.pageSize % 1024).toBe(0);
  });
});

describe('ProcTable and MonitorHub on real processes', () => {
  const children: ChildProcess[] = [];
  const start = async (command: string, args: string[]) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(child);
    await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
    return child;
  };
  const rssOf = (pid: number) =>
    Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * hostUnits().pageSize;

  afterEach(() => {
    for (const child of children.splice(0))
      for (const pid of processTree(child.pid!).reverse()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone.
        }
      }
  });

  it.skipIf(process.platform !== 'linux')(
    'measures a whole tree, and forgets a child that exited',
    async () => {
      const shell = await start('/bin/sh', ['-c', 'sleep 600 & sleep 600 & wait']);
      const table = new ProcTable();
      let tree = (await table.scan([shell.pid!])).get(shell.pid!);
      // The shell forks its children at its own pace: scan until both are there.
      for (let scan = 0; scan < 1000 && tree?.processes !== 3; scan++)
        tree = (await table.scan([shell.pid!])).get(shell.pid!);
      expect(tree?.processes).toBe(3);
      const pids = processTree(shell.pid!);
      expect(pids).toHaveLength(3);
      // A child may still be between its fork and its exec: read both until they settle.
      let expected = -1;
      for (let scan = 0; scan < 1000 && tree?.rssBytes !== expected; scan++) {
        tree = (await table.scan([shell.pid!])).get(shell.pid!);
        expected = pids.reduce((sum, pid) => sum + rssOf(pid), 0);
      }
      expect(tree?.rssBytes).toBe(expected);

      process.kill(pids[2]!, 'SIGKILL');
      for (let scan = 0; scan < 1000 && tree?.processes !== 2; scan++)
        tree = (await table.scan([shell.pid!])).get(shell.pid!);
      expect(tree?.processes).toBe(2);
      expect(table.tracked).toBe(2);
      table.close();
      expect(table.tracked).toBe(0);
    },
  );

  it.skipIf(process.platform !== 'linux')(
    "reports a server's resident memory exactly: the whole tree, as statm counts it",
    async () => {
      const shell = await start('/bin/sh', ['-c', 'sleep 600 & sleep 600 & wait']);
      const hub = new MonitorHub(1000);
      hub.add('tree');
      hub.setProcess('tree', { pid: shell.pid!, startedAt: Date.now() });
      // Until the shell forked both children and they settled (then the figures agree).
      let expected = -1;
      let reported: number | null = null;
      for (let tick = 0; tick < 1000 && reported !== expected; tick++) {
        await hub.tick();
        reported = hub.buffer('tree').at(-1)?.memory_usage ?? null;
        const pids = processTree(shell.pid!);
        expected = pids.length === 3 ? pids.reduce((sum, pid) => sum + rssOf(pid), 0) : -1;
      }
      expect(reported).toBe(expected);
      hub.stop();
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'samples every live server in one pass over /proc per tick',
    async () => {
      const busy = await start(process.execPath, [
        '-e',
        'let x = 0; for (let i = 0; i < 5e7; i++) x += i; console.log("done " + x); setInterval(() => {}, 1000)',
      ]);
      await new Promise((resolve) => busy.stdout.once('data', resolve));
      const idle = await start('/bin/sh', ['-c', 'exec sleep 600']);
      const table = new ProcTable();
      const hub = new MonitorHub(1000, table);
      for (const uuid of ['busy', 'idle', 'stopped']) hub.add(uuid);
      const startedAt = Date.now() - 1000;
      hub.setProcess('busy', { pid: busy.pid!, startedAt });
      hub.setProcess('idle', { pid: idle.pid!, startedAt });
      const seen: number[] = [];
      hub.subscribe('busy', (report) => seen.push(report.cpu_usage ?? -1));

      await hub.tick();
      expect(table.scans).toBe(1);
      const [busyReport] = hub.buffer('busy');
      // Its fixed amount of work is in the first sample (CPU since it started).
      expect(busyReport?.cpu_usage).toBeGreaterThan(0);
      expect(busyReport?.memory_usage).toBeGreaterThan(0);
      expect(busyReport?.start_time).toBe(Math.floor(startedAt / 1000));
      expect(hub.buffer('idle')[0]?.memory_usage).toBeGreaterThan(0);
      expect(hub.buffer('stopped')).toEqual([EMPTY_REPORT]);
      expect(seen).toHaveLength(1);

      await hub.tick();
      expect(table.scans).toBe(2);
      expect(Number.isFinite(hub.buffer('busy')[1]?.cpu_usage)).toBe(true);

      hub.setProcess('busy', null);
      await hub.tick();
      expect(hub.buffer('busy')[2]).toEqual(EMPTY_REPORT);
      hub.stop();
      expect(table.tracked).toBe(0);
    },
  );
});
