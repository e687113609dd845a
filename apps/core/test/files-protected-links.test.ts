// The protected-path rule judges where a path really leads (issue 10, reproduction 4): a link named
// `notes.txt` that points at `server.jar`, or `mods-link` that points at `mods`, is as protected as
// its target for a writer without can_write_global_file. Links are planted directly on disk, as the
// game process (which can create them) would.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@hearth/protocol';
import { makeZip, snapshotTree } from '../src/services/files/test-helpers.ts';
import {
  causesOf,
  jobAfter,
  upload,
  uploadForm,
  useFilesCore,
  type FilesCore,
} from './files-helpers.ts';

let fc: FilesCore;
let uuid: string;
let root: string;
let writer: { uid: string; token: string };

const at = (...parts: string[]) => path.join(root, ...parts);
const as = (token: string, method: string, route: string, body?: unknown) =>
  fc.t.request(method, route, { token, ...(body === undefined ? {} : { body }) });
const write = (token: string, p: string, data = 'replaced') =>
  fc.t.request('PUT', apiPaths.fsWrite(uuid, p), { token, rawBody: data });

const PROTECTED =
  /^You don't have permission to modify protected files \(\.jar, .*\): .+ is protected$/;

useFilesCore(async (opened) => {
  fc = opened;
  ({ uuid, root } = fc);
  writer = await fc.t.createUser(fc.owner, 'writer');
  await fc.t.grant(fc.owner, writer.uid, {
    can_read_instance_file: [uuid],
    can_write_instance_file: [uuid],
  });
  await fs.writeFile(at('server.jar'), 'jar');
  await fs.writeFile(at('run'), 'script');
  await fs.writeFile(at('evil.txt'), 'evil');
  await fs.mkdir(at('mods'));
  await fs.mkdir(at('plain'));
  await fs.writeFile(at('plain', 'x.txt'), 'x');
  await fs.writeFile(at('safe.zip'), await makeZip([{ name: 'readme.txt', data: 'r' }]));
  await fs.writeFile(at('mods', 'pack.zip'), await makeZip([{ name: 'readme.txt', data: 'r' }]));
  await fs.symlink('server.jar', at('notes.txt'));
  await fs.symlink('run', at('readme.txt'));
  await fs.symlink('mods', at('mods-link'));
  await fs.symlink('plain/x.txt', at('x-link.txt'));
});

describe('a link is judged by its target for a writer without can_write_global_file', () => {
  it.each([
    ['write through notes.txt → server.jar', () => write(writer.token, 'notes.txt')],
    ['write through readme.txt → run (no extension)', () => write(writer.token, 'readme.txt')],
    [
      'delete notes.txt → server.jar',
      () => as(writer.token, 'DELETE', apiPaths.fsRm(uuid, 'notes.txt')),
    ],
    [
      'move notes.txt → server.jar',
      () => as(writer.token, 'PUT', apiPaths.fsMove(uuid, 'notes.txt', 'plain/notes.txt')),
    ],
    [
      'copy notes.txt → server.jar',
      () =>
        as(writer.token, 'PUT', apiPaths.fsCpr(uuid), {
          relative_paths_source: ['notes.txt'],
          relative_path_dest: 'plain',
        }),
    ],
    [
      'copy into mods-link → mods',
      () =>
        as(writer.token, 'PUT', apiPaths.fsCpr(uuid), {
          relative_paths_source: ['evil.txt'],
          relative_path_dest: 'mods-link',
        }),
    ],
    [
      'unzip into mods-link → mods',
      () => as(writer.token, 'PUT', apiPaths.fsUnzip(uuid, 'safe.zip'), { ToDir: 'mods-link' }),
    ],
    [
      'unzip next to an archive reached through mods-link',
      () => as(writer.token, 'PUT', apiPaths.fsUnzip(uuid, 'mods-link/pack.zip'), 'Normal'),
    ],
  ])('%s is a 403 and nothing changes', async (_label, attempt) => {
    const before = await snapshotTree(root);
    const res = await attempt();
    expect(res.status, res.text).toBe(403);
    expect(causesOf(res)).toMatch(PROTECTED);
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('an upload named like a link to server.jar never writes through it', async () => {
    const res = await upload(fc, writer.token, '.', uploadForm([{ name: 'notes.txt', data: 'u' }]));
    expect(res.status, res.text).toBe(200);
    expect(await fs.readFile(at('server.jar'), 'utf8')).toBe('jar');
    expect(await fs.readlink(at('notes.txt'))).toBe('server.jar');
    expect(await fs.readFile(at('notes_1.txt'), 'utf8')).toBe('u');
  });

  it('a link to an ordinary file stays writable, and the owner may write through any link', async () => {
    expect((await write(writer.token, 'x-link.txt', 'via link')).status).toBe(200);
    expect(await fs.readFile(at('plain', 'x.txt'), 'utf8')).toBe('via link');
    const from = fc.log.events.length;
    const unzip = await as(writer.token, 'PUT', apiPaths.fsUnzip(uuid, 'safe.zip'), {
      ToDir: 'plain',
    });
    expect(unzip.status, unzip.text).toBe(200);
    expect((await jobAfter(fc.log, from, 'Unzipping safe.zip')).end.success).toBe(true);
    expect((await write(fc.owner, 'notes.txt', 'owner jar')).status).toBe(200);
    expect(await fs.readFile(at('server.jar'), 'utf8')).toBe('owner jar');
  });
});
