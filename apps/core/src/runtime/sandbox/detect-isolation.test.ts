import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { IsolationError, detectIsolation } from './detect-isolation.ts';

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
});
