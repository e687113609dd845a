// Issue 28: SFTP sign-in with a password (ssh2's own client), the web login's rate limit shared
// with SFTP, sessions that end the moment their user's rights change, nothing but SFTP on the SSH
// port, uploads that never show half-written, and the owner's on/off and port setting.
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiKeyCreatedSchema,
  apiPaths,
  emptyPermissions,
  TwoFactorSetupSchema,
  type UserPermission,
} from '@hearth/protocol';
import { codeAt, stepOf } from './access-helpers.ts';
import { eventually } from './files-helpers.ts';
import { freePort } from './instance-helpers.ts';
import {
  addKey,
  connectSsh2,
  makeKey,
  p,
  sftpInfo,
  signInError,
  startSftpCore,
  type SftpCore,
} from './sftp-helpers.ts';

let sc: SftpCore;
const at = (...parts: string[]) => path.join(sc.root, ...parts);
const files = () => ({ can_read_instance_file: [sc.uuid], can_write_instance_file: [sc.uuid] });

async function fileUser(name: string): Promise<{ uid: string; token: string }> {
  const user = await sc.t.createUser(sc.owner, name, `${name}-password`);
  await sc.t.grant(sc.owner, user.uid, files());
  return user;
}

beforeAll(async () => {
  sc = await startSftpCore();
  await fs.writeFile(at('notes.txt'), 'notes');
}, 120_000);

afterAll(async () => {
  await sc?.close();
});

describe('password sign-in', () => {
  it('the account password signs in; a wrong one is refused', async () => {
    await fileUser('pat');
    const session = await connectSsh2(sc, sc.login('pat'), { password: 'pat-password' });
    expect(await p.readdir(session.sftp, '/')).toContain('notes.txt');
    session.client.end();
    expect(await signInError(sc, sc.login('pat'), { password: 'wrong' })).toMatch(
      /authentication methods failed/,
    );
  });

  it('a password over SFTP counts against the web login, and the web login against SFTP', async () => {
    await fileUser('guessed');
    for (let i = 0; i < 5; i++)
      expect(await signInError(sc, sc.login('guessed'), { password: `guess-${i}` })).not.toBeNull();
    // The sixth try is throttled before its password is checked: even the right one is refused…
    expect(
      await signInError(sc, sc.login('guessed'), { password: 'guessed-password' }),
    ).not.toBeNull();
    // …and the web login from the same address waits too (one budget for both doors).
    const web = await sc.t.login('guessed', 'guessed-password');
    expect(web.status).toBe(429);
    expect(web.headers.get('retry-after')).not.toBeNull();
  });
});

describe('two-factor sign-in', () => {
  it('a user with two-factor sign-in on cannot sign in to SFTP with the password alone; a key still works', async () => {
    const user = await fileUser('guarded');
    const setup = await sc.t.request('POST', `/user/${user.uid}/two_factor/setup`, {
      token: user.token,
    });
    expect(setup.status, setup.text).toBe(200);
    const { secret } = TwoFactorSetupSchema.parse(setup.json);
    const confirm = await sc.t.request('POST', `/user/${user.uid}/two_factor/confirm`, {
      token: user.token,
      body: { code: codeAt(secret, stepOf(Date.now())) },
    });
    expect(confirm.status, confirm.text).toBe(200);
    expect(await signInError(sc, sc.login('guarded'), { password: 'guarded-password' })).toMatch(
      /authentication methods failed/,
    );
    const key = await makeKey(sc.keyDir, 'guarded');
    await addKey(sc, user.token, 'laptop', key.pub);
    const session = await connectSsh2(sc, sc.login('guarded'), { keyFile: key.file });
    expect(await p.readdir(session.sftp, '/')).toContain('notes.txt');
    session.client.end();
  });
});

