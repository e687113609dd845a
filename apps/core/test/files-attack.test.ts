// The HTTP attack suite: every hostile path form against every instance file route of a real core,
// symbolic links planted in the instance folder that lead out, zip/tar slip archives uploaded and
// then unzipped, and archive bombs against a small configured cap. After each attack the world
// outside the instance folder (a scratch folder, a sibling `<root>-evil`, the instances folder) and
// the instance folder itself must be exactly as before.
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@hearth/protocol';
import {
  makeCompressedZip,
  makeTar,
  makeZip,
  snapshotTree,
} from '../src/services/files/test-helpers.ts';
import {
  b64,
  causesOf,
  fsRoute,
  jobAfter,
  listTree,
  upload,
  uploadForm,
  useFilesCore,
  type FilesCore,
} from './files-helpers.ts';

const CAP_BYTES = 1024 * 1024;
const CAP_ENTRIES = 50;

let fc: FilesCore;
let uuid: string;
let root: string;
let owner: string;
let sibling: string;

const at = (...parts: string[]) => path.join(root, ...parts);
const req = (method: string, route: string, body?: unknown) =>
  fc.t.request(method, route, { token: owner, ...(body === undefined ? {} : { body }) });

/** Everything an attack could touch: the scratch folder, the sibling, the instances folder and the root. */
async function world(): Promise<Record<string, unknown>> {
  return {
    scratch: await snapshotTree(fc.scratch),
    sibling: await snapshotTree(sibling),
    instances: (await fs.readdir(path.dirname(root))).sort(),
    root: await snapshotTree(root),
  };
}

useFilesCore(
  async (opened) => {
    fc = opened;
    ({ uuid, root, owner } = fc);
    sibling = `${root}-evil`;
    await fs.mkdir(sibling);
    await fs.writeFile(path.join(sibling, 'x'), 'sibling secret');
    await fs.writeFile(at('hello.txt'), 'hello');
    await fs.mkdir(at('dir'));
    await fs.writeFile(at('dir', 'inner.txt'), 'inner');
    await fs.writeFile(at('ok.zip'), await makeZip([{ name: 'entry.txt', data: 'e' }]));
    await fs.symlink(fc.outside, at('escape'));
    await fs.symlink(path.join(fc.outside, 'secret.txt'), at('escape-file'));
    await fs.symlink(sibling, at('evil-sibling'));
    await fs.symlink('../../../../../../../../etc/passwd', at('relative-escape'));
  },
  { maxExtractBytes: CAP_BYTES, maxExtractEntries: CAP_ENTRIES },
);

afterAll(async () => {
  await fs.rm(sibling, { recursive: true, force: true }).catch(() => undefined);
});

type Attack = [string, (p: string) => Promise<{ status: number; text: string }>];

