import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheFileOf, runCachedBundle, type CacheOutcome } from './code-cache.ts';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hearth-code-cache-'));
  file = path.join(dir, 'bundle.cjs');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A CommonJS bundle that uses what Node gives a module, and says which build it is. */
function writeBundle(build: string): void {
  writeFileSync(
    file,
    [
      `const { basename } = require('node:path');`,
      `function greet(name) { return 'hello ' + name + ' from ${build}'; }`,
      `module.exports = { build: '${build}', greet, file: basename(__filename), dir: __dirname, self: this === exports };`,
    ].join('\n'),
  );
}

/** What writeBundle's bundle exports. */
interface BundleExports {
  build: string;
  greet: (name: string) => string;
  file: string;
  dir: string;
  self: boolean;
}

/** Runs the bundle, waits for the cache to be written (or not), and returns what was reported. */
async function run(
  bundleHash: string,
): Promise<{ exports: BundleExports; outcomes: CacheOutcome[] }> {
  const outcomes: CacheOutcome[] = [];
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const exports = runCachedBundle({
    file,
    bundleHash,
    writeAfterMs: 0,
    report: (outcome) => {
      outcomes.push(outcome);
      if (outcome === 'used' || outcome === 'written' || outcome.startsWith('not written'))
        settle();
    },
  });
  await settled;
  return { exports: exports as BundleExports, outcomes };
}

describe('runCachedBundle', () => {
  it('runs the bundle as a CommonJS module', async () => {
    writeBundle('one');
    const { exports } = await run('aaaa');
    expect(exports.greet('Steve')).toBe('hello Steve from one');
    expect(exports.file).toBe('bundle.cjs');
    expect(exports.dir).toBe(dir);
    expect(exports.self).toBe(true);
  });

  it('writes the cache on the first start and hands it to V8 on the next', async () => {
    writeBundle('one');
    expect((await run('aaaa')).outcomes).toEqual(['missing', 'written']);
    expect(existsSync(cacheFileOf(file, 'aaaa'))).toBe(true);

    const again = await run('aaaa');
    expect(again.outcomes).toEqual(['used']);
    expect(again.exports.greet('Alex')).toBe('hello Alex from one');
  });

  it('runs a rebuilt bundle of the same length with its own code, and drops the old cache', async () => {
    writeBundle('one');
    await run('aaaa');
    writeBundle('two');
    const rebuilt = await run('bbbb');
    expect(rebuilt.outcomes).toEqual(['missing', 'written']);
    expect(rebuilt.exports.greet('Alex')).toBe('hello Alex from two');
    expect(readdirSync(dir).filter((name) => name.endsWith('.v8cache'))).toEqual([
      path.basename(cacheFileOf(file, 'bbbb')),
    ]);
  });

  it('runs from source when the cache is garbage, and replaces it', async () => {
    writeBundle('one');
    writeFileSync(cacheFileOf(file, 'aaaa'), Buffer.alloc(4096, 7));
    const { exports, outcomes } = await run('aaaa');
    expect(outcomes).toEqual(['rejected', 'written']);
    expect(exports.build).toBe('one');
    expect((await run('aaaa')).outcomes).toEqual(['used']);
  });

  it('still runs when the cache cannot be written', async () => {
    writeBundle('one');
    const { exports, outcomes } = await run('no-such-folder/aaaa');
    expect(exports.build).toBe('one');
    expect(outcomes[0]).toBe('missing');
    expect(outcomes[1]).toMatch(/^not written: /);
  });
});