describe('an API key as the password', () => {
  async function keyFor(token: string, uid: string, permissions: UserPermission) {
    const res = await sc.t.request('POST', apiPaths.apiKeyCreate(uid), {
      token,
      body: {
        name: 'sync script',
        expires_at: null,
        scope: { is_owner: false, is_admin: false, permissions },
      },
    });
    expect(res.status, res.text).toBe(200);
    return ApiKeyCreatedSchema.parse(res.json).secret;
  }

  it('signs in when its scope reads the files, and not when it does not or names another user', async () => {
    const user = await fileUser('scripted');
    const reads = await keyFor(user.token, user.uid, {
      ...emptyPermissions(),
      can_read_instance_file: [sc.uuid],
    });
    const session = await connectSsh2(sc, sc.login('scripted'), { password: reads });
    expect(await p.readdir(session.sftp, '/')).toContain('notes.txt');
    // Revoking the key ends the session it opened at once, and it signs in no more.
    const keys = (await sc.t.request('GET', apiPaths.apiKeyList(user.uid), { token: user.token }))
      .json as { id: string }[];
    const revoke = await sc.t.request('DELETE', apiPaths.apiKeyRevoke(user.uid, keys[0]!.id), {
      token: user.token,
    });
    expect(revoke.status, revoke.text).toBe(200);
    await session.closed;
    expect(await signInError(sc, sc.login('scripted'), { password: reads })).toMatch(
      /authentication methods failed/,
    );
    const again = await keyFor(user.token, user.uid, {
      ...emptyPermissions(),
      can_read_instance_file: [sc.uuid],
    });
    await fileUser('someone-else');
    expect(await signInError(sc, sc.login('someone-else'), { password: again })).toMatch(
      /authentication methods failed/,
    );
    const none = await keyFor(user.token, user.uid, emptyPermissions());
    expect(await signInError(sc, sc.login('scripted'), { password: none })).toMatch(
      /authentication methods failed/,
    );
  });
});

describe('sessions end when their rights change', () => {
  it("a permission change ends the user's open sessions at once", async () => {
    const user = await fileUser('revoked');
    const session = await connectSsh2(sc, sc.login('revoked'), { password: 'revoked-password' });
    expect(await p.readdir(session.sftp, '/')).toContain('notes.txt');
    await sc.t.grant(sc.owner, user.uid, emptyPermissions());
    await session.closed;
    expect(await signInError(sc, sc.login('revoked'), { password: 'revoked-password' })).toMatch(
      /authentication methods failed/,
    );
  });

  it('deleting the user ends them', async () => {
    const user = await fileUser('deleted');
    const session = await connectSsh2(sc, sc.login('deleted'), { password: 'deleted-password' });
    const res = await sc.t.request('DELETE', apiPaths.userDelete(user.uid), { token: sc.owner });
    expect(res.status, res.text).toBe(200);
    await session.closed;
  });

  it('a password change (signing out everywhere) ends them', async () => {
    const user = await fileUser('changed');
    const session = await connectSsh2(sc, sc.login('changed'), { password: 'changed-password' });
    const res = await sc.t.request('PUT', apiPaths.userPassword(user.uid), {
      token: sc.owner,
      body: { uid: user.uid, old_password: null, new_password: 'another-password' },
    });
    expect(res.status, res.text).toBe(200);
    await session.closed;
  });

  it('removing the key a session signed in with ends that session, not the others', async () => {
    const user = await fileUser('keyed');
    const first = await makeKey(sc.keyDir, 'keyed-first');
    const second = await makeKey(sc.keyDir, 'keyed-second');
    const added = await addKey(sc, user.token, 'first', first.pub);
    await addKey(sc, user.token, 'second', second.pub);
    const one = await connectSsh2(sc, sc.login('keyed'), { keyFile: first.file });
    const two = await connectSsh2(sc, sc.login('keyed'), { keyFile: second.file });
    const res = await sc.t.request('DELETE', apiPaths.sshKeyDelete(added.id), {
      token: user.token,
    });
    expect(res.status, res.text).toBe(200);
    await one.closed;
    expect(await p.readdir(two.sftp, '/')).toContain('notes.txt');
    two.client.end();
  });
});

