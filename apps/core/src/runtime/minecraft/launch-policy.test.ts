import { execFile, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJavaCommand, jvmFlagProblem } from './launch-policy.ts';

const run = promisify(execFile);

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
  let cacheJava: string;
  let downloadedJava: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'hearth-java-policy-'));
    dataDir = path.join(root, 'data');
    const jdk = path.join(root, 'jdk', 'bin');
    const inst = path.join(dataDir, 'instances', 'a', 'bin');
    const cache = path.join(dataDir, 'cache', 'deno', 'bin');
    const jre = path.join(dataDir, 'bin', 'java', 'jre17', 'bin');
    for (const dir of [jdk, inst, cache, jre]) await mkdir(dir, { recursive: true });
    outsideJava = path.join(jdk, 'java');
    insideJava = path.join(inst, 'java');
    notJava = path.join(jdk, 'sh');
    cacheJava = path.join(cache, 'java');
    downloadedJava = path.join(jre, 'java');
    for (const file of [outsideJava, insideJava, notJava, cacheJava, downloadedJava]) {
      await writeFile(file, '#!/bin/sh\n');
      await chmod(file, 0o755);
    }
    await mkdir(path.join(root, 'links'));
    await mkdir(path.join(root, 'fifo'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const check = (cmd: string, pathJava?: string) =>
    checkJavaCommand(cmd, pathJava === undefined ? { dataDir } : { dataDir, pathJava });

  it('accepts java on the PATH, the configured Java, a Java outside the data folder and a downloaded JRE', async () => {
    await expect(check('java')).resolves.toBeUndefined();
    await expect(check('/opt/custom', '/opt/custom')).resolves.toBeUndefined();
    await expect(check(outsideJava)).resolves.toBeUndefined();
    await expect(check(downloadedJava)).resolves.toBeUndefined();
  });

  it('refuses relative commands, other programs, instance folders and missing files', async () => {
    await expect(check('sh')).rejects.toThrow(/absolute path/);
    await expect(check(notJava)).rejects.toThrow(/not a Java executable/);
    await expect(check(insideJava)).rejects.toThrow(/inside an instance folder/);
    await expect(check('/nonexistent/bin/java')).rejects.toThrow(/not an executable file/);
  });

  it('refuses /proc, by its text and by where a link leads', async () => {
    // /proc/<pid>/cwd is a link into a process's folder: an instance's, for a game or a task.
    const sleeper = spawn('sleep', ['600'], { cwd: path.dirname(insideJava), stdio: 'ignore' });
    try {
      await expect(check(`/proc/${sleeper.pid}/cwd/java`)).rejects.toThrow(/under \/proc/);
      await expect(check('/proc/self/cwd/../../../usr/bin/java')).rejects.toThrow(/plain absolute/);
      await expect(check('/usr/bin//java')).rejects.toThrow(/plain absolute/);
      const link = path.join(root, 'links', 'via-proc');
      await mkdir(link);
      await symlink(`/proc/${sleeper.pid}/cwd/java`, path.join(link, 'java'));
      await expect(check(path.join(link, 'java'))).rejects.toThrow(/inside an instance folder/);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('refuses a link from outside into an instance folder or the data folder', async () => {
    const intoInstance = path.join(root, 'links', 'instance');
    await mkdir(intoInstance);
    await symlink(insideJava, path.join(intoInstance, 'java'));
    await expect(check(path.join(intoInstance, 'java'))).rejects.toThrow(
      /inside an instance folder/,
    );
    // A macro task's Deno cache is writable by the sandbox: no Java may come from there either.
    await expect(check(cacheJava)).rejects.toThrow(/data folder/);
    const intoCache = path.join(root, 'links', 'cache');
    await mkdir(intoCache);
    await symlink(cacheJava, path.join(intoCache, 'java'));
    await expect(check(path.join(intoCache, 'java'))).rejects.toThrow(/data folder/);
  });

  it('refuses what is not a regular executable file, without opening it', async () => {
    const fifo = path.join(root, 'fifo', 'java');
    await run('mkfifo', [fifo]);
    await expect(check(fifo)).rejects.toThrow(/not an executable file/);
    const plain = path.join(root, 'jdk', 'plain');
    await mkdir(plain);
    await writeFile(path.join(plain, 'java'), '#!/bin/sh\n');
    await expect(check(path.join(plain, 'java'))).rejects.toThrow(/not an executable file/);
    await expect(check(path.join(root, 'jdk'))).rejects.toThrow(/not a Java executable/);
  });
});
