import { link, lstat, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chownTree } from './instance-owner.ts';

const isRoot = process.getuid?.() === 0;
let root: string;
let outside: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hearth-owner-'));
  outside = await mkdtemp(path.join(os.tmpdir(), 'hearth-owner-outside-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

// Changing owners needs root (the only case where the sandbox drops to another uid).
describe.skipIf(!isRoot)('chownTree', () => {
  it('gives the folder to the uid without following links or touching files with other names', async () => {
    const secret = path.join(outside, 'secret');
    const secretDir = path.join(outside, 'dir');
    await writeFile(secret, 'core secret');
    await mkdir(secretDir);
    await mkdir(path.join(root, 'world', 'region'), { recursive: true });
    await writeFile(path.join(root, 'world', 'region', 'r.0.0.mca'), 'data');
    await writeFile(path.join(root, 'server.properties'), 'x');
    await symlink(secret, path.join(root, 'link-to-secret'));
    await symlink(secretDir, path.join(root, 'world', 'link-to-dir'));
    await link(secret, path.join(root, 'hardlink-to-secret'));

    await chownTree(root, 65534, 65534);

    for (const p of ['', 'world', 'world/region', 'world/region/r.0.0.mca', 'server.properties'])
      expect((await stat(path.join(root, p))).uid).toBe(65534);
    expect((await stat(secret)).uid).toBe(0);
    expect((await stat(secretDir)).uid).toBe(0);
    expect((await lstat(path.join(root, 'link-to-secret'))).uid).toBe(0);
  });
});
