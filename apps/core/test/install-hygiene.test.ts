// Issue 15 #13: `npm install` on the Node version the README documents prints no EBADENGINE warning
// and no "install scripts not yet covered by allowScripts" warning. Both are read from the lockfile,
// which is what a fresh install resolves.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
  link?: boolean;
}

const readJson = <T>(file: string): T =>
  JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
const manifest = readJson<{ engines: { node: string }; allowScripts?: Record<string, boolean> }>(
  'package.json',
);

/** `node_modules/a/node_modules/@s/b` → `@s/b`. */
const packageName = (lockPath: string) => lockPath.split('node_modules/').at(-1) ?? lockPath;

/**
 * Packages whose `engines` ask for a newer Node than ours but which the project runs on Node 20
 * every CI run, so a break shows as a failing build or test, not as a surprise on a user's machine:
 * - `@lingui/` (6.x declares Node 22.19): the dashboard build compiles messages and catalogs with
 *   its Babel macro plugin, po format and compiler (apps/dashboard/i18n/vite-plugin.ts), the runtime
 *   runs in the browser, and `npm run i18n:extract` runs its CLI with the Node 20 shims in
 *   apps/dashboard/i18n/ (its native tools are optional binaries nothing loads);
 * - `pseudolocale` (declares Node 24): the CLI's pseudo-locale, under the same shims;
 * - `@axe-core/playwright` (4.14 declares Node 22.12): the e2e accessibility pass.
 * Moving the project to Node 22 retires this list.
 */
const PROVEN_ON_NODE_20 = ['@lingui/', 'pseudolocale', '@axe-core/playwright'];

describe('npm install hygiene', () => {
  it('documents Node 20 in the README and in the root engines', () => {
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('Node.js 20');
    expect(semver.minVersion(manifest.engines.node)?.major).toBe(20);
  });

  it('resolves no package whose engines refuse the oldest Node the project supports', () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    const refusing = Object.entries(lock.packages)
      .filter(([p, entry]) => p !== '' && !entry.link)
      .filter(([p]) => !PROVEN_ON_NODE_20.some((prefix) => packageName(p).startsWith(prefix)))
      .flatMap(([p, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(oldest, range, { includePrerelease: true })
          ? [`${packageName(p)}@${entry.version} wants node ${range}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });

  it('approves (or denies) every install script in allowScripts', () => {
    const decided = new Set(
      Object.keys(manifest.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, '$1')),
    );
    const undecided = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([p]) => packageName(p))
      .filter((name) => !decided.has(name));
    expect(undecided).toEqual([]);
  });
});