/** Every route, with the hostile path in each path-taking position. */
const routes: Attack[] = [
  ['ls', (p) => req('GET', apiPaths.fsLs(uuid, p))],
  ['read', (p) => req('GET', apiPaths.fsRead(uuid, p))],
  [
    'write',
    (p) => fc.t.request('PUT', apiPaths.fsWrite(uuid, p), { token: owner, rawBody: 'pwned' }),
  ],
  ['new', (p) => req('PUT', apiPaths.fsNew(uuid, p))],
  ['mkdir', (p) => req('PUT', apiPaths.fsMkdir(uuid, p))],
  ['rm', (p) => req('DELETE', apiPaths.fsRm(uuid, p))],
  ['rmdir', (p) => req('DELETE', apiPaths.fsRmdir(uuid, p))],
  ['move (source)', (p) => req('PUT', apiPaths.fsMove(uuid, p, 'moved.txt'))],
  ['move (destination)', (p) => req('PUT', apiPaths.fsMove(uuid, 'hello.txt', p))],
  [
    'cpr (source)',
    (p) =>
      req('PUT', apiPaths.fsCpr(uuid), { relative_paths_source: [p], relative_path_dest: 'dir' }),
  ],
  [
    'cpr (destination)',
    (p) =>
      req('PUT', apiPaths.fsCpr(uuid), {
        relative_paths_source: ['hello.txt'],
        relative_path_dest: p,
      }),
  ],
  [
    'zip (target)',
    (p) =>
      req('PUT', apiPaths.fsZip(uuid), {
        target_relative_paths: [p],
        destination_relative_path: 'out.zip',
      }),
  ],
  [
    'zip (destination)',
    (p) =>
      req('PUT', apiPaths.fsZip(uuid), {
        target_relative_paths: ['hello.txt'],
        destination_relative_path: p,
      }),
  ],
  ['unzip (archive)', (p) => req('PUT', apiPaths.fsUnzip(uuid, p), 'Normal')],
  ['unzip (ToDir)', (p) => req('PUT', apiPaths.fsUnzip(uuid, 'ok.zip'), { ToDir: p })],
  ['url', (p) => req('GET', apiPaths.fsUrl(uuid, p))],
  [
    'upload (directory)',
    (p) => upload(fc, owner, p, uploadForm([{ name: 'up.txt', data: 'pwned' }])),
  ],
];

/** Client path forms that must be refused outright with 400 "Invalid path". */
const traversals: [string, () => string][] = [
  ['..', () => '..'],
  ['../..', () => '../..'],
  ['a/../../x', () => 'a/../../x'],
  ['an inner .. that stays inside', () => 'dir/../hello.txt'],
  [
    '../outside via the scratch layout',
    () => `../../../${path.basename(fc.scratch)}/outside/secret.txt`,
  ],
  ['sibling prefix ../<root>-evil/x', () => `../${path.basename(sibling)}/x`],
  ['absolute /etc/passwd', () => '/etc/passwd'],
  ['absolute path of the outside secret', () => path.join(fc.outside, 'secret.txt')],
  ['absolute path of the root itself', () => root],
  ['NUL byte', () => 'hello.txt\0'],
  ['NUL byte hiding ..', () => 'x\0/../../etc/passwd'],
  ['backslashes ..\\..\\x', () => '..\\..\\x'],
  ['backslash inside a name', () => 'dir\\inner.txt'],
];

describe.each(traversals)('traversal: %s', (_label, hostile) => {
  it.each(routes)('%s refuses it with 400 and changes nothing', async (_name, attack) => {
    const before = await world();
    const res = await attack(hostile());
    expect(res.status, res.text).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({
      kind: 'BadRequest',
      causes: ['Invalid path', expect.any(String)],
    });
    expect(await world()).toEqual(before);
  });
});

describe('upload filenames', () => {
  // The multipart parser keeps only the last component of a filename; sanitizeFileName does the rest.
  it.each([
    ['../../escape.txt', 'dir/escape.txt'],
    ['/etc/passwd', 'dir/passwd'],
    ['..\\..\\win.txt', 'dir/win.txt'],
    ['nul\u0000byte.txt', 'dir/nulbyte.txt'],
    [`../${'x'.repeat(300)}.txt`, null],
  ])(
    'a part named %j is stored inside the target folder under a safe name',
    async (name, stored) => {
      const before = await world();
      const res = await upload(fc, owner, 'dir', uploadForm([{ name, data: 'payload' }]));
      expect(res.status, res.text).toBe(200);
      const after = await world();
      expect(after.scratch).toEqual(before.scratch);
      expect(after.sibling).toEqual(before.sibling);
      expect(after.instances).toEqual(before.instances);
      const added = Object.keys(after.root as object).filter(
        (k) => !(k in (before.root as object)),
      );
      expect(added).toHaveLength(1);
      if (stored !== null) expect(added).toEqual([stored]);
      expect(added[0]!.startsWith('dir/')).toBe(true);
      expect(Buffer.byteLength(path.basename(added[0]!))).toBeLessThanOrEqual(255);
      await fs.rm(at(added[0]!));
    },
  );

  it('"." and ".." as a filename are refused (400) and nothing is written', async () => {
    for (const name of ['..', '.']) {
      const before = await world();
      const res = await upload(fc, owner, 'dir', uploadForm([{ name, data: 'payload' }]));
      expect(res.status, name).toBe(400);
      expect(await world()).toEqual(before);
    }
  });
});

