import { t } from '@lingui/core/macro';
import { HEARTH_VERSION, PATCH_VERSION_TOAST_MS, checkVersionCompat } from '@hearth/protocol';

// dashboard.md §9 version compatibility, mapped onto what the user sees. The toast's sentence is
// the protocol's `versionMismatchText` (English only) said in the active language.

export type VersionOutcome =
  | { kind: 'none' }
  | { kind: 'toast'; message: string; durationMs: number }
  | { kind: 'update-required' };

export function versionOutcome(
  coreVersion: string,
  dashboardVersion: string = HEARTH_VERSION,
): VersionOutcome {
  const compat = checkVersionCompat(coreVersion, dashboardVersion);
  switch (compat) {
    case 'compatible':
      return { kind: 'none' };
    case 'patch-differs':
      return {
        kind: 'toast',
        message: t`Version mismatch! Is your core out of date? Core: ${coreVersion}, Dashboard: ${dashboardVersion}.`,
        durationMs: PATCH_VERSION_TOAST_MS,
      };
    case 'update-required':
      return { kind: 'update-required' };
  }
}

/** A core whose version mentions "beta" gets the thanks modal. */
export function isBetaVersion(version: string): boolean {
  return version.toLowerCase().includes('beta');
}
