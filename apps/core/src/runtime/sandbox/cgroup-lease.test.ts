import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CgroupLease, limitWrites } from './cgroup-lease.ts';

describe('limitWrites', () => {
  const limits = {
    memoryBytes: 64 * 1024 * 1024,
    cpuWeight: 50,
    cpuPercent: 150,
    maxProcesses: 100,
  };
  it('v1: memory with swap, cpu shares and CFS quota, pids.max', () => {
    expect(limitWrites(1, 'memory', limits)).toEqual([
      ['memory.limit_in_bytes', '67108864'],
      ['memory.memsw.limit_in_bytes', '67108864'],
    ]);
    expect(limitWrites(1, 'cpu', limits)).toEqual([
      ['cpu.shares', '512'],
      ['cpu.cfs_period_us', '100000'],
      ['cpu.cfs_quota_us', '150000'],
    ]);
    expect(limitWrites(1, 'pids', limits)).toEqual([['pids.max', '100']]);
  });
  it('v2: memory.max without swap, cpu.weight and cpu.max', () => {
    expect(limitWrites(2, 'memory', limits)).toEqual([
      ['memory.max', '67108864'],
      ['memory.swap.max', '0'],
    ]);
    expect(limitWrites(2, 'cpu', limits)).toEqual([
      ['cpu.weight', '50'],
      ['cpu.max', '150000 100000'],
    ]);
  });
  it('writes nothing for limits not asked for', () => {
    expect(limitWrites(1, 'memory', {})).toEqual([]);
    expect(limitWrites(2, 'cpu', {})).toEqual([]);
  });
});

describe('CgroupLease (on plain files)', () => {
  let fake: string;
  beforeEach(async () => {
    fake = await mkdtemp(path.join(os.tmpdir(), 'hearth-lease-'));
  });
  afterEach(async () => {
    await rm(fake, { recursive: true, force: true });
  });

  it('creates a uniquely named leaf with the limits, reads usage, then removes it', async () => {
    const hierarchies = [
      { version: 2 as const, controllers: ['memory' as const, 'pids' as const], parentDir: fake },
    ];
    const lease = await CgroupLease.create(hierarchies, 'inst-1', {
      memoryBytes: 32 * 1024 * 1024,
      maxProcesses: 20,
    });
    const [leaf] = await readdir(fake);
    expect(leaf).toMatch(new RegExp(`^inst-1\\.${process.pid}\\.[0-9a-f]{8}$`));
    const dir = path.join(fake, leaf!);
    expect(await readFile(path.join(dir, 'memory.max'), 'utf8')).toBe('33554432');
    expect(await readFile(path.join(dir, 'pids.max'), 'utf8')).toBe('20');
    expect(lease.procsFiles).toEqual([path.join(dir, 'cgroup.procs')]);

    await writeFile(path.join(dir, 'memory.current'), '1000\n');
    await writeFile(path.join(dir, 'memory.peak'), '5000\n');
    await writeFile(path.join(dir, 'memory.events'), 'low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n');
    await writeFile(path.join(dir, 'pids.current'), '7\n');
    await writeFile(path.join(dir, 'pids.events'), 'max 12\n');
    expect(lease.usage()).toEqual({
      memoryBytes: 1000,
      memoryPeakBytes: 5000,
      oomKills: 1,
      processes: 7,
      processesPeak: null,
      forkRefusals: 12,
      cpuThrottledPeriods: null,
    });
    // A real cgroup folder holds only kernel files, which rmdir ignores; plain files must go first
    // (the reading kept after removal is checked on the real kernel in test/sandbox-*.test.ts).
    for (const file of await readdir(dir)) await rm(path.join(dir, file));
    await lease.remove();
    expect(existsSync(dir)).toBe(false);
  });
});
