// Shared by the sftp-*.test.ts suites: a real core with one instance and SFTP turned on through the
// owner's API, key pairs made by OpenSSH's ssh-keygen, OpenSSH's `sftp` client in batch mode, and
// ssh2's own client for what `sftp -b` cannot do (passwords, a session held open, raw requests).
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { expect } from 'vitest';
import { apiPaths, type SftpInfo } from '@hearth/protocol';
import { startFilesCore, type FilesCore } from './files-helpers.ts';

const run = promisify(execFile);
const { Client } = ssh2;

export interface SftpCore extends FilesCore {
  port: number;
  /** The SFTP username of `username` for the test instance. */
  login(username: string): string;
  keyDir: string;
}

/** A port nothing listens on now (the SFTP setting takes a fixed port, not 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A core with one instance and SFTP on (bound to 127.0.0.1). */
export async function startSftpCore(): Promise<SftpCore> {
  const fc = await startFilesCore();
  const port = await freePort();
  const res = await fc.t.request('PUT', apiPaths.sftpSettings(), {
    token: fc.owner,
    body: { enabled: true, port },
  });
  expect(res.status, res.text).toBe(200);
  const info = await sftpInfo(fc, fc.owner);
  const owner = info.accounts.find((a) => a.instance_uuid === fc.uuid)!.username;
  const shortId = owner.slice(owner.lastIndexOf('.') + 1);
  const keyDir = path.join(fc.scratch, 'keys');
  await fs.mkdir(keyDir, { mode: 0o700 });
  return { ...fc, port, keyDir, login: (username) => `${username}.${shortId}` };
}

export async function sftpInfo(fc: FilesCore, token: string): Promise<SftpInfo> {
  const res = await fc.t.request('GET', apiPaths.sftpInfo(), { token });
  expect(res.status, res.text).toBe(200);
  return res.json as SftpInfo;
}

/** Whether a program is on the PATH (OpenSSH's `sftp` and `ssh-keygen` are Debian's openssh-client). */
export function onPath(program: string): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && existsSync(path.join(dir, program)));
}

/**
 * A new ed25519 key pair; returns the private key's path and the .pub text. OpenSSH's ssh-keygen
 * makes it when installed (the keys users really paste), else ssh2's generator (the same formats),
 * so the suites that need no OpenSSH client run without one.
 */
export async function makeKey(dir: string, name: string): Promise<{ file: string; pub: string }> {
  const file = path.join(dir, name);
  if (onPath('ssh-keygen')) {
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', `${name}@test`, '-f', file]);
    return { file, pub: (await fs.readFile(`${file}.pub`, 'utf8')).trim() };
  }
  const pair = ssh2.utils.generateKeyPairSync('ed25519', { comment: `${name}@test` });
  await fs.writeFile(file, pair.private, { mode: 0o600 });
  return { file, pub: pair.public.trim() };
}

/** Adds a public key to the token's own Profile. */
export async function addKey(sc: SftpCore, token: string, name: string, pub: string) {
  const res = await sc.t.request('POST', apiPaths.sshKeyAdd(), {
    token,
    body: { name, public_key: pub },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { id: string; fingerprint: string };
}

export interface SftpRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * OpenSSH's `sftp -b` (batch: stops at the first failing command) as `login` with the key `key`,
 * no password, no known-hosts file, with `cwd` as the local folder.
 */
export async function sftpBatch(
  sc: SftpCore,
  login: string,
  key: string,
  commands: string[],
  cwd: string,
): Promise<SftpRun> {
  const batch = path.join(cwd, `.batch-${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(batch, `${commands.join('\n')}\n`);
  try {
    return await new Promise<SftpRun>((resolve, reject) => {
      const child = spawn(
        'sftp',
        [
          '-b',
          batch,
          '-i',
          key,
          '-P',
          String(sc.port),
          '-o',
          'StrictHostKeyChecking=no',
          '-o',
          'UserKnownHostsFile=/dev/null',
          '-o',
          'IdentitiesOnly=yes',
          '-o',
          'IdentityAgent=none',
          '-o',
          'PasswordAuthentication=no',
          '-o',
          'KbdInteractiveAuthentication=no',
          '-o',
          'LogLevel=ERROR',
          `${login}@127.0.0.1`,
        ],
        { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  } finally {
    await fs.rm(batch, { force: true });
  }
}

export interface Ssh2Session {
  client: InstanceType<typeof Client>;
  sftp: SFTPWrapper;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
}

/** ssh2's client signed in with a password or a key file; rejects when the server refuses. */
export async function connectSsh2(
  sc: SftpCore,
  login: string,
  auth: { password: string } | { keyFile: string },
): Promise<Ssh2Session> {
  const client = new Client();
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  const privateKey = 'keyFile' in auth ? await fs.readFile(auth.keyFile) : undefined;
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => resolve());
    client.once('error', reject);
    client.connect({
      host: '127.0.0.1',
      port: sc.port,
      username: login,
      readyTimeout: 20_000,
      ...('password' in auth ? { password: auth.password } : { privateKey }),
      tryKeyboard: false,
      hostVerifier: () => true,
    });
  });
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) =>
    client.sftp((err, s) => (err ? reject(err) : resolve(s))),
  );
  return { client, sftp, closed };
}

/** The refusal an ssh2 sign-in got (its message), or null when it signed in. */
export async function signInError(
  sc: SftpCore,
  login: string,
  auth: { password: string } | { keyFile: string },
): Promise<string | null> {
  try {
    const session = await connectSsh2(sc, login, auth);
    session.client.end();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** ssh2's SFTP calls as promises. */
export const p = {
  readdir: (s: SFTPWrapper, dir: string) =>
    new Promise<string[]>((resolve, reject) =>
      s.readdir(dir, (err, list) => (err ? reject(err) : resolve(list.map((e) => e.filename)))),
    ),
  open: (s: SFTPWrapper, file: string, flags: 'r' | 'w' | 'a' | 'r+' | 'wx') =>
    new Promise<Buffer>((resolve, reject) =>
      s.open(file, flags, (err, handle) => (err ? reject(err) : resolve(handle))),
    ),
  write: (s: SFTPWrapper, handle: Buffer, data: Buffer, position: number) =>
    new Promise<void>((resolve, reject) =>
      s.write(handle, data, 0, data.length, position, (err) => (err ? reject(err) : resolve())),
    ),
  close: (s: SFTPWrapper, handle: Buffer) =>
    new Promise<void>((resolve, reject) =>
      s.close(handle, (err) => (err ? reject(err) : resolve())),
    ),
  stat: (s: SFTPWrapper, file: string) =>
    new Promise<{ size: number; mode: number }>((resolve, reject) =>
      s.stat(file, (err, st) => (err ? reject(err) : resolve(st))),
    ),
};
