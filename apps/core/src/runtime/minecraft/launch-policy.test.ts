import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJavaCommand, jvmFlagProblem } from './launch-policy.ts';

describe('jvmFlagProblem', () => {
  it.each([
    '-Xmx2G',
    '-Xms512M',
    '-Xss1m',
    '-XX:+UseG1GC',
    '-XX:-UseAdaptiveSizePolicy',
    '-XX:MaxGCPauseMillis=200',
    '-Dfile.encoding=UTF-8',
    '-Dlog4j2.formatMsgNoLookups=true',
    '-Dfake.crashOnStart=true',
    '-ea',
    '-verbose:gc',
    '--enable-preview',
    '--add-opens=java.base/java.lang=ALL-UNNAMED',
    '-Xlog:gc*:file=gc.log',
  ])('allows %s', (flag) => {
    expect(jvmFlagProblem(flag)).toBeNull();
  });

  it.each([
    ['Evil.java', /not a JVM flag/],
    ['evil.jar', /not a JVM flag/],
    ['-jar', /not allowed/],
    ['-cp', /not allowed/],
    ['-classpath', /not allowed/],
    ['--class-path', /not allowed/],
    ['-javaagent:agent.jar', /not allowed/],
    ['-agentpath:/tmp/x.so', /not allowed/],
    ['-agentlib:jdwp=transport=dt_socket', /not allowed/],
    ['@args.txt', /not a JVM flag/],
    ['-XX:OnError=sh -c id', /runs commands/],
    ['-XX:OnOutOfMemoryError=rm', /runs commands/],
    ['-XX:Flags=.hotspotrc', /runs commands/],
    ['-XX:VMOptionsFile=opts', /runs commands/],
    ['--module-path=mods', /not allowed/],
  ])('refuses %s', (flag, reason) => {
    expect(jvmFlagProblem(flag)).toMatch(reason);
  });
});

describe('checkJavaCommand', () => {
  let root: string;
  let dataDir: string;
  let outsideJava: string;
  let insideJava: string;
  let notJava: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'hearth-java-policy-'));
    dataDir = path.join(root, 'data');
    const jdk = path.join(root, 'jdk', 'bin');
    const inst = path.join(dataDir, 'instances', 'a', 'bin');
    await mkdir(jdk, { recursive: true });
    await mkdir(inst, { recursive: true });
    outsideJava = path.join(jdk, 'java');
    insideJava = path.join(inst, 'java');
    notJava = path.join(jdk, 'sh');
    for (const file of [outsideJava, insideJava, notJava]) {
      await writeFile(file, '#!/bin/sh\n');
      await chmod(file, 0o755);
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('accepts java on the PATH, the configured Java and an absolute java outside instances', () => {
    expect(() => checkJavaCommand('java', { dataDir })).not.toThrow();
    expect(() =>
      checkJavaCommand('/opt/custom', { dataDir, pathJava: '/opt/custom' }),
    ).not.toThrow();
    expect(() => checkJavaCommand(outsideJava, { dataDir })).not.toThrow();
  });

  it('refuses relative commands, other programs, instance folders and missing files', () => {
    expect(() => checkJavaCommand('sh', { dataDir })).toThrow(/absolute path/);
    expect(() => checkJavaCommand(notJava, { dataDir })).toThrow(/not a Java executable/);
    expect(() => checkJavaCommand(insideJava, { dataDir })).toThrow(/inside an instance folder/);
    expect(() => checkJavaCommand('/nonexistent/bin/java', { dataDir })).toThrow(
      /not an executable file/,
    );
  });
});