describe('percent escapes are literal characters', () => {
  it('a path "%2e%2e%2fescape.txt" is a file of that name inside the root', async () => {
    const name = '%2e%2e%2fescape.txt';
    const before = await world();
    const res = await fc.t.request('PUT', apiPaths.fsWrite(uuid, name), {
      token: owner,
      rawBody: 'literal',
    });
    expect(res.status, res.text).toBe(200);
    expect(await fs.readFile(at(name), 'utf8')).toBe('literal');
    const after = await world();
    expect(after.scratch).toEqual(before.scratch);
    expect(after.instances).toEqual(before.instances);
    await fs.rm(at(name));
  });

  it('a URL segment %2e%2e%2f (decoded by the router to ../) is not base64: 400', async () => {
    for (const op of ['ls', 'read', 'url', 'rm']) {
      const res = await req(op === 'rm' ? 'DELETE' : 'GET', fsRoute(uuid, '%2e%2e%2f', op));
      expect(res.status, op).toBe(400);
      expect(causesOf(res)).toBe('Failed to decode base64');
    }
  });
});

/** Paths that go through a link planted in the instance folder pointing outside it. */
const throughLinks: [string, string][] = [
  ['a directory link to the outside', 'escape'],
  ['a file inside a directory link', 'escape/secret.txt'],
  ['a file link to the outside', 'escape-file'],
  ['a link to the sibling <root>-evil', 'evil-sibling/x'],
  ['a relative link climbing to /etc/passwd', 'relative-escape'],
];

/** Routes that must refuse any path through such a link (rm/rmdir/move act on the link itself: below). */
const followingRoutes = routes.filter(
  ([name]) => !['rm', 'rmdir', 'move (source)', 'unzip (archive)'].includes(name),
);

describe.each(throughLinks)('symlink escape: %s', (_label, linkPath) => {
  it.each(followingRoutes)(
    '%s refuses it (403 or 400/404) and changes nothing outside',
    async (name, attack) => {
      const before = await world();
      const res = await attack(linkPath);
      expect([400, 403, 404], `${name}: ${res.text}`).toContain(res.status);
      expect(await world()).toEqual(before);
    },
  );
});

