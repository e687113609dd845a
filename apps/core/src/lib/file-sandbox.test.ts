import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSandbox } from './file-sandbox.ts';

let base: string;
let root: string;
let sandbox: FileSandbox;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'hearth-sandbox-'));
  root = path.join(base, 'root');
  await mkdir(root);
  await writeFile(path.join(base, 'secret.txt'), 'outside');
  sandbox = new FileSandbox(root);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('FileSandbox.readRegular', () => {
  it('reads a regular file, and one reached through a link that stays inside', async () => {
    await writeFile(path.join(root, 'server.properties'), 'motd=hi\n');
    await symlink('server.properties', path.join(root, 'alias'));
    expect((await sandbox.readRegular('server.properties', 1024)).toString()).toBe('motd=hi\n');
    expect((await sandbox.readRegular('alias', 1024)).toString()).toBe('motd=hi\n');
  });

  it('refuses a link that leads outside the root', async () => {
    await symlink(path.join(base, 'secret.txt'), path.join(root, 'server.properties'));
    await expect(sandbox.readRegular('server.properties', 1024)).rejects.toMatchObject({
      kind: 'PermissionDenied',
    });
  });

  it('answers at once for a FIFO instead of waiting for a writer', async () => {
    execFileSync('mkfifo', [path.join(root, 'server.properties')]);
    await expect(sandbox.readRegular('server.properties', 1024)).rejects.toMatchObject({
      causes: ['Failed to read file', 'Not a regular file'],
    });
  });

  it('refuses a directory and a file over the size cap', async () => {
    await mkdir(path.join(root, 'dir'));
    await writeFile(path.join(root, 'big'), Buffer.alloc(2048));
    await expect(sandbox.readRegular('dir', 1024)).rejects.toMatchObject({ kind: 'BadRequest' });
    await expect(sandbox.readRegular('big', 1024)).rejects.toMatchObject({
      causes: ['Failed to read file', 'File is larger than 1024 bytes'],
    });
  });
});

describe('FileSandbox.writeAtomic', () => {
  it('replaces a link planted at the name instead of writing through it', async () => {
    await symlink(path.join(base, 'secret.txt'), path.join(root, 'eula.txt'));
    await expect(sandbox.writeAtomic('eula.txt', 'eula=true\n')).rejects.toMatchObject({
      kind: 'PermissionDenied',
    });
    expect(await readFile(path.join(base, 'secret.txt'), 'utf8')).toBe('outside');
  });

  it('writes a new file, creating its parents when asked', async () => {
    await sandbox.writeAtomic('config/a.json', '{}', { createParents: true });
    expect(await readFile(path.join(root, 'config', 'a.json'), 'utf8')).toBe('{}');
    await expect(readlink(path.join(root, 'config', 'a.json'))).rejects.toThrow();
  });
});
