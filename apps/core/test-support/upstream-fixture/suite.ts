import { afterAll, beforeAll } from 'vitest';
import { startUpstreamFixture } from './index.ts';
import type { UpstreamFixture, UpstreamFixtureOptions } from './index.ts';

/**
 * The fixture for the tests of one `describe` block (or file): started before the first, closed
 * after the last. Kept apart from index.ts, which Playwright and the benchmarks load without Vitest.
 * The returned function gives the running fixture inside a test or a later hook.
 */
export function upstreamFixtureForSuite(
  opts: UpstreamFixtureOptions = { serverJar: Buffer.from('jar') },
): () => UpstreamFixture {
  let fixture: UpstreamFixture | undefined;
  beforeAll(async () => {
    fixture = await startUpstreamFixture(opts);
  });
  afterAll(async () => {
    await fixture?.close();
  });
  return () => {
    if (!fixture) throw new Error('The upstream fixture runs only while its suite does');
    return fixture;
  };
}