describe('symlinks: acting on the link, never through it', () => {
  it('reading or writing through a link is a 403 PermissionDenied', async () => {
    const read = await req('GET', apiPaths.fsRead(uuid, 'escape-file'));
    expect(read.status).toBe(403);
    expect(read.json).toMatchObject({ kind: 'PermissionDenied' });
    expect(read.text).not.toContain('outside secret');
    const ls = await req('GET', apiPaths.fsLs(uuid, 'escape'));
    expect(ls.status).toBe(403);
    const write = await fc.t.request('PUT', apiPaths.fsWrite(uuid, 'escape/secret.txt'), {
      token: owner,
      rawBody: 'pwned',
    });
    expect(write.status).toBe(403);
    expect(await fs.readFile(path.join(fc.outside, 'secret.txt'), 'utf8')).toBe('outside secret');
  });

  it('rm / move / rmdir of a path through the link are refused; rm of the link removes only the link', async () => {
    const before = await world();
    expect((await req('DELETE', apiPaths.fsRm(uuid, 'escape/secret.txt'))).status).toBe(403);
    expect(
      (await req('PUT', apiPaths.fsMove(uuid, 'escape/secret.txt', 'stolen.txt'))).status,
    ).toBe(403);
    expect((await req('DELETE', apiPaths.fsRmdir(uuid, 'escape'))).status).toBe(400);
    expect(await world()).toEqual(before);

    await fs.symlink(path.join(fc.outside, 'secret.txt'), at('doomed-link'));
    expect((await req('DELETE', apiPaths.fsRm(uuid, 'doomed-link'))).status).toBe(200);
    await expect(fs.lstat(at('doomed-link'))).rejects.toThrow();
    expect(await fs.readFile(path.join(fc.outside, 'secret.txt'), 'utf8')).toBe('outside secret');
  });

  it('a link listed by ls is described without following it outside', async () => {
    const res = await req('GET', apiPaths.fsLs(uuid, '.'));
    const entries = res.json as { name: string; file_type: string; size: number | null }[];
    expect(entries.find((e) => e.name === 'escape-file')).toMatchObject({
      file_type: 'Unknown',
      size: null,
    });
  });

  it('a download key whose file is swapped for an outside link after the key was made is refused', async () => {
    await fs.writeFile(at('swap.txt'), 'innocent');
    await fs.mkdir(at('swapdir'));
    const fileKey = (await req('GET', apiPaths.fsUrl(uuid, 'swap.txt'))).text;
    const dirKey = (await req('GET', apiPaths.fsUrl(uuid, 'swapdir'))).text;
    await fs.rm(at('swap.txt'));
    await fs.rmdir(at('swapdir'));
    await fs.symlink(path.join(fc.outside, 'secret.txt'), at('swap.txt'));
    await fs.symlink(fc.outside, at('swapdir'));
    for (const key of [fileKey, dirKey]) {
      const res = await fetch(`${fc.t.api}${apiPaths.download(key)}`);
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.status).toBe(403);
      expect(body.toString('latin1')).not.toContain('outside secret');
    }
  });
});

/** Uploads an archive through the HTTP route and unzips it; returns the progression's end. */
async function uploadAndUnzip(dir: string, name: string, data: Buffer, option: unknown = 'Normal') {
  const up = await upload(fc, owner, dir, uploadForm([{ name, data }]));
  expect(up.status, up.text).toBe(200);
  const from = fc.log.events.length;
  const res = await req('PUT', apiPaths.fsUnzip(uuid, `${dir}/${name}`), option);
  expect(res.status, res.text).toBe(200);
  return (await jobAfter(fc.log, from, `Unzipping ${name}`)).end;
}

