// dashboard.md §9 version compatibility.
export type VersionCompat = 'compatible' | 'patch-differs' | 'update-required';

interface Semver {
  major: number;
  minor: number;
  patch: number;
}

export function parseSemver(version: string): Semver | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  if (!m) return null;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

/** Update Required when major or minor differ, or the core is 0.4.x below 0.4.4; patch-only → toast. */
export function checkVersionCompat(coreVersion: string, dashboardVersion: string): VersionCompat {
  const core = parseSemver(coreVersion);
  const dash = parseSemver(dashboardVersion);
  if (!core || !dash) return 'update-required';
  if (core.major === 0 && core.minor === 4 && core.patch < 4) return 'update-required';
  if (core.major !== dash.major || core.minor !== dash.minor) return 'update-required';
  if (core.patch !== dash.patch) return 'patch-differs';
  return 'compatible';
}

export function versionMismatchText(coreVersion: string, dashboardVersion: string): string {
  return `Version mismatch! Is your core out of date? Core: ${coreVersion}, Dashboard: ${dashboardVersion}.`;
}
