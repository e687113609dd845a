import { constants, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Header, Parser, type ReadEntry } from 'tar';
import yauzl from 'yauzl';
import { formatBytes, replaceControlCharacters } from '@hearth/protocol';
import { CoreError, badRequest } from '../../errors.ts';
import { writeAll } from './atomic-ops.ts';
import { readRange } from './handle-stream.ts';
import type { FileSandbox } from '../../lib/file-sandbox.ts';
import { fsError, isErrno } from '../../lib/fs-error.ts';
import type { FileProgress } from './progress.ts';

export interface ExtractLimits {
  /** Total uncompressed bytes an archive may expand to. */
  maxBytes: number;
  /** What set maxBytes, for the error: the instance's extraction budget or the free disk space. */
  maxBytesSource?: 'budget' | 'disk';
  /** Entries (files and directories) an archive may hold. */
  maxEntries: number;
}

export type ArchiveKind = 'zip' | 'tar' | 'tar.gz' | 'gz';

/** The archive kind a file name announces, and the stem its output folder is named after. */
export function archiveKindOf(name: string): { kind: ArchiveKind; stem: string } | null {
  const lower = name.toLowerCase();
  const cut = (n: number) => name.slice(0, name.length - n) || name;
  if (lower.endsWith('.zip')) return { kind: 'zip', stem: cut(4) };
  if (lower.endsWith('.tar.gz')) return { kind: 'tar.gz', stem: cut(7) };
  if (lower.endsWith('.tgz')) return { kind: 'tar.gz', stem: cut(4) };
  if (lower.endsWith('.tar')) return { kind: 'tar', stem: cut(4) };
  if (lower.endsWith('.gz')) return { kind: 'gz', stem: cut(3) };
  return null;
}

function shown(name: string): string {
  return JSON.stringify(replaceControlCharacters(name, '?').slice(0, 200));
}

const FAILED = 'Failed to extract archive';
const ERRNO_CODES = [
  'ENOENT',
  'ENOSPC',
  'EACCES',
  'EPERM',
  'EIO',
  'EISDIR',
  'ENOTDIR',
  'EEXIST',
  'EMFILE',
  'EDQUOT',
  'EFBIG',
  'EROFS',
];

function tooLarge(limits: ExtractLimits): CoreError {
  const source =
    limits.maxBytesSource === 'disk'
      ? ' (the free disk space)'
      : limits.maxBytesSource === 'budget'
        ? ' (the extraction budget)'
        : '';
  return badRequest(
    FAILED,
    `Archive expands to more than ${formatBytes(limits.maxBytes)}${source}`,
  );
}

/**
 * Normalises an archive entry name to a `/`-separated relative path, refusing NUL bytes, absolute
 * names (`/x`, `C:\x`) and any `..` component (zip slip). Backslashes count as separators, as zip
 * tools on Windows write them. `""` means the destination itself.
 */
export function normalizeEntryName(raw: string): string {
  if (raw.includes('\0')) throw badRequest(FAILED, `Entry ${shown(raw)} contains a NUL byte`);
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) {
    throw badRequest(FAILED, `Entry ${shown(raw)} has an absolute path`);
  }
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..'))
    throw badRequest(FAILED, `Entry ${shown(raw)} points outside the destination`);
  return parts.join('/');
}

/** Writes entries into the extraction sandbox and enforces the limits. */
class EntrySink {
  entries = 0;
  bytes = 0;

  constructor(
    private readonly sandbox: FileSandbox,
    private readonly limits: ExtractLimits,
    private readonly progress: () => void,
  ) {}

  countEntry(): void {
    this.entries++;
    if (this.entries > this.limits.maxEntries) {
      throw badRequest(
        FAILED,
        `Archive has too many entries (more than ${this.limits.maxEntries})`,
      );
    }
  }

  checkBytes(extra: number): void {
    if (this.bytes + extra > this.limits.maxBytes) throw tooLarge(this.limits);
  }

  /**
   * The data, each chunk checked against the cap before it is handed on to be written: a stream
   * past the cap (a gzip bomb) stops there, with at most the cap on disk. Throwing out of the loop
   * destroys the source (the decompressor and the archive reader behind it).
   */
  private async *capped(data: Readable | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of data as AsyncIterable<Buffer>) {
      this.checkBytes(chunk.byteLength);
      yield chunk;
    }
  }

  async dir(rawName: string): Promise<void> {
    const rel = normalizeEntryName(rawName);
    if (rel === '') return;
    await this.sandbox.mkdirp(await this.sandbox.resolve(rel));
  }

  async file(
    rawName: string,
    data: Readable | AsyncIterable<Buffer>,
    mode: number | undefined,
    mtime: Date | undefined,
  ): Promise<void> {
    const rel = normalizeEntryName(rawName);
    if (rel === '') throw badRequest(FAILED, `Entry ${shown(rawName)} has no name`);
    const abs = await this.sandbox.resolve(rel);
    await this.sandbox.mkdirp(path.dirname(abs));
    const perms = mode === undefined || (mode & 0o777) === 0 ? 0o644 : (mode & 0o777) | 0o600;
    const handle = await this.sandbox.open(
      abs,
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC,
      perms,
    );
    try {
      await writeAll(handle, this.capped(data), {
        onBytes: (n) => {
          this.bytes += n;
          this.progress();
        },
      });
      await handle.chmod(perms);
      if (mtime !== undefined && !Number.isNaN(mtime.getTime())) await handle.utimes(mtime, mtime);
    } finally {
      await handle.close();
    }
  }
}

