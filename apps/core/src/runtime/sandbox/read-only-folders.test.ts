import { lstat, mkdir, mkdtemp, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../errors.ts';
import { pinReadOnlyFolder } from './read-only-folders.ts';

let root: string;
let instance: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hearth-pin-'));
  instance = path.join(root, 'instance');
  await mkdir(instance);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('pinReadOnlyFolder', () => {
  it("opens the folder and names it by the core's descriptor and its checked path", async () => {
    await mkdir(path.join(instance, 'macros'));
    const pinned = await pinReadOnlyFolder(instance, 'macros');
    expect(pinned.descriptor).toMatch(new RegExp(`^/proc/${process.pid}/fd/\\d+$`));
    expect(await readlink(pinned.descriptor)).toBe(path.join(instance, 'macros'));
    expect(pinned.real).toBe(path.join(instance, 'macros'));
    expect(pinned.dest).toBe(path.join(instance, 'macros'));
    await pinned.close();
    await pinned.close();
  });

  it('makes a missing folder', async () => {
    const pinned = await pinReadOnlyFolder(instance, 'macros');
    expect((await lstat(path.join(instance, 'macros'))).isDirectory()).toBe(true);
    await pinned.close();
  });

  it('refuses a symbolic link (in or out of the instance) and a file, changing nothing', async () => {
    const outside = path.join(root, 'outside');
    await mkdir(outside);
    await symlink(outside, path.join(instance, 'macros'));
    await expect(pinReadOnlyFolder(instance, 'macros')).rejects.toThrow(/is a symbolic link/);
    await rm(path.join(instance, 'macros'));
    await mkdir(path.join(instance, 'inner'));
    await symlink('inner', path.join(instance, 'macros'));
    await expect(pinReadOnlyFolder(instance, 'macros')).rejects.toThrow(/is a symbolic link/);
    await rm(path.join(instance, 'macros'));
    await symlink(path.join(root, 'nowhere'), path.join(instance, 'macros'));
    await expect(pinReadOnlyFolder(instance, 'macros')).rejects.toThrow(/is a symbolic link/);
    await rm(path.join(instance, 'macros'));
    await writeFile(path.join(instance, 'macros'), 'x');
    const refused = await pinReadOnlyFolder(instance, 'macros').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CoreError);
    expect((refused as CoreError).kind).toBe('BadRequest');
    expect((refused as CoreError).message).toMatch(/is not a folder/);
    expect((await lstat(path.join(instance, 'macros'))).isFile()).toBe(true);
    await expect(lstat(path.join(root, 'nowhere'))).rejects.toThrow();
  });

  it('takes a plain name only', async () => {
    for (const name of ['a/b', '..', '.', ''])
      await expect(pinReadOnlyFolder(instance, name)).rejects.toThrow(/Not a folder name/);
  });
});
