// Temp files of the file layer (`.hearth-tmp-*`, issue 10 reproduction 5): a core killed mid-write
// leaves them behind; they are never shown or served, and the next boot removes them — without
// following a link anywhere. (crash-recovery.test.ts makes them the real way, with kill -9.)
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ClientFileSchema, apiPaths } from '@hearth/protocol';
import { z } from 'zod';
import { readZip } from '../src/services/files/test-helpers.ts';
import { startTestCore, type TestCore } from './helpers.ts';
import {
  causesOf,
  jobAfter,
  listTree,
  upload,
  uploadForm,
  useFilesCore,
  type FilesCore,
} from './files-helpers.ts';

const TEMP = '.hearth-tmp-0123456789abcdef';
const TEMP_DIR = '.hearth-tmp-fedcba9876543210';

let fc: FilesCore;
let uuid: string;
let root: string;
const at = (...parts: string[]) => path.join(root, ...parts);
const as = (method: string, route: string, body?: unknown) =>
  fc.t.request(method, route, { token: fc.owner, ...(body === undefined ? {} : { body }) });

/** What a core killed mid-operation leaves: a partial file per kind of write, at several depths. */
async function plantLeftovers(): Promise<void> {
  await fs.writeFile(at(TEMP), 'partial write');
  await fs.mkdir(at('plain', 'deep'), { recursive: true });
  await fs.writeFile(at('plain', 'x.txt'), 'x');
  await fs.writeFile(at('plain', TEMP), 'partial upload');
  await fs.writeFile(at('plain', 'deep', '.hearth-tmp-aaaaaaaaaaaaaaaa'), 'partial');
  await fs.mkdir(at('plain', TEMP_DIR, 'world'), { recursive: true });
  await fs.writeFile(at('plain', TEMP_DIR, 'world', 'level.dat'), 'half extracted');
}

useFilesCore(async (opened) => {
  fc = opened;
  ({ uuid, root } = fc);
  await plantLeftovers();
});

describe('temp files are invisible to clients', () => {
  it('ls never lists them, at any depth', async () => {
    for (const dir of ['.', 'plain', 'plain/deep']) {
      const res = await as('GET', apiPaths.fsLs(uuid, dir));
      expect(res.status, res.text).toBe(200);
      const names = z
        .array(ClientFileSchema)
        .parse(res.json)
        .map((f) => f.name);
      expect(
        names.filter((n) => n.startsWith('.hearth-tmp-')),
        dir,
      ).toEqual([]);
    }
  });

  it('read, download keys, write, new and rm refuse a temp name with a clear 400', async () => {
    for (const [method, route] of [
      ['GET', apiPaths.fsRead(uuid, TEMP)],
      ['GET', apiPaths.fsUrl(uuid, `plain/${TEMP}`)],
      ['GET', apiPaths.fsLs(uuid, `plain/${TEMP_DIR}`)],
      ['PUT', apiPaths.fsNew(uuid, '.hearth-tmp-mine')],
      ['DELETE', apiPaths.fsRm(uuid, TEMP)],
    ] as const) {
      const res = await as(method, route);
      expect(res.status, `${method} ${route}: ${res.text}`).toBe(400);
      expect(causesOf(res)).toBe('Invalid path: Names starting with .hearth-tmp- are reserved');
    }
    expect(await fs.readFile(at(TEMP), 'utf8')).toBe('partial write');
  });

  it('an upload cannot be named like a temp file', async () => {
    const res = await upload(
      fc,
      fc.owner,
      'plain',
      uploadForm([{ name: '.hearth-tmp-evil', data: 'x' }]),
    );
    expect(res.status).toBe(400);
    expect(await fs.stat(at('plain', '.hearth-tmp-evil')).catch(() => null)).toBeNull();
  });

  it('zip, copy and a folder download leave them out', async () => {
    const from = fc.log.events.length;
    const zip = await as('PUT', apiPaths.fsZip(uuid), {
      target_relative_paths: ['plain'],
      destination_relative_path: 'plain.zip',
    });
    expect(zip.status, zip.text).toBe(200);
    expect((await jobAfter(fc.log, from, 'Zipping plain')).end.success).toBe(true);
    expect(Object.keys(await readZip(await fs.readFile(at('plain.zip')))).sort()).toEqual([
      'plain/',
      'plain/deep/',
      'plain/x.txt',
    ]);

    await fs.mkdir(at('copies'));
    const cpr = await as('PUT', apiPaths.fsCpr(uuid), {
      relative_paths_source: ['plain'],
      relative_path_dest: 'copies',
    });
    expect(cpr.status, cpr.text).toBe(200);
    expect((await jobAfter(fc.log, from, 'Copying plain')).end.success).toBe(true);
    expect(await listTree(at('copies'))).toEqual(['plain', 'plain/deep', 'plain/x.txt']);

    const key = await as('GET', apiPaths.fsUrl(uuid, 'plain'));
    const download = await fetch(`${fc.t.api}${apiPaths.download(key.text)}`);
    expect(download.status).toBe(200);
    const entries = Object.keys(await readZip(Buffer.from(await download.arrayBuffer())));
    expect(entries.filter((e) => e.includes('.hearth-tmp-'))).toEqual([]);
    expect(entries).toContain('plain/x.txt');
  });
});

describe('the next boot', () => {
  let again: TestCore | null = null;
  afterAll(async () => {
    await again?.close();
  });

  it('removes every leftover temp file and folder, and nothing else, following no link', async () => {
    await plantLeftovers();
    // A game could plant a temp-named link to a folder outside, and a plain link to one: the sweep
    // removes the first link itself and never walks into either.
    await fs.writeFile(path.join(fc.outside, TEMP), 'outside, must stay');
    await fs.symlink(fc.outside, at('plain', '.hearth-tmp-link0000000000'));
    await fs.symlink(fc.outside, at('outside-link'));
    await fs.writeFile(path.join(fc.t.dataDir, '.hearth-tmp-1111111111111111'), 'core leftover');
    const keep = (await listTree(root)).filter((n) => !n.split('/').some(isTemp));

    await fc.t.close();
    again = await startTestCore({}, fc.t.dataDir);

    expect((await listTree(root)).filter((n) => n.split('/').some(isTemp))).toEqual([]);
    expect(await listTree(root)).toEqual(keep);
    expect(await fs.readFile(path.join(fc.outside, TEMP), 'utf8')).toBe('outside, must stay');
    expect(await fs.readFile(path.join(fc.outside, 'secret.txt'), 'utf8')).toBe('outside secret');
    expect((await fs.readdir(fc.t.dataDir)).filter(isTemp)).toEqual([]);
    expect(await fs.readFile(at('plain', 'x.txt'), 'utf8')).toBe('x');
  });
});

function isTemp(name: string): boolean {
  return name.startsWith('.hearth-tmp-');
}
