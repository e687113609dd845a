// Issue 22, reproduction 3 (the sandbox's part): the game server could overwrite
// `macros/<name>/index.ts`, which then ran with the rights of whoever started the macro. Every
// game sandbox shows `macros/` read-only; a link or a file planted at `macros` refuses the start
// instead of redirecting the mount.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bwrapPresent,
  consoleUntil,
  createNodeGameInstance,
  startAndWaitRunning,
  stopAndWaitStopped,
  useIsolationSuite,
  type IsolationSuite,
} from './instance-helpers.ts';

const MACRO = 'export default 1; // the owner wrote this\n';

let suite: IsolationSuite;
useIsolationSuite('macros-ro', (opened) => (suite = opened));

/** A game that tries to change the macro code in every way it can, reports each result, then idles. */
const TAMPERING_GAME = {
  name: 'tamper',
  displayName: 'Tamper',
  script: `
const fs = require('node:fs');
const attempt = (name, fn) => {
  try { fn(); console.log(name + '=ok'); } catch (e) { console.log(name + '=' + e.code); }
};
attempt('overwrite', () => fs.writeFileSync('macros/x/index.ts', 'pwned'));
attempt('create', () => fs.writeFileSync('macros/x/evil.ts', 'pwned'));
attempt('mkdir', () => fs.mkdirSync('macros/y'));
attempt('unlink', () => fs.unlinkSync('macros/x/index.ts'));
attempt('chmod', () => fs.chmodSync('macros/x/index.ts', 0o777));
attempt('rename', () => fs.renameSync('macros', 'macros-old'));
attempt('remove', () => fs.rmSync('macros', { recursive: true }));
attempt('own', () => fs.writeFileSync('own.txt', 'mine'));
console.log('done');
setInterval(() => {}, 1000);
`,
};

const createTamper = () => createNodeGameInstance(suite, TAMPERING_GAME, 'Tamper');

describe.runIf(bwrapPresent)('macro code in a game sandbox', () => {
  it('is read-only to the game: every change fails with EROFS or EBUSY and the file is unchanged', async () => {
    const { t, owner, log } = suite;
    const { uuid, dir } = await createTamper();
    await fs.mkdir(path.join(dir, 'macros', 'x'), { recursive: true });
    await fs.writeFile(path.join(dir, 'macros', 'x', 'index.ts'), MACRO);

    await startAndWaitRunning(t, owner, log, uuid);
    const text = await consoleUntil(t, owner, uuid, 'done');
    for (const change of ['overwrite', 'create', 'mkdir', 'unlink', 'chmod'])
      expect(text, change).toContain(`${change}=EROFS`);
    // The mount point itself cannot be moved or removed inside the sandbox.
    expect(text).toContain('rename=EBUSY');
    expect(text).toMatch(/remove=(EROFS|EBUSY)/);
    expect(text).toContain('own=ok');

    await stopAndWaitStopped(t, owner, log, uuid, 'kill');
    expect(await fs.readFile(path.join(dir, 'macros', 'x', 'index.ts'), 'utf8')).toBe(MACRO);
    expect(await fs.readdir(path.join(dir, 'macros', 'x'))).toEqual(['index.ts']);
    expect(await fs.readFile(path.join(dir, 'own.txt'), 'utf8')).toBe('mine');
  });

  it('is created as a real folder when missing', async () => {
    const { t, owner, log } = suite;
    const { uuid, dir } = await createTamper();
    await fs.rm(path.join(dir, 'macros'), { recursive: true, force: true });
    await startAndWaitRunning(t, owner, log, uuid);
    expect((await fs.lstat(path.join(dir, 'macros'))).isDirectory()).toBe(true);
    await stopAndWaitStopped(t, owner, log, uuid, 'kill');
  });

  it('refuses the start when `macros` is a symbolic link or a file, and says why', async () => {
    const { t, owner, scratch } = suite;
    const { uuid, dir } = await createTamper();
    const elsewhere = await fs.mkdtemp(path.join(scratch, 'elsewhere-'));
    await fs.rm(path.join(dir, 'macros'), { recursive: true, force: true });
    await fs.symlink(elsewhere, path.join(dir, 'macros'));
    const linked = await t.request('PUT', `/instance/${uuid}/start`, { token: owner });
    expect(linked.status).toBe(400);
    expect(linked.text).toContain(
      'The instance\'s \\"macros\\" is a symbolic link: it is shown read-only to the server and its macros, so it must be a real folder',
    );
    expect(await fs.readdir(elsewhere)).toEqual([]);

    await fs.rm(path.join(dir, 'macros'));
    await fs.writeFile(path.join(dir, 'macros'), 'not a folder');
    const file = await t.request('PUT', `/instance/${uuid}/start`, { token: owner });
    expect(file.status).toBe(400);
    expect(file.text).toContain('is not a folder');
    expect(await fs.readFile(path.join(dir, 'macros'), 'utf8')).toBe('not a folder');
  });
});
