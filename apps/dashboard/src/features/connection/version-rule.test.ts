import { describe, expect, it } from 'vitest';
import { isBetaVersion, versionOutcome } from './version-rule.ts';

describe('version rule (dashboard.md §9)', () => {
  it('says nothing when the versions match', () => {
    expect(versionOutcome('0.5.1', '0.5.1')).toEqual({ kind: 'none' });
  });

  it('toasts for 10 s on a patch-only difference', () => {
    expect(versionOutcome('0.5.0', '0.5.1')).toEqual({
      kind: 'toast',
      message: 'Version mismatch! Is your core out of date? Core: 0.5.0, Dashboard: 0.5.1.',
      durationMs: 10_000,
    });
  });

  it('requires an update when major or minor differ, for 0.4.x below 0.4.4, and for nonsense', () => {
    for (const core of ['0.4.4', '0.6.1', '1.5.1', 'garbage']) {
      expect(versionOutcome(core, '0.5.1'), core).toEqual({ kind: 'update-required' });
    }
    expect(versionOutcome('0.4.3', '0.4.5')).toEqual({ kind: 'update-required' });
    expect(versionOutcome('0.4.4', '0.4.5').kind).toBe('toast');
  });

  it('spots beta cores', () => {
    expect(isBetaVersion('0.5.1-beta.2')).toBe(true);
    expect(isBetaVersion('0.5.1-BETA')).toBe(true);
    expect(isBetaVersion('0.5.1')).toBe(false);
  });
});
