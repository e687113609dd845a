import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeJava } from '../../../test-support/upstream-fixture/index.ts';
import { upstreamFixtureForSuite } from '../../../test-support/upstream-fixture/suite.ts';
import { CoreError } from '../../errors.ts';
import type { MinecraftError } from './errors.ts';
import {
  adoptiumJreUrl,
  ensureJava,
  findJava,
  javaSatisfies,
  jreJavaPath,
  parseJavaVersion,
  requiredJavaMajor,
  resolveJava,
} from './java.ts';

const run = promisify(execFile);

describe('java version rules', () => {
  it('parses java -version output of every era', () => {
    expect(
      parseJavaVersion('openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment'),
    ).toBe(17);
    expect(parseJavaVersion('java version "1.8.0_392"\nJava(TM) SE Runtime Environment')).toBe(8);
    expect(
      parseJavaVersion('Picked up JAVA_TOOL_OPTIONS: -Xss1m\nopenjdk version "21" 2023-09-19'),
    ).toBe(21);
    expect(parseJavaVersion('openjdk 21.0.2 2024-01-16')).toBe(21);
    expect(parseJavaVersion('bash: java: command not found')).toBeNull();
  });

  it('needs an exact match before 17 and accepts newer Java from 17 on', () => {
    expect(javaSatisfies(17, 17)).toBe(true);
    expect(javaSatisfies(21, 17)).toBe(true);
    expect(javaSatisfies(17, 21)).toBe(false);
    expect(javaSatisfies(17, 8)).toBe(false);
    expect(javaSatisfies(8, 8)).toBe(true);
    expect(requiredJavaMajor(undefined)).toBe(8);
    expect(requiredJavaMajor(16)).toBe(17);
    expect(requiredJavaMajor(21)).toBe(21);
  });

  it('builds Adoptium URLs per platform', () => {
    const up = { adoptiumApi: 'https://api.adoptium.net' };
    expect(adoptiumJreUrl(up, 17, 'linux', 'x64')).toBe(
      'https://api.adoptium.net/v3/binary/latest/17/ga/linux/x64/jre/hotspot/normal/eclipse',
    );
    expect(adoptiumJreUrl(up, 21, 'darwin', 'arm64')).toBe(
      'https://api.adoptium.net/v3/binary/latest/21/ga/mac/aarch64/jre/hotspot/normal/eclipse',
    );
    expect(jreJavaPath('/data', 21, 'darwin')).toBe('/data/bin/java/jre21/Contents/Home/bin/java');
  });
});

describe('finding and downloading Java', { timeout: 60_000 }, () => {
  const fixture = upstreamFixtureForSuite();
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-java-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uses a Java on the PATH only when it satisfies the version', async () => {
    const java17 = await fakeJava(dir, '17.0.9');
    expect(await findJava(17, { pathJava: java17, sandbox: null })).toMatchObject({
      path: java17,
      major: 17,
    });
    expect(await findJava(21, { pathJava: java17, sandbox: null })).toBeNull();
    expect(
      await findJava(17, { pathJava: path.join(dir, 'missing-java'), sandbox: null }),
    ).toBeNull();
  });

  it('downloads, extracts and reuses the Adoptium JRE', async () => {
    const dataDir = path.join(dir, 'data');
    let total = 0;
    const first = await ensureJava(21, dataDir, fixture().upstreams, (delta) => (total += delta));
    expect(first).toEqual({ path: jreJavaPath(dataDir, 21), downloaded: true });
    expect(total).toBeCloseTo(1, 9);
    expect(
      fixture().requests.some((r) => r.startsWith('/adoptium/v3/binary/latest/21/ga/linux/')),
    ).toBe(true);
    // The downloaded java really runs.
    const { stderr } = await run(first.path, ['-version']);
    expect(parseJavaVersion(stderr)).not.toBeNull();
    expect(await readdir(path.join(dataDir, 'bin', 'java'))).toEqual(['jre21']);

    const before = fixture().requests.length;
    expect(await ensureJava(21, dataDir, fixture().upstreams)).toEqual({
      path: first.path,
      downloaded: false,
    });
    expect(fixture().requests.length).toBe(before);
  });

  it('fails clearly and leaves nothing behind when the JRE is missing upstream', async () => {
    const dataDir = path.join(dir, 'data-404');
    fixture().faults.notFound = ['/adoptium'];
    try {
      const err = await ensureJava(11, dataDir, fixture().upstreams).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CoreError);
      expect((err as CoreError).kind).toBe('External');
      expect(await readdir(path.join(dataDir, 'bin', 'java'))).toEqual([]);
    } finally {
      fixture().faults.notFound = [];
    }
  });

  it('resolveJava: configured command, then downloaded JRE, then PATH, then download', async () => {
    const dataDir = path.join(dir, 'data-resolve');
    const java17 = await fakeJava(dir, '17.0.9');
    const common = { dataDir, upstreams: fixture().upstreams, pathJava: java17, sandbox: null };
    expect(await resolveJava({ ...common, major: 17, javaCmd: java17 })).toEqual({
      path: java17,
      source: 'configured',
    });
    const bad = await resolveJava({ ...common, major: 17, javaCmd: path.join(dir, 'nope') }).catch(
      (e: unknown) => e,
    );
    expect((bad as MinecraftError).kind).toBe('BadRequest');
    expect(await resolveJava({ ...common, major: 17 })).toEqual({ path: java17, source: 'path' });
    expect(await resolveJava({ ...common, major: 21 })).toEqual({
      path: jreJavaPath(dataDir, 21),
      source: 'downloaded',
    });
    expect(await resolveJava({ ...common, major: 21 })).toEqual({
      path: jreJavaPath(dataDir, 21),
      source: 'downloaded-before',
    });
  });
});