/** Unix file-type bits of a zip entry made on Unix (0 when the zip didn't record any). */
function zipEntryType(entry: yauzl.Entry): number {
  return (entry.externalFileAttributes >>> 16) & 0o170000;
}

const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

type LowLevelName = (flags: number, name: Buffer, extra: unknown[], strict: boolean) => string;

function zipEntryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown;
  if (typeof raw === 'string') return raw;
  const decode = (yauzl as unknown as { getFileNameLowLevel: LowLevelName }).getFileNameLowLevel;
  return decode(entry.generalPurposeBitFlag, raw as Buffer, entry.extraFields, false);
}

function readZipEntries(zip: yauzl.ZipFile, limits: ExtractLimits): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const list: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      list.push(entry);
      if (list.length > limits.maxEntries) {
        reject(badRequest(FAILED, `Archive has too many entries (more than ${limits.maxEntries})`));
        return;
      }
      zip.readEntry();
    });
    zip.once('end', () => resolve(list));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/** yauzl reads through our verified handle; its default close() leaves the descriptor to us. */
class HandleReader extends yauzl.RandomAccessReader {
  constructor(private readonly handle: FileHandle) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return readRange(this.handle, start, end);
  }
}

function openZip(handle: FileHandle, size: number): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    const options = {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    };
    yauzl.fromRandomAccessReader(new HandleReader(handle), size, options, (err, zip) => {
      if (err) reject(badRequest(FAILED, `Not a valid zip file (${err.message})`));
      else resolve(zip);
    });
  });
}

function openZipStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      // yauzl may fail the stream (sizes that lie) before anyone reads it; the error stays on the
      // destroyed stream and is rethrown to the reader, so this listener only keeps it from being
      // reported as unhandled.
      stream.on('error', () => undefined);
      resolve(stream);
    });
  });
}

async function extractZip(
  handle: FileHandle,
  sink: EntrySink,
  limits: ExtractLimits,
  report: (total: number) => void,
): Promise<void> {
  const zip = await openZip(handle, (await handle.stat()).size);
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw badRequest(FAILED, `Archive has too many entries (more than ${limits.maxEntries})`);
    }
    // First pass over the central directory only: nothing is written unless every entry is acceptable.
    const entries = await readZipEntries(zip, limits);
    let declared = 0;
    const plan = entries.map((entry) => {
      const name = zipEntryName(entry);
      normalizeEntryName(name);
      const type = zipEntryType(entry);
      const isDir = name.endsWith('/') || name.endsWith('\\') || type === S_IFDIR;
      if (type === S_IFLNK) throw badRequest(FAILED, `Entry ${shown(name)} is a symbolic link`);
      if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
        throw badRequest(FAILED, `Entry ${shown(name)} is a device or special file`);
      }
      if (entry.isEncrypted()) throw badRequest(FAILED, 'Encrypted archives are not supported');
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
        throw badRequest(FAILED, `Entry ${shown(name)} uses an unsupported compression method`);
      }
      declared += entry.uncompressedSize;
      if (declared > limits.maxBytes) throw tooLarge(limits);
      return { entry, name, isDir, mode: (entry.externalFileAttributes >>> 16) & 0o777 };
    });
    report(declared);
    for (const { entry, name, isDir, mode } of plan) {
      sink.countEntry();
      if (isDir) {
        await sink.dir(name);
      } else {
        try {
          await sink.file(name, await openZipStream(zip, entry), mode, entry.getLastModDate());
        } catch (err) {
          // yauzl and zlib report corrupt data (sizes that lie, bad deflate) without an errno code.
          if (err instanceof CoreError || isErrno(err, ...ERRNO_CODES)) throw err;
          throw badRequest(
            FAILED,
            `Entry ${shown(name)} is corrupt (${err instanceof Error ? err.message : 'unknown error'})`,
          );
        }
      }
    }
  } finally {
    zip.close();
  }
}

function counting(source: Readable, onBytes: (n: number) => void): Readable {
  source.on('data', (chunk: Buffer) => onBytes(chunk.byteLength));
  return source;
}

