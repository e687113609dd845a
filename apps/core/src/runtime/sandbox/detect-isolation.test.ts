import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { IsolationError, detectIsolation } from './detect-isolation.ts';
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
      expect(report.user).toEqual({ kind: 'dropped', uid: 65534, gid: 65534 });
      expect(report.setprivPath).not.toBeNull();
    } else {
      expect(report.user?.kind).toBe('core-user');
    }
  });

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
