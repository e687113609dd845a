// Extraction cannot fill the disk (issue 10, reproduction 8): each instance has an extraction
// budget, runs one extraction at a time, and a compressed stream is stopped as soon as it passes
// the budget. The byte bound is measured by the kernel: a core process whose RLIMIT_FSIZE is the
// budget plus one chunk would fail with EFBIG ("File too large") if it ever wrote past it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { InstanceInfoSchema, apiPaths } from '@hearth/protocol';
import { makeGzipOfZeros, makeZip } from '../src/services/files/test-helpers.ts';
import { killAllCores, spawnCore, waitForJobEnd } from './core-process.ts';
import { causesOf, jobAfter, listTree, startFilesCore, type FilesCore } from './files-helpers.ts';
import { isCreationEnd } from './instance-helpers.ts';

const MIB = 1024 * 1024;

let fc: FilesCore | null = null;
afterEach(async () => {
  await fc?.close();
  fc = null;
});

describe('the extraction budget (in-process core)', () => {
  it('stops a gzip of zeros past the budget, fails the job and leaves nothing behind', async () => {
    fc = await startFilesCore({ maxExtractBytes: MIB });
    await fs.writeFile(path.join(fc.root, 'zeros.gz'), makeGzipOfZeros(64 * MIB));
    const from = fc.log.events.length;
    const res = await fc.t.request('PUT', apiPaths.fsUnzip(fc.uuid, 'zeros.gz'), {
      token: fc.owner,
      body: 'Normal',
    });
    expect(res.status, res.text).toBe(200);
    const job = await jobAfter(fc.log, from, 'Unzipping zeros.gz');
    expect(job.end.success).toBe(false);
    expect(job.end.message).toBe(
      'Failed to unzip zeros.gz: Archive expands to more than 1 MB (the extraction budget)',
    );
    expect(await listTree(fc.root)).not.toContain('zeros');
    expect((await listTree(fc.root)).filter((n) => n.startsWith('.hearth-tmp-'))).toEqual([]);
  });

  it('runs one extraction per instance at a time: the others are a clear 400 while it runs', async () => {
    fc = await startFilesCore({ maxExtractBytes: 64 * MIB });
    const { t, owner, uuid, root, log } = fc;
    await fs.writeFile(path.join(root, 'big.gz'), makeGzipOfZeros(1024 * MIB));
    await fs.writeFile(path.join(root, 'small.zip'), await makeZip([{ name: 'a.txt', data: 'a' }]));
    // A second instance extracts meanwhile: the limit is per instance, not global.
    const created = await t.request('POST', '/instance/create_generic', {
      token: owner,
      body: {
        url: pathToFileURL(path.join(fc.scratch, 'definition.mjs')).href,
        setup_value: { name: 'Other', setting_sections: {} },
      },
    });
    expect(created.status, created.text).toBe(200);
    const other = created.json as string;
    await log.wait(isCreationEnd(other), 'the second instance');
    const info = await t.request('GET', `/instance/${other}/info`, { token: owner });
    const otherRoot = await fs.realpath(InstanceInfoSchema.parse(info.json).path);
    await fs.writeFile(
      path.join(otherRoot, 'other.zip'),
      await makeZip([{ name: 'b.txt', data: 'b' }]),
    );

    const from = log.events.length;
    const unzip = (instance: string, archive: string, dir: string) =>
      t.request('PUT', apiPaths.fsUnzip(instance, archive), { token: owner, body: { ToDir: dir } });
    const racing = await Promise.all(['a', 'b', 'c', 'd'].map((d) => unzip(uuid, 'big.gz', d)));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    for (const res of racing.filter((r) => r.status === 400))
      expect(causesOf(res)).toBe(
        'Failed to unzip: Another archive is being extracted in this instance; try again when it is done',
      );
    expect((await unzip(other, 'other.zip', 'x')).status).toBe(200);

    const big = await jobAfter(log, from, 'Unzipping big.gz');
    expect(big.end.success).toBe(false);
    expect(big.end.message).toMatch(/Archive expands to more than 64 MB/);
    // Once it has ended, the next extraction in that instance is accepted.
    expect((await unzip(uuid, 'small.zip', 'after')).status).toBe(200);
    expect((await jobAfter(log, from, 'Unzipping small.zip')).end.success).toBe(true);
    expect((await jobAfter(log, from, 'Unzipping other.zip')).end.success).toBe(true);
  });
});

describe('the extraction budget (core process with RLIMIT_FSIZE = budget + one chunk)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await killAllCores();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('never writes more than the budget plus one chunk, and removes the partial output', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-budget-'));
    dirs.push(dataDir);
    const budget = 16 * MIB;
    const core = await spawnCore(dataDir, {
      args: ['--extract-budget', String(budget / MIB)],
      maxFileBytes: budget + 64 * 1024,
    });
    const { owner, uuid, root } = await core.setupWithInstance();
    const archive = makeGzipOfZeros(256 * MIB);
    const put = await core.request('PUT', apiPaths.fsWrite(uuid, 'zeros.gz'), {
      token: owner,
      rawBody: archive,
    });
    expect(put.status, put.text).toBe(200);
    const res = await core.request('PUT', apiPaths.fsUnzip(uuid, 'zeros.gz'), {
      token: owner,
      body: 'Normal',
    });
    expect(res.status, res.text).toBe(200);
    const end = await waitForJobEnd(core, owner, 'Unzipping zeros.gz');
    // EFBIG would read "File too large": the budget stopped the stream first.
    expect(end).toEqual({
      success: false,
      message:
        'Failed to unzip zeros.gz: Archive expands to more than 16 MB (the extraction budget)',
    });
    const names = await listTree(root);
    expect(names).toContain('zeros.gz');
    expect(names).not.toContain('zeros');
    expect(names.filter((n) => n.startsWith('.hearth-tmp-'))).toEqual([]);
    expect((await core.request('GET', '/info')).status).toBe(200);
  });
});