async function handleTarEntry(entry: ReadEntry, sink: EntrySink): Promise<void> {
  sink.countEntry();
  switch (entry.type) {
    case 'File':
    case 'OldFile':
    case 'ContiguousFile':
      sink.checkBytes(entry.size);
      await sink.file(entry.path, entry, entry.mode, entry.mtime);
      return;
    case 'Directory':
    case 'GNUDumpDir':
      entry.resume();
      await sink.dir(entry.path);
      return;
    case 'SymbolicLink':
      throw badRequest(FAILED, `Entry ${shown(entry.path)} is a symbolic link`);
    case 'Link':
      throw badRequest(FAILED, `Entry ${shown(entry.path)} is a hard link`);
    case 'CharacterDevice':
    case 'BlockDevice':
    case 'FIFO':
      throw badRequest(FAILED, `Entry ${shown(entry.path)} is a device or special file`);
    default:
      throw badRequest(
        FAILED,
        `Entry ${shown(entry.path)} has an unsupported type (${entry.type})`,
      );
  }
}

/** Tar, gzip-compressed or not (the parser detects gzip by its magic bytes). */
function extractTar(
  handle: FileHandle,
  sink: EntrySink,
  onCompressed: (n: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const source = counting(readRange(handle), onCompressed);
    const parser = new Parser({ strict: true });
    let chain = Promise.resolve();
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe();
      source.destroy();
      if (err instanceof CoreError) reject(err);
      else
        reject(
          badRequest(
            FAILED,
            `Not a valid tar archive (${err instanceof Error ? err.message : 'unknown error'})`,
          ),
        );
    };
    parser.on('entry', (entry: ReadEntry) => {
      chain = chain
        .then(async () => {
          if (failed) entry.resume();
          else await handleTarEntry(entry, sink);
        })
        .catch(fail);
    });
    parser.on('error', fail);
    parser.on('end', () => {
      chain.then(() => (failed ? undefined : resolve()), fail);
    });
    source.on('error', (err) => fail(fsError(err, FAILED)));
    source.pipe(parser);
  });
}

/** Whether a gzip file holds a tar archive: the first 512 decompressed bytes are a valid header. */
async function gzipHoldsTar(handle: FileHandle): Promise<boolean> {
  const gunzip = pipeline(readRange(handle), createGunzip(), () => undefined);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.byteLength;
      if (length >= 512) break;
    }
  } catch {
    throw badRequest(FAILED, 'Not a valid gzip file');
  } finally {
    gunzip.destroy();
  }
  if (length < 512) return false;
  const header = new Header(Buffer.concat(chunks).subarray(0, 512));
  return header.cksumValid && typeof header.path === 'string' && header.path !== '';
}

async function extractPlainGzip(
  handle: FileHandle,
  outName: string,
  sink: EntrySink,
): Promise<void> {
  sink.countEntry();
  const gunzip = pipeline(readRange(handle), createGunzip(), () => undefined);
  try {
    await sink.file(outName, gunzip, undefined, undefined);
  } catch (err) {
    // A full disk is not a corrupt archive: only zlib's own errors mean a bad gzip.
    if (err instanceof CoreError || isErrno(err, ...ERRNO_CODES)) throw err;
    throw badRequest(FAILED, 'Not a valid gzip file');
  }
}

/**
 * Extracts an archive (opened and verified by the caller) into `destination`, a sandbox over an
 * empty temporary directory. Every entry is resolved through that sandbox; symbolic links, hard
 * links and devices are refused; the limits fail the extraction cleanly.
 */
export async function extractArchive(
  handle: FileHandle,
  kind: ArchiveKind,
  stem: string,
  destination: FileSandbox,
  limits: ExtractLimits,
  onProgress?: (progress: FileProgress) => void,
): Promise<void> {
  // Zip reports uncompressed bytes against the declared total; tar streams report how much of the
  // archive file has been read; a plain gzip has no known total.
  const archiveSize = (await handle.stat()).size;
  let progress = (): FileProgress => ({ doneBytes: sink.bytes, totalBytes: null });
  const sink: EntrySink = new EntrySink(destination, limits, () => onProgress?.(progress()));
  let compressedDone = 0;
  const tarProgress = () => {
    progress = () => ({ doneBytes: compressedDone, totalBytes: archiveSize });
    return (n: number) => (compressedDone += n);
  };
  switch (kind) {
    case 'zip':
      await extractZip(handle, sink, limits, (declared) => {
        progress = () => ({ doneBytes: sink.bytes, totalBytes: declared });
      });
      return;
    case 'tar':
    case 'tar.gz':
      await extractTar(handle, sink, tarProgress());
      return;
    case 'gz':
      if (await gzipHoldsTar(handle)) await extractTar(handle, sink, tarProgress());
      else await extractPlainGzip(handle, stem, sink);
      return;
  }
}