describe('hostile archives, uploaded then unzipped', () => {
  const cases: [string, string, () => Promise<Buffer> | Buffer][] = [
    [
      'zip slip ../',
      'slip.zip',
      () =>
        makeZip([
          { name: 'fine.txt', data: 'ok' },
          { name: '../evil.txt', data: 'pwned' },
        ]),
    ],
    [
      'zip slip a/../../',
      'slip2.zip',
      () => makeZip([{ name: 'a/../../evil.txt', data: 'pwned' }]),
    ],
    [
      'zip absolute entry',
      'abs.zip',
      () => makeZip([{ name: '/tmp/hearth-evil.txt', data: 'pwned' }]),
    ],
    ['zip backslash entry', 'bs.zip', () => makeZip([{ name: '..\\..\\evil.txt', data: 'pwned' }])],
    [
      'zip symlink entry',
      'link.zip',
      () => makeZip([{ name: 'link0', data: '../../../../etc', mode: 0o120777 }]),
    ],
    [
      'tar slip ../',
      'slip.tar.gz',
      () =>
        makeTar([
          { path: 'ok.txt', data: 'ok' },
          { path: '../evil.txt', data: 'pwned' },
        ]),
    ],
    [
      'tar absolute entry',
      'abs.tgz',
      () => makeTar([{ path: '/tmp/hearth-evil.txt', data: 'pwned' }]),
    ],
    [
      'tar symlink entry',
      'link.tar.gz',
      () => makeTar([{ path: 'etc', type: 'SymbolicLink', linkpath: '/etc' }]),
    ],
    [
      'tar hard link entry',
      'hard.tar.gz',
      () => makeTar([{ path: 'passwd', type: 'Link', linkpath: '/etc/passwd' }]),
    ],
    ['tar device entry', 'dev.tar.gz', () => makeTar([{ path: 'null', type: 'CharacterDevice' }])],
  ];

  it.each(cases)(
    '%s: the whole archive is refused with a failure event; nothing is written anywhere',
    async (_label, name, make) => {
      const dir = `arch-${name.replace(/\W/g, '-')}`;
      await fs.mkdir(at(dir));
      const before = await world();
      const end = await uploadAndUnzip(dir, name, await make());
      expect(end.success).toBe(false);
      expect(end.message).toMatch(new RegExp(`^Failed to unzip ${name.replace(/\./g, '\\.')}: .+`));
      expect(end.inner).toMatchObject({
        type: 'FSOperationCompleted',
        instance_uuid: uuid,
        success: false,
      });
      const after = await world();
      expect(after.scratch).toEqual(before.scratch);
      expect(after.sibling).toEqual(before.sibling);
      expect(after.instances).toEqual(before.instances);
      expect(await listTree(at(dir))).toEqual([name]);
      await expect(fs.stat('/tmp/hearth-evil.txt')).rejects.toThrow();
    },
  );

  it.each([
    [
      'a zip expanding past the byte cap',
      'bomb.zip',
      () => makeCompressedZip([{ name: 'zeros.bin', data: Buffer.alloc(8 * CAP_BYTES) }]),
    ],
    [
      'a zip with more entries than the cap',
      'many.zip',
      () =>
        makeCompressedZip(
          Array.from({ length: CAP_ENTRIES + 10 }, (_, i) => ({
            name: `f${i}.txt`,
            data: Buffer.from('x'),
          })),
        ),
    ],
    [
      'a tar.gz expanding past the byte cap',
      'bomb.tar.gz',
      () =>
        gzipSync(
          Buffer.concat([
            makeTar([{ path: 'zeros.bin', data: '\0'.repeat(4 * CAP_BYTES) }], false),
          ]),
        ),
    ],
    [
      'a .gz expanding past the byte cap',
      'bomb.log.gz',
      () => gzipSync(Buffer.alloc(4 * CAP_BYTES)),
    ],
  ])(
    'bomb: %s fails cleanly against the configured cap and leaves nothing behind',
    async (_label, name, make) => {
      const dir = `bomb-${name.replace(/\W/g, '-')}`;
      await fs.mkdir(at(dir));
      const archive = await make();
      expect(archive.length).toBeLessThan(CAP_BYTES);
      const end = await uploadAndUnzip(dir, name, archive, 'ToDirectoryWithFileName');
      expect(end.success).toBe(false);
      expect(end.message).toMatch(/^Failed to unzip .+: .+/);
      expect(await listTree(at(dir))).toEqual([name]);
    },
  );

  it('an archive inside the caps still extracts (the caps are not a blanket refusal)', async () => {
    await fs.mkdir(at('small'));
    const end = await uploadAndUnzip(
      'small',
      'fine.zip',
      await makeCompressedZip([{ name: 'zeros.bin', data: Buffer.alloc(CAP_BYTES / 2) }]),
    );
    expect(end.success, end.message ?? '').toBe(true);
    expect((await fs.stat(at('small', 'zeros.bin'))).size).toBe(CAP_BYTES / 2);
  });
});

describe('one more layer: the segment encoding itself', () => {
  it('a b64 segment of "../x" with the standard alphabet or padding is refused before any path logic', async () => {
    const standard = Buffer.from('../x?>').toString('base64');
    expect(standard).toMatch(/[+/]/);
    for (const segment of [standard, `${b64('../x')}==`]) {
      const res = await req('GET', fsRoute(uuid, encodeURIComponent(segment), 'read'));
      expect(res.status).toBe(400);
      expect(causesOf(res)).toBe('Failed to decode base64');
    }
  });
});
