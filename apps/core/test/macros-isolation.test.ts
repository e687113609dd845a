// Issue 11: macro tasks run inside the isolation sandbox (runtime/sandbox). Deno's own permissions
// check paths textually, so a symbolic link a game or a file-editing user planted in the instance
// folder used to lead a task anywhere; in the sandbox there is nothing behind it. A core with
// `--isolation none` is the control: there the same links still lead out.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InstanceInfo } from '@hearth/protocol';
import { OUT_OF_MEMORY_MESSAGE } from '../src/runtime/macros/macro-process.ts';
import { bwrapPresent, useOpened } from './instance-helpers.ts';
import {
  createEchoInstance,
  runMacro,
  startMacroCore,
  stoppedOf,
  writeMacro,
  type MacroEnv,
} from './macros-helpers.ts';
import { SANDBOX_UID_BASE } from '../src/runtime/sandbox/index.ts';

interface Setup {
  env: MacroEnv;
  inst: InstanceInfo;
  other: InstanceInfo;
  /** A folder outside every instance and the data directory. */
  outside: string;
  close(): Promise<void>;
}

const LINK_PROBE = `const result: Record<string, string> = {};
const attempt = async (name: string, fn: () => Promise<unknown>) => {
  try { const v = await fn(); result[name] = 'allowed ' + String(v).slice(0, 40); }
  catch (e) { result[name] = (e as Error).name; }
};
await attempt('database', () => Deno.readFile('links/db').then((b) => b.length));
await attempt('neighbour', () => Deno.readTextFile('links/neighbour'));
await attempt('outsideRead', () => Deno.readTextFile('links/outside/secret.txt'));
await attempt('outsideWrite', () => Deno.writeTextFile('links/outside/written.txt', 'x'));
await attempt('neighbourCache', () => Deno.readDir('links/neighbour-cache')[Symbol.asyncIterator]().next());
await attempt('shadow', () => Deno.readTextFile('links/shadow'));
await attempt('own', () => Deno.readTextFile('macros/links/index.ts').then((t) => t.length));
await Deno.writeTextFile('result.json', JSON.stringify(result));
`;

async function setUp(isolation: 'required' | 'none'): Promise<Setup> {
  const env = await startMacroCore({ isolation });
  // The sandbox's unprivileged user must be able to read the generic definitions.
  await fs.chmod(env.scratch, 0o755);
  const inst = await createEchoInstance(env, 'Linked');
  const other = await createEchoInstance(env, 'Neighbour');
  await fs.writeFile(path.join(other.path, 'secret.txt'), 'neighbour secret');
  const outside = path.join(env.scratch, 'outside');
  await fs.mkdir(outside);
  await fs.writeFile(path.join(outside, 'secret.txt'), 'outside secret');
  return { env, inst, other, outside, close: () => env.close() };
}

/** Links a game or a file-editing user could make inside the instance folder. */
async function plantLinks(s: Setup): Promise<void> {
  const links = path.join(s.inst.path, 'links');
  await fs.mkdir(links);
  const neighbourCache = path.join(s.env.t.dataDir, 'cache', 'deno', s.other.uuid);
  await fs.mkdir(neighbourCache, { recursive: true });
  await fs.symlink(path.join(s.env.t.dataDir, 'hearth.db'), path.join(links, 'db'));
  await fs.symlink(path.join(s.other.path, 'secret.txt'), path.join(links, 'neighbour'));
  await fs.symlink(s.outside, path.join(links, 'outside'));
  await fs.symlink(neighbourCache, path.join(links, 'neighbour-cache'));
  await fs.symlink('/etc/shadow', path.join(links, 'shadow'));
}

/** A setup with `isolation` and its links planted before the block's tests, closed after them. */
function useLinkedSetup(isolation: 'required' | 'none', use: (s: Setup) => unknown): void {
  useOpened(
    () => setUp(isolation),
    async (s) => {
      use(s);
      await plantLinks(s);
    },
  );
}

async function probeLinks(s: Setup): Promise<Record<string, string>> {
  await writeMacro(s.inst.path, 'links', LINK_PROBE);
  const pid = await runMacro(s.env, s.inst.uuid, 'links');
  expect(await stoppedOf(s.env, pid)).toMatchObject({ type: 'Success' });
  return JSON.parse(await fs.readFile(path.join(s.inst.path, 'result.json'), 'utf8')) as Record<
    string,
    string
  >;
}

