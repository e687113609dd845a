import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { afterEach, describe, expect, it } from 'vitest';
import { detectMinecraftServer } from './server-detection.ts';

const dirs: string[] = [];

async function jar(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const manifest = (main: string) => `Manifest-Version: 1.0\r\nMain-Class: ${main}\r\n\r\n`;

async function folder(files: Record<string, string | Buffer>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-detect-'));
  dirs.push(dir);
  for (const [name, data] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), data);
  }
  return dir;
}

afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('detectMinecraftServer', () => {
  it('reads a vanilla bundler jar: version and Java from version.json, port and MOTD', async () => {
    const dir = await folder({
      'minecraft_server.jar': await jar({
        'META-INF/MANIFEST.MF': manifest('net.minecraft.bundler.Main'),
        'version.json': JSON.stringify({ id: '1.21.1', java_version: 21 }),
        'META-INF/versions.list': 'abc\t1.21.1\t1.21.1/server-1.21.1.jar\n',
      }),
      'server.properties': 'server-port=25601\nmotd=Hello \\u00a7aworld\n',
      'user_jvm_args.txt': '-Xmx4G -Xms1G\n',
    });
    const found = await detectMinecraftServer(dir);
    expect(found.minecraft).toMatchObject({
      flavour: 'vanilla',
      version: '1.21.1',
      server_jar: 'minecraft_server.jar',
      java_major: 21,
      max_ram: 4096,
      min_ram: 1024,
    });
    expect(found.port).toBe(25601);
    expect(found.motd).toBe('Hello §aworld');
  });

  it('reads Forge from its libraries (the args file), preferring the newest build', async () => {
    const dir = await folder({
      'libraries/net/minecraftforge/forge/1.20.1-47.2.0/unix_args.txt': '-x',
      'libraries/net/minecraftforge/forge/1.20.1-47.3.0/unix_args.txt': '-x',
      'run.sh':
        'java @user_jvm_args.txt @libraries/net/minecraftforge/forge/1.20.1-47.3.0/unix_args.txt',
    });
    const found = await detectMinecraftServer(dir);
    expect(found.minecraft).toMatchObject({
      flavour: 'forge',
      version: '1.20.1',
      loader_version: '1.20.1-47.3.0',
    });
  });

  it('reads Fabric from its launcher jar name and install.properties', async () => {
    const dir = await folder({
      'fabric-server-mc.1.20.4-loader.0.15.11-launcher.1.0.1.jar': await jar({
        'META-INF/MANIFEST.MF': manifest('net.fabricmc.installer.ServerLauncher'),
        'install.properties': 'fabric-loader-version=0.15.11\ngame-version=1.20.4\n',
      }),
      '.fabric/remappedJars/x': '',
    });
    const found = await detectMinecraftServer(dir);
    expect(found.minecraft).toMatchObject({
      flavour: 'fabric',
      version: '1.20.4',
      loader_version: '0.15.11',
      server_jar: 'fabric-server-mc.1.20.4-loader.0.15.11-launcher.1.0.1.jar',
    });
  });

  it('reads Paper from version_history.json when the jar says little', async () => {
    const dir = await folder({
      'server.jar': await jar({ 'META-INF/MANIFEST.MF': manifest('io.papermc.paperclip.Main') }),
      'version_history.json': JSON.stringify({ currentVersion: 'git-Paper-196 (MC: 1.20.1)' }),
    });
    const found = await detectMinecraftServer(dir);
    expect(found.minecraft).toMatchObject({
      flavour: 'paper',
      version: '1.20.1',
      loader_version: '196',
      server_jar: 'server.jar',
    });
  });

  it('never follows a link out, never waits on a FIFO, and says what it could not read', async () => {
    const outside = await folder({
      'real.jar': await jar({ 'version.json': JSON.stringify({ id: '1.20.4' }) }),
    });
    const dir = await folder({ 'broken.jar': 'not a zip' });
    await fs.symlink(path.join(outside, 'real.jar'), path.join(dir, 'server.jar'));
    execFileSync('mkfifo', [path.join(dir, 'server.properties')]);
    const found = await detectMinecraftServer(dir);
    expect(found.jars).toEqual(['broken.jar']);
    expect(found.minecraft.flavour).toBeNull();
    expect(found.port).toBeNull();
    expect(found.notes.join('\n')).toMatch(/broken\.jar is not a jar/);
    expect(found.notes.join('\n')).toMatch(/server\.properties could not be read/);
  });
});
