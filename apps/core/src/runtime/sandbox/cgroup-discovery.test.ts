import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverCgroups, parseCgroupMounts, parseSelfCgroup } from './cgroup-discovery.ts';

// The kernel's cgroup files are plain files here: these tests check which folders and files the
// discovery uses; the real kernel is exercised by the hostile-process tests (test/sandbox-*.test.ts).
let fake: string;
beforeEach(async () => {
  fake = await mkdtemp(path.join(os.tmpdir(), 'hearth-cgroups-'));
});
afterEach(async () => {
  await rm(fake, { recursive: true, force: true });
});

/**
 * Discovery on one cgroup2 mount at `fake`, the core (pid 4242) in cgroup `own`, whose folder lists
 * `controllers` and holds `procs`, with no controller enabled below it yet.
 */
async function discoverV2(own: string, controllers: string, procs: string) {
  const dir = path.join(fake, own);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'cgroup.controllers'), controllers);
  await writeFile(path.join(dir, 'cgroup.procs'), procs);
  await writeFile(path.join(dir, 'cgroup.subtree_control'), '');
  return discoverCgroups({
    mountinfo: `1 0 0:1 / ${fake} rw - cgroup2 cgroup2 rw`,
    selfCgroup: `0::${own}\n`,
    pid: 4242,
  });
}

describe('parsing', () => {
  it('reads cgroup mounts (escaped paths, mount roots) and the own cgroup per hierarchy', () => {
    const mounts = parseCgroupMounts(
      [
        '31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw,mode=755',
        '32 31 0:29 /ctr /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct',
        '41 31 0:38 / /mnt/with\\040space rw shared:9 - cgroup2 cgroup2 rw,nsdelegate',
      ].join('\n'),
    );
    expect(mounts).toEqual([
      {
        version: 1,
        root: '/ctr',
        mountPoint: '/sys/fs/cgroup/cpu,cpuacct',
        options: ['rw', 'cpu', 'cpuacct'],
      },
      { version: 2, root: '/', mountPoint: '/mnt/with space', options: ['rw', 'nsdelegate'] },
    ]);
    expect(parseSelfCgroup('4:memory:/a/b\n1:cpu,cpuacct:/\n0::/user.slice\n')).toEqual(
      new Map([
        ['memory', '/a/b'],
        ['cpu,cpuacct', '/'],
        ['', '/user.slice'],
      ]),
    );
  });
});

describe('discoverCgroups', () => {
  it('v1: one hierarchy per controller mount, under the core’s own cgroup (inside the mount root)', async () => {
    for (const dir of ['memory/ctr/core', 'cpu', 'pids'])
      await mkdir(path.join(fake, dir), { recursive: true });
    const support = await discoverCgroups({
      mountinfo: [
        `1 0 0:1 /ctr ${fake}/memory rw - cgroup cgroup rw,memory`,
        `2 0 0:2 / ${fake}/cpu rw - cgroup cgroup rw,cpu,cpuacct`,
        `3 0 0:3 / ${fake}/pids rw - cgroup cgroup rw,pids`,
        `4 0 0:4 / ${fake}/systemd rw - cgroup cgroup rw,name=systemd`,
      ].join('\n'),
      selfCgroup: '3:memory:/ctr/core\n2:cpu,cpuacct:/\n1:pids:/\n0::/\n',
      pid: 4242,
    });
    expect(support).toMatchObject({ backend: 'cgroup-v1', memory: true, cpu: true, pids: true });
    expect(support.problems).toEqual([]);
    expect(support.hierarchies).toEqual([
      { version: 1, controllers: ['memory'], parentDir: `${fake}/memory/core/hearth` },
      { version: 1, controllers: ['cpu'], parentDir: `${fake}/cpu/hearth` },
      { version: 1, controllers: ['pids'], parentDir: `${fake}/pids/hearth` },
    ]);
    // The probe leaf got the "unlimited" value (on a real kernel it is removed again).
    const [probe] = await readdir(`${fake}/pids/hearth`);
    expect(await readFile(`${fake}/pids/hearth/${probe}/pids.max`, 'utf8')).toBe('max');
  });

  it('v2: moves the core into a leaf of its own, enables the controllers and says what is missing', async () => {
    const support = await discoverV2('/system.slice/hearth.service', 'cpu memory io', '4242\n');
    const own = path.join(fake, 'system.slice', 'hearth.service');
    expect(support).toMatchObject({ backend: 'cgroup-v2', memory: true, cpu: true, pids: false });
    expect(support.hierarchies).toEqual([
      { version: 2, controllers: ['memory', 'cpu'], parentDir: path.join(own, 'hearth') },
    ]);
    expect(await readFile(path.join(own, 'hearth-core', 'cgroup.procs'), 'utf8')).toBe('4242');
    expect(await readFile(path.join(own, 'cgroup.subtree_control'), 'utf8')).toBe('+memory +cpu');
    expect(support.problems).toEqual([
      'No usable pids cgroup controller on this host: pids limits are not enforced.',
    ]);
  });

  it('v2: refuses a cgroup shared with other processes (not delegated) and says so', async () => {
    const support = await discoverV2('/', 'cpu memory pids', '1\n4242\n');
    expect(support).toMatchObject({ backend: null, memory: false, cpu: false, pids: false });
    expect(support.problems).toHaveLength(1);
    expect(support.problems[0]).toContain('holds other processes');
  });

  it('reports every controller as not enforced when there is no cgroup file system', async () => {
    const support = await discoverCgroups({ mountinfo: '', selfCgroup: '', pid: 1 });
    expect(support.backend).toBeNull();
    expect(support.problems).toHaveLength(3);
  });
});
