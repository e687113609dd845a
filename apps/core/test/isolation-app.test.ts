// Issue 10: the real core with `--isolation required` runs a game server in the sandbox — as an
// unprivileged user that cannot see the core's data, with the instance's resource limits — and
// shows what it enforces in the instance settings. (The sandbox itself is attacked in sandbox-*.)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurableManifestSchema } from '@hearth/protocol';
import { startTestCore } from './helpers.ts';
import {
  bwrapPresent,
  consoleUntil,
  createNodeGameInstance,
  startAndWaitRunning,
  stopAndWaitStopped,
  useIsolationSuite,
  type IsolationSuite,
  type NodeGame,
} from './instance-helpers.ts';
import { SANDBOX_UID_BASE } from '../src/runtime/sandbox/index.ts';

let suite: IsolationSuite;
useIsolationSuite('isolation-app', (opened) => (suite = opened));

/** A game that reports who it is and what it can reach, then idles. */
function probeGame(dataDir: string): Omit<NodeGame, 'port'> {
  const script = `
const fs = require('node:fs');
const tryRead = (p) => { try { fs.readFileSync(p); return 'read'; } catch (e) { return e.code; } };
console.log('uid=' + process.getuid());
console.log('db=' + tryRead(${JSON.stringify(path.join(dataDir, 'hearth.db'))}));
console.log('shadow=' + tryRead('/etc/shadow'));
setInterval(() => {}, 1000);
`;
  return { name: 'probe', displayName: 'Probe', script };
}

describe.runIf(bwrapPresent)('a core started with --isolation required', () => {
  it('has no isolation warning for the owner', async () => {
    const { t, owner } = suite;
    const res = await t.request('GET', '/system/warnings', { token: owner });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  it('runs a game as an unprivileged user that cannot read the core data, within its limits', async () => {
    const { t, owner, log } = suite;
    const { uuid } = await createNodeGameInstance(suite, probeGame(t.dataDir), 'Probe');

    const settings = ConfigurableManifestSchema.parse(
      (await t.request('GET', `/instance/${uuid}/settings`, { token: owner })).json,
    );
    const section = settings.setting_sections.resource_limits_section;
    // No limit of its own: the core's default (issue 22) is what the sandbox gets.
    expect(section?.settings.process_limit?.value).toEqual({ type: 'UnsignedInteger', value: 512 });
    expect(section?.settings.memory_limit_mib?.value).toEqual({
      type: 'UnsignedInteger',
      value: 2048,
    });
    const set = await t.request(
      'PUT',
      `/instance/${uuid}/settings/resource_limits_section/process_limit`,
      { token: owner, body: { type: 'UnsignedInteger', value: 64 } },
    );
    expect(set.status, set.text).toBe(200);
    const tooSmall = await t.request(
      'PUT',
      `/instance/${uuid}/settings/resource_limits_section/memory_limit_mib`,
      { token: owner, body: { type: 'UnsignedInteger', value: 4 } },
    );
    expect(tooSmall.status).toBe(400);

    await startAndWaitRunning(t, owner, log, uuid);
    const text = await consoleUntil(t, owner, uuid, 'shadow=');
    // A uid of its own from the instances' range (isolation-instance-uid.test.ts), not nobody.
    const uid = Number(/uid=(\d+)/.exec(text)?.[1]);
    if (process.getuid?.() === 0) expect(uid).toBeGreaterThan(SANDBOX_UID_BASE);
    else expect(uid).toBe(process.getuid?.());
    expect(text).toContain('db=ENOENT');
    expect(text).not.toContain('shadow=read');
    await stopAndWaitStopped(t, owner, log, uuid, 'kill');
  });
});

describe('a core started with --isolation required where no sandbox works', () => {
  it('refuses to start, says why, and leaves its data directory usable', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-required-'));
    const tmpdir = process.env.TMPDIR;
    // The trial sandbox's folder cannot be made, so no sandbox can be shown to work.
    process.env.TMPDIR = path.join(dataDir, 'no-such-folder');
    try {
      await expect(startTestCore({ isolation: 'required' }, dataDir)).rejects.toThrow(
        /^--isolation required, but game servers cannot be sandboxed: /,
      );
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
    // The data-dir lock and the database were released: the next core starts on the same folder.
    const next = await startTestCore({}, dataDir);
    expect((await next.request('GET', '/info')).status).toBe(200);
    await next.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