describe.runIf(bwrapPresent)('macro tasks in the sandbox (--isolation required)', () => {
  let s: Setup;
  useLinkedSetup('required', (opened) => (s = opened));

  it('find nothing behind links out of the instance folder, and still use their own files', async () => {
    const result = await probeLinks(s);
    expect(result.own).toMatch(/^allowed \d+/);
    for (const name of ['database', 'neighbour', 'outsideRead', 'outsideWrite', 'neighbourCache'])
      expect(result[name], name).toBe('NotFound');
    // /etc/shadow is masked by an unreadable node (the sandbox's /etc masks).
    expect(result.shadow).not.toMatch(/^allowed/);
    await expect(fs.stat(path.join(s.outside, 'written.txt'))).rejects.toThrow();
  });

  it('cannot change macro code: macros/ is read-only in the sandbox (issue 22)', async () => {
    const victim = 'console.log("written by the owner");';
    await writeMacro(s.inst.path, 'victim', victim);
    await writeMacro(
      s.inst.path,
      'rewriter',
      `const result: Record<string, string> = {};
const attempt = async (name: string, fn: () => Promise<unknown>) => {
  try { await fn(); result[name] = 'allowed'; } catch (e) { result[name] = (e as Error).message; }
};
await attempt('overwrite', () => Deno.writeTextFile('macros/victim/index.ts', 'pwned'));
await attempt('itself', () => Deno.writeTextFile('macros/rewriter/index.ts', 'pwned'));
await attempt('create', () => Deno.mkdir('macros/planted'));
await attempt('remove', () => Deno.remove('macros/victim', { recursive: true }));
await attempt('own', () => Deno.writeTextFile('rewritten.txt', 'mine'));
await Deno.writeTextFile('rewrite.json', JSON.stringify(result));`,
    );
    const pid = await runMacro(s.env, s.inst.uuid, 'rewriter');
    expect(await stoppedOf(s.env, pid)).toMatchObject({ type: 'Success' });
    const result = JSON.parse(
      await fs.readFile(path.join(s.inst.path, 'rewrite.json'), 'utf8'),
    ) as Record<string, string>;
    for (const change of ['overwrite', 'itself', 'create', 'remove'])
      expect(result[change], change).toMatch(/Read-only file system/);
    expect(result.own).toBe('allowed');
    expect(await fs.readFile(path.join(s.inst.path, 'macros', 'victim', 'index.ts'), 'utf8')).toBe(
      victim,
    );
    await expect(fs.stat(path.join(s.inst.path, 'macros', 'planted'))).rejects.toThrow();
  });

  it('keep a Deno cache of their own, inside the hidden data directory, for as long as they run', async () => {
    await writeMacro(
      s.inst.path,
      'hello',
      `await Deno.writeTextFile('hello-running', '1');
for (;;) {
  try { await Deno.stat('hello-go'); break; } catch { await new Promise((r) => setTimeout(r, 20)); }
}`,
    );
    // The instance's uid, given to its folder when its install ran in its sandbox.
    const instanceUid = (await fs.stat(s.inst.path)).uid;
    const pid = await runMacro(s.env, s.inst.uuid, 'hello');
    const running = path.join(s.inst.path, 'hello-running');
    while (
      !(await fs.stat(running).then(
        () => true,
        () => false,
      ))
    )
      await new Promise((r) => setTimeout(r, 20));
    if (process.getuid?.() === 0) {
      // The task ran as its instance's own uid, not a uid of its own nor its neighbour's.
      const [made, own, neighbour] = await Promise.all([
        fs.stat(running),
        fs.stat(s.inst.path),
        fs.stat(s.other.path),
      ]);
      expect([made.uid, own.uid]).toEqual([instanceUid, instanceUid]);
      expect(made.uid).not.toBe(neighbour.uid);
      expect(made.uid).toBeGreaterThan(SANDBOX_UID_BASE);
    }
    const cache = path.join(s.env.t.dataDir, 'cache', 'deno', s.inst.uuid, String(pid));
    // Deno wrote its cache there from inside the sandbox (the folder is the task's to write).
    expect((await fs.readdir(cache)).length).toBeGreaterThan(0);
    await fs.writeFile(path.join(s.inst.path, 'hello-go'), '1');
    expect(await stoppedOf(s.env, pid)).toMatchObject({ type: 'Success' });
    // Gone with the task: nothing it left there is loaded by a later task (another author's).
    await expect
      .poll(() =>
        fs.stat(cache).then(
          () => 'there',
          () => 'gone',
        ),
      )
      .toBe('gone');
  });

  it('are killed by the memory ceiling as a sandbox limit (memory Deno does not count as heap)', async () => {
    const warnings = await s.env.t.request('GET', '/system/warnings', { token: s.env.owner });
    // A host without a memory cgroup says so among the owner's warnings, and there the task runs on.
    const unlimited = /\bmemory\b|resource limits/i.test((warnings.json as string[]).join(' '));
    // 640 MiB of ArrayBuffers, touched page by page: outside V8's 256 MiB heap, past 256 + 128.
    await writeMacro(
      s.inst.path,
      'hog',
      `const kept: Uint8Array[] = [];
for (let i = 0; i < 40; i++) { const b = new Uint8Array(16 * 1024 * 1024); b.fill(1); kept.push(b); }
console.log('survived', kept.length);`,
    );
    const pid = await runMacro(s.env, s.inst.uuid, 'hog');
    const exit = await stoppedOf(s.env, pid, 60_000);
    expect(exit).toMatchObject(
      unlimited ? { type: 'Success' } : { type: 'Error', error_msg: OUT_OF_MEMORY_MESSAGE },
    );
  });
});

describe('macro tasks without the sandbox (--isolation none), the control', () => {
  let s: Setup;
  useLinkedSetup('none', (opened) => (s = opened));

  it('still follow a link Deno cannot tell from a file of their own', async () => {
    const result = await probeLinks(s);
    expect(result.own).toMatch(/^allowed \d+/);
    expect(result.neighbour).toBe('allowed neighbour secret');
    expect(result.outsideRead).toBe('allowed outside secret');
  });
});
