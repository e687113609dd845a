import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mount } from './bwrap-args.ts';
import { SandboxLayoutError, planLayout, type LayoutInput } from './sandbox-layout.ts';

let root: string;
let dataDir: string;
let instanceDir: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hearth-layout-'));
  dataDir = path.join(root, 'data');
  instanceDir = path.join(dataDir, 'instances', 'a');
  await mkdir(instanceDir, { recursive: true });
  await mkdir(path.join(dataDir, 'cache'), { recursive: true });
  await writeFile(path.join(dataDir, 'cache', 'bundle.mjs'), 'export default {}');
  await writeFile(path.join(dataDir, 'hearth.db'), 'db');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function input(overrides: Partial<LayoutInput> = {}): LayoutInput {
  return {
    instanceDir,
    cwd: instanceDir,
    command: '/usr/bin/java',
    args: ['-jar', 'server.jar'],
    env: {},
    readOnly: [],
    hidden: [dataDir],
    etcMasks: { files: ['/etc/shadow'], dirs: ['/etc/ssl/private'] },
    user: { kind: 'dropped', uid: 65534, gid: 65534 },
    setprivPath: '/usr/bin/setpriv',
    tmpSizeBytes: 1024,
    ...overrides,
  };
}

const dests = (mounts: Mount[], kind: Mount['kind']) =>
  mounts.filter((m) => m.kind === kind).map((m) => m.dest);