describe('what the SSH port offers', () => {
  it('SFTP only: no command, no shell, no port forwarding', async () => {
    await fileUser('shell');
    const session = await connectSsh2(sc, sc.login('shell'), { password: 'shell-password' });
    const exec = await new Promise<Error | null>((resolve) =>
      session.client.exec('id', (err) => resolve(err ?? null)),
    );
    expect(exec).not.toBeNull();
    const shell = await new Promise<Error | null>((resolve) =>
      session.client.shell((err) => resolve(err ?? null)),
    );
    expect(shell).not.toBeNull();
    const forward = await new Promise<Error | null>((resolve) =>
      session.client.forwardOut('127.0.0.1', 0, '127.0.0.1', sc.port, (err) =>
        resolve(err ?? null),
      ),
    );
    expect(forward).not.toBeNull();
    session.client.end();
  });
});

describe('uploads', () => {
  it('an upload cut off before CLOSE leaves the old file and no temp file', async () => {
    await fileUser('cut');
    await fs.writeFile(at('world.dat'), 'old world');
    const session = await connectSsh2(sc, sc.login('cut'), { password: 'cut-password' });
    const handle = await p.open(session.sftp, '/world.dat', 'w');
    await p.write(session.sftp, handle, Buffer.alloc(256 * 1024, 1), 0);
    session.client.end();
    await session.closed;
    // The server drops the staged file when it sees the connection go.
    await eventually(
      async () => (await fs.readdir(sc.root)).every((n) => !n.startsWith('.hearth-tmp')),
      'the staged upload to be dropped',
    );
    expect(await fs.readFile(at('world.dat'), 'utf8')).toBe('old world');
  });

  it('a resumed upload (open without truncating) keeps the bytes before its offset', async () => {
    await fileUser('resume');
    await fs.writeFile(at('part.bin'), 'abcdef');
    const session = await connectSsh2(sc, sc.login('resume'), { password: 'resume-password' });
    const handle = await p.open(session.sftp, '/part.bin', 'r+');
    await p.write(session.sftp, handle, Buffer.from('XY'), 6);
    expect(await fs.readFile(at('part.bin'), 'utf8')).toBe('abcdef');
    await p.close(session.sftp, handle);
    expect(await fs.readFile(at('part.bin'), 'utf8')).toBe('abcdefXY');
    session.client.end();
  });
});

describe("the owner's setting", () => {
  it('a port that is taken is refused, and what was set stays', async () => {
    const blocker = createServer();
    const taken = await freePort();
    await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve));
    try {
      const res = await sc.t.request('PUT', apiPaths.sftpSettings(), {
        token: sc.owner,
        body: { enabled: true, port: taken },
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        kind: 'BadRequest',
        causes: [`SFTP cannot listen on port ${taken}: the port is in use`],
      });
    } finally {
      blocker.close();
    }
    expect(await sftpInfo(sc, sc.owner)).toMatchObject({
      enabled: true,
      port: sc.port,
      listening: true,
    });
    const bad = await sc.t.request('PUT', apiPaths.sftpSettings(), {
      token: sc.owner,
      body: { enabled: true, port: 70000 },
    });
    expect(bad.status).toBe(400);
  });

  it('turning SFTP off closes the port and ends every session', async () => {
    await fileUser('last');
    const session = await connectSsh2(sc, sc.login('last'), { password: 'last-password' });
    const res = await sc.t.request('PUT', apiPaths.sftpSettings(), {
      token: sc.owner,
      body: { enabled: false, port: sc.port },
    });
    expect(res.status, res.text).toBe(200);
    await session.closed;
    expect(await sftpInfo(sc, sc.owner)).toMatchObject({ enabled: false, listening: false });
    expect(await signInError(sc, sc.login('last'), { password: 'last-password' })).toMatch(
      /ECONNREFUSED/,
    );
  });
});
