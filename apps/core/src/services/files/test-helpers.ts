// Shared by the tests of this folder: temp trees, snapshots and hand-made (malicious) archives.
import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  readlink,
  realpath,
  rm,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Header } from 'tar';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { CoreError } from '../../errors.ts';
import { FileSandbox } from '../../lib/file-sandbox.ts';
import { FileService, type FileServiceOptions } from './file-service.ts';

export interface Fixture {
  /** Parent of everything below; removed by cleanup(). */
  base: string;
  root: string;
  /** A directory outside the root with a secret file: must never change. */
  outside: string;
  /** A sibling whose name starts with the root's name (`root-evil`). */
  sibling: string;
  sandbox: FileSandbox;
  service: FileService;
  cleanup(): Promise<void>;
}

export async function makeFixture(options: FileServiceOptions = {}): Promise<Fixture> {
  const base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hearth-files-')));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  const sibling = path.join(base, 'root-evil');
  await mkdir(root);
  await mkdir(outside);
  await mkdir(sibling);
  await writeFile(path.join(outside, 'secret.txt'), 'outside secret');
  await writeFile(path.join(sibling, 'x'), 'sibling secret');
  const sandbox = new FileSandbox(root);
  return {
    base,
    root,
    outside,
    sibling,
    sandbox,
    service: new FileService(sandbox, options),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

/** Every entry under `dir` with its content (files), target (links) or `<dir>`. */
export async function snapshotTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (current: string, prefix: string): Promise<void> => {
    for (const name of (await readdir(current)).sort()) {
      const full = path.join(current, name);
      const rel = prefix === '' ? name : `${prefix}/${name}`;
      const st = await lstat(full);
      if (st.isSymbolicLink()) out[rel] = `-> ${await readlink(full)}`;
      else if (st.isDirectory()) {
        out[rel] = '<dir>';
        await walk(full, rel);
      } else out[rel] = await readFile(full, 'utf8');
    }
  };
  await walk(dir, '');
  return out;
}

/** Resolves to the CoreError a promise rejects with (fails the test if it resolves). */
export async function coreErrorOf(promise: Promise<unknown>): Promise<CoreError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof CoreError) return err;
    throw new Error(`expected a CoreError, got ${String(err)}`, { cause: err });
  }
  throw new Error('expected the operation to be refused, but it succeeded');
}

export interface ZipSpec {
  name: string;
  data?: string | Buffer;
  /** Full st_mode (type bits included), e.g. 0o120777 for a symbolic link. */
  mode?: number;
  dir?: boolean;
}

/**
 * A zip with arbitrary entry names (yazl refuses `..` and absolute names, so entries are written
 * under same-length placeholders and the names patched in afterwards; names aren't checksummed).
 */
export async function makeZip(specs: readonly ZipSpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const patches: [Buffer, Buffer][] = [];
  specs.forEach((spec, i) => {
    const real = Buffer.from(
      spec.dir === true && !spec.name.endsWith('/') ? `${spec.name}/` : spec.name,
    );
    const placeholder = Buffer.from(
      `Q${String(i).padStart(4, '0')}`.padEnd(real.length, 'Q').slice(0, real.length),
    );
    if (placeholder.length !== real.length || real.length < 5)
      throw new Error(`name too short for patching: ${spec.name}`);
    patches.push([placeholder, real]);
    const opts = {
      mtime: new Date(2024, 0, 1),
      ...(spec.mode === undefined ? {} : { mode: spec.mode }),
    };
    if (spec.dir === true) zip.addEmptyDirectory(placeholder.toString(), opts);
    else
      zip.addBuffer(Buffer.from(spec.data ?? ''), placeholder.toString(), {
        ...opts,
        compress: false,
      });
  });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  const buf = Buffer.concat(chunks);
  for (const [placeholder, real] of patches) {
    for (let at = buf.indexOf(placeholder); at !== -1; at = buf.indexOf(placeholder, at + 1))
      real.copy(buf, at);
  }
  return buf;
}

/** A zip built with compression (for bombs: a long run of zeros compresses to almost nothing). */
export async function makeCompressedZip(
  entries: readonly { name: string; data: Buffer }[],
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export interface TarSpec {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'CharacterDevice' | 'FIFO';
  data?: string;
  linkpath?: string;
  /** Header size when it should differ from the data (a lying header). */
  size?: number;
}

/** A tar with arbitrary headers, written block by block. */
export function makeTar(specs: readonly TarSpec[], gzip = true): Buffer {
  const blocks: Buffer[] = [];
  for (const spec of specs) {
    const data = Buffer.from(spec.data ?? '');
    const type = spec.type ?? 'File';
    const header = new Header({
      path: spec.path,
      type,
      size: spec.size ?? (type === 'File' ? data.length : 0),
      mode: type === 'Directory' ? 0o755 : 0o644,
      mtime: new Date(2024, 0, 1),
      ...(spec.linkpath === undefined ? {} : { linkpath: spec.linkpath }),
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block);
    if (type === 'File' && data.length > 0) {
      blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
    }
  }
  blocks.push(Buffer.alloc(1024));
  const tar = Buffer.concat(blocks);
  return gzip ? gzipSync(tar) : tar;
}

/** Names and contents of a zip's entries (directories as `<dir>`). */
export function readZip(buffer: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out: Record<string, string> = {};
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          out[entry.fileName] = '<dir>';
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr) return reject(streamErr);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            out[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * A gzip file that expands to `total` zero bytes, built as concatenated members (gunzip reads them
 * as one stream): a few KiB per 16 MiB, cheap to make at any size.
 */
export function makeGzipOfZeros(total: number, member = 16 * 1024 * 1024): Buffer {
  const full = gzipSync(Buffer.alloc(Math.min(member, total)));
  const parts: Buffer[] = [];
  for (let left = total; left > 0; left -= member)
    parts.push(left >= member ? full : gzipSync(Buffer.alloc(left)));
  return Buffer.concat(parts);
}