describe('planLayout', () => {
  it('shows the system read-only with /etc secrets masked, a private /tmp, and the instance last', () => {
    const layout = planLayout(input());
    expect(dests(layout.mounts, 'ro-bind')).toEqual(expect.arrayContaining(['/usr', '/etc']));
    expect(dests(layout.mounts, 'mask-file')).toContain('/etc/shadow');
    expect(layout.mounts).toContainEqual({
      kind: 'tmpfs',
      dest: '/etc/ssl/private',
      mode: '0755',
      mask: true,
    });
    expect(layout.mounts).toContainEqual({
      kind: 'tmpfs',
      dest: '/tmp',
      mode: '1777',
      sizeBytes: 1024,
      mask: false,
    });
    expect(layout.mounts.at(-1)).toEqual({ kind: 'bind', source: instanceDir, dest: instanceDir });
    // The data directory is not under any read-only folder: nothing of it is mounted but the instance.
    expect(layout.mounts.filter((m) => m.dest.startsWith(dataDir))).toHaveLength(1);
  });

  it('shows a Java runtime the core downloaded into the data directory, and no other folder there', async () => {
    const jre = path.join(dataDir, 'bin', 'java', 'jre21');
    await mkdir(path.join(jre, 'bin'), { recursive: true });
    const shownInHidden = [path.join(dataDir, 'bin', 'java')];
    expect(() => planLayout(input({ readOnly: [jre] }))).toThrow(SandboxLayoutError);
    expect(() =>
      planLayout(input({ readOnly: [path.join(dataDir, 'cache')], shownInHidden })),
    ).toThrow(SandboxLayoutError);
    const layout = planLayout(input({ readOnly: [jre], shownInHidden }));
    expect(layout.mounts).toContainEqual({ kind: 'ro-bind', source: jre, dest: jre });
    expect(dests(layout.mounts, 'ro-bind')).not.toContain(dataDir);
  });

  it('masks the data directory when a read-only folder contains it, and re-shows a bundle file in it', () => {
    const bundle = path.join(dataDir, 'cache', 'bundle.mjs');
    const layout = planLayout(input({ readOnly: [root, bundle] }));
    const order = layout.mounts.map((m) => `${m.kind} ${m.dest}`);
    const rootBind = order.indexOf(`ro-bind ${root}`);
    const mask = order.indexOf(`tmpfs ${dataDir}`);
    const bundleBind = order.indexOf(`ro-bind ${bundle}`);
    const instance = order.indexOf(`bind ${instanceDir}`);
    expect(rootBind).toBeGreaterThan(-1);
    expect(mask).toBeGreaterThan(rootBind);
    expect(bundleBind).toBeGreaterThan(mask);
    expect(instance).toBeGreaterThan(bundleBind);
  });

  it('refuses to show a folder inside the data directory or the whole filesystem', () => {
    expect(() => planLayout(input({ readOnly: [path.join(dataDir, 'instances')] }))).toThrow(
      SandboxLayoutError,
    );
    expect(() => planLayout(input({ readOnly: ['/'] }))).toThrow(SandboxLayoutError);
  });

  it('shows a writable cache folder inside the data directory after the mask, nothing else of it', async () => {
    const cache = path.join(dataDir, 'cache', 'deno', 'a');
    await mkdir(cache, { recursive: true });
    const layout = planLayout(input({ readOnly: [root], writable: [cache] }));
    const order = layout.mounts.map((m) => `${m.kind} ${m.dest}`);
    expect(order.indexOf(`bind ${cache}`)).toBeGreaterThan(order.indexOf(`tmpfs ${dataDir}`));
    expect(dests(layout.mounts, 'bind')).toEqual([cache, instanceDir]);
    expect(dests(layout.mounts, 'ro-bind')).not.toContain(path.join(dataDir, 'cache'));
  });

  it('refuses a writable folder that is missing, holds a hidden path, or overlaps the instance', async () => {
    const writable = (w: string) => () => planLayout(input({ writable: [w] }));
    expect(writable(path.join(dataDir, 'missing'))).toThrow(SandboxLayoutError);
    for (const w of ['/', root, dataDir, path.join(dataDir, 'instances'), instanceDir])
      expect(writable(w), w).toThrow(SandboxLayoutError);
    const inside = path.join(instanceDir, 'cache');
    await mkdir(inside);
    expect(writable(inside)).toThrow(SandboxLayoutError);
  });

  it('skips read-only paths already visible or inside the instance folder', () => {
    const layout = planLayout(input({ readOnly: ['/usr/lib', instanceDir] }));
    expect(dests(layout.mounts, 'ro-bind')).not.toContain('/usr/lib');
    expect(dests(layout.mounts, 'ro-bind')).not.toContain(instanceDir);
  });

  it('drops to the unprivileged uid inside, with no new privileges, and builds a clean environment', () => {
    const layout = planLayout(input({ env: { JAVA_OPTS: '-Dx=1', HOME: '/custom' } }));
    expect(layout.argv).toEqual([
      '/usr/bin/setpriv',
      '--reuid=65534',
      '--regid=65534',
      '--clear-groups',
      '--inh-caps=-all',
      '--no-new-privs',
      '--',
      '/usr/bin/java',
      '-jar',
      'server.jar',
    ]);
    expect(layout.capAdd).toEqual(['CAP_SETUID', 'CAP_SETGID']);
    expect(layout.env).toMatchObject({ JAVA_OPTS: '-Dx=1', HOME: '/custom' });
    expect(Object.keys(layout.env).sort()).toEqual(
      ['HOME', 'JAVA_OPTS', 'LANG', 'PATH', ...(process.env.TZ ? ['TZ'] : [])].sort(),
    );
  });

  it('runs the program directly when bubblewrap itself is unprivileged', () => {
    const layout = planLayout(input({ user: { kind: 'core-user', uid: 1000, gid: 1000 } }));
    expect(layout.argv).toEqual(['/usr/bin/java', '-jar', 'server.jar']);
    expect(layout.userNamespace).toBe(true);
    expect(layout.capAdd).toEqual([]);
  });

  it('shows a folder inside the instance read-only over it, never one elsewhere', () => {
    const macros = path.join(instanceDir, 'macros');
    const layout = planLayout(
      input({ readOnlyInside: [{ source: '/proc/1/fd/7', dest: macros }], seccomp: true }),
    );
    const last = layout.mounts.slice(-2);
    expect(last).toEqual([
      { kind: 'bind', source: instanceDir, dest: instanceDir },
      { kind: 'ro-bind', source: '/proc/1/fd/7', dest: macros },
    ]);
    expect(layout.seccomp).toBe(true);
    for (const dest of [instanceDir, dataDir, path.join(instanceDir, '..', 'b')])
      expect(() => planLayout(input({ readOnlyInside: [{ source: '/x', dest }] }))).toThrow(
        SandboxLayoutError,
      );
  });
});
