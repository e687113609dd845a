import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IsolationError, detectIsolation } from './detect-isolation.ts';
import { SANDBOX_UID_BASE } from './sandbox-uids.ts';
import { writeSeccompFile } from './seccomp-file.ts';
import { seccompArchOf, seccompFilterBytes } from './seccomp-filter.ts';

const hasBwrap = await promisify(execFile)('bwrap', ['--version']).then(
  () => true,
  () => false,
);

describe('detectIsolation without bubblewrap', () => {
  it('required: refuses to start, saying why and what to do', async () => {
    const attempt = detectIsolation('required', { bwrapPath: null, cgroups: false });
    await expect(attempt).rejects.toThrow(IsolationError);
    await expect(attempt).rejects.toThrow(
      '--isolation required, but game servers cannot be sandboxed: bubblewrap (bwrap) is not installed (Debian package: bubblewrap). Install bubblewrap or start with --isolation auto.',
    );
  });

  it('auto: runs unsandboxed with a warning for the owner', async () => {
    const report = await detectIsolation('auto', { bwrapPath: null, cgroups: false });
    expect(report.sandboxed).toBe(false);
    expect(report.user).toBeNull();
    expect(report.bwrap).toMatchObject({ works: false });
    expect(report.warnings[0]).toMatch(
      /^Game servers run without a sandbox because bubblewrap \(bwrap\) is not installed/,
    );
    expect(report.warnings).toContain('Resource limits are switched off for this core.');
  });

  it('none: says isolation is off, even where bubblewrap would work', async () => {
    const report = await detectIsolation('none', { cgroups: false });
    expect(report.sandboxed).toBe(false);
    expect(report.warnings[0]).toMatch(/^Isolation is off \(--isolation none\)/);
  });

  it('a bwrap that does not work is tried, and its error is the reason', async () => {
    const report = await detectIsolation('auto', { bwrapPath: '/bin/false', cgroups: false });
    expect(report.sandboxed).toBe(false);
    expect(report.bwrap.problem).toMatch(/^bubblewrap does not work here: /);
  });
});

describe.skipIf(!hasBwrap)('detectIsolation with bubblewrap', () => {
  it('runs a trial program in the sandbox and reports who it runs as', async () => {
    const report = await detectIsolation('required', { cgroups: false });
    expect(report.sandboxed).toBe(true);
    expect(report.bwrap.works).toBe(true);
    expect(report.bwrap.version).toMatch(/^\d+\.\d+/);
    if (process.getuid?.() === 0) {
      // The trial runs as the base of the instances' range, not as nobody (a host account).
      expect(report.user).toEqual({
        kind: 'dropped',
        uid: SANDBOX_UID_BASE,
        gid: SANDBOX_UID_BASE,
      });
      expect(report.setprivPath).not.toBeNull();
      expect(report.warnings.filter((w) => w.includes(String(SANDBOX_UID_BASE)))).toEqual([]);
    } else {
      expect(report.user?.kind).toBe('core-user');
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    'warns when a host account or subordinate range reaches into the uids instances run as',
    async () => {
      const etc = await mkdtemp(path.join(os.tmpdir(), 'hearth-etc-'));
      try {
        await writeFile(
          path.join(etc, 'passwd'),
          `root:x:0:0::/root:/bin/sh\nclash:x:${SANDBOX_UID_BASE + 5}:100::/:/bin/false\n`,
        );
        await writeFile(path.join(etc, 'subuid'), 'alice:100000:65536\n');
        const report = await detectIsolation('required', { cgroups: false, etcDir: etc });
        expect(report.user?.kind).toBe('dropped');
        expect(report.warnings).toContain(
          `Sandboxed servers run as uids ${SANDBOX_UID_BASE} and up, but on this host the user clash has id ${SANDBOX_UID_BASE + 5}: such an account could write instance folders. Move it out of that range.`,
        );
      } finally {
        await rm(etc, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(seccompArchOf() === null)(
    'runs the trial under the seccomp filter and reports it applied',
    async () => {
      const file = writeSeccompFile(seccompFilterBytes(seccompArchOf()!), os.tmpdir());
      try {
        const report = await detectIsolation('required', {
          cgroups: false,
          seccomp: { program: file.path },
        });
        expect(report.sandboxed).toBe(true);
        expect(report.seccomp).toEqual({ applied: true, arch: seccompArchOf(), problem: null });
        expect(report.warnings.filter((w) => w.includes('seccomp'))).toEqual([]);
      } finally {
        file.close();
      }
    },
  );

  it('still sandboxes when the filter does not load, and says so', async () => {
    // Not a whole number of instructions: bubblewrap refuses it.
    const file = writeSeccompFile(Buffer.from('1234567'), os.tmpdir());
    try {
      const report = await detectIsolation('required', {
        cgroups: false,
        seccomp: { program: file.path },
      });
      expect(report.sandboxed).toBe(true);
      expect(report.seccomp.applied).toBe(false);
      expect(report.seccomp.problem).toMatch(/^the seccomp filter could not be applied \(/);
      expect(report.warnings).toContainEqual(
        expect.stringMatching(
          /^Sandboxed servers and macros run without the seccomp filter because/,
        ),
      );
    } finally {
      file.close();
    }
  });

  it('reports the default limits, and warns about those the host cannot enforce', async () => {
    const report = await detectIsolation('required', {
      cgroups: false,
      seccomp: { problem: 'it is switched off (--seccomp off)' },
      defaultLimits: { maxProcesses: 512 },
    });
    expect(report.defaultLimits).toEqual({ maxProcesses: 512 });
    expect(report.seccomp).toEqual({
      applied: false,
      arch: null,
      problem: 'it is switched off (--seccomp off)',
    });
    expect(report.warnings).toContain(
      'The default process limit (512 per server) is not enforced on this host.',
    );
  });
});
