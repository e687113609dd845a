import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { InstanceFolder } from './instance-folder.ts';

type FileHandle = NonNullable<Awaited<ReturnType<InstanceFolder['openRegular']>>>;

// Reading a few small entries of a jar in a folder people write (an imported server): the jar is
// opened through the file sandbox (no link, no FIFO, a regular file under a size cap), its central
// directory is read with yauzl from that descriptor, and only the named entries are inflated, each
// under its own cap. Nothing in the jar is ever run by the core.

/** Largest jar looked into (real server jars are tens of MiB; Forge's up to a few hundred). */
export const MAX_JAR_BYTES = 1024 * 1024 * 1024;
/** Most central-directory entries read (a server jar has a few thousand to some tens of thousands). */
const MAX_JAR_ENTRIES = 200_000;
/** Largest entry inflated (a manifest, version.json, install.properties are a few KiB). */
const MAX_ENTRY_BYTES = 256 * 1024;
const CHUNK = 64 * 1024;

/** yauzl reads through the verified descriptor, by position; closing stays ours. */
class HandleReader extends yauzl.RandomAccessReader {
  constructor(private readonly handle: FileHandle) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const handle = this.handle;
    return Readable.from(
      (async function* () {
        let position = start;
        while (position < end) {
          const size = Math.min(CHUNK, end - position);
          const buffer = Buffer.alloc(size);
          const { bytesRead } = await handle.read(buffer, 0, size, position);
          if (bytesRead === 0) return;
          position += bytesRead;
          yield buffer.subarray(0, bytesRead);
        }
      })(),
    );
  }
}

function openZip(handle: FileHandle, size: number): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      new HandleReader(handle),
      size,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    );
  });
}

async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
  );
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_ENTRY_BYTES) {
      stream.destroy();
      throw new Error(`${entry.fileName} is larger than ${MAX_ENTRY_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The entries named in `wanted` (exact names, e.g. `META-INF/MANIFEST.MF`) of the jar at
 * `relative`, as found: an entry that is missing, encrypted, oddly compressed or over the cap is
 * left out. Null when the file is not a jar the core will look into (not a regular file, too
 * large, not a zip, too many entries).
 */
export async function readJarEntries(
  folder: InstanceFolder,
  relative: string,
  wanted: readonly string[],
): Promise<Map<string, Buffer> | null> {
  const handle = await folder.openRegular(relative);
  if (handle === null) return null;
  try {
    const st = await handle.stat();
    if (st.size > MAX_JAR_BYTES) return null;
    let zip: yauzl.ZipFile;
    try {
      zip = await openZip(handle, st.size);
    } catch {
      return null;
    }
    try {
      if (zip.entryCount > MAX_JAR_ENTRIES) return null;
      const found = new Map<string, Buffer>();
      const want = new Set(wanted);
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: yauzl.Entry) => {
          const take =
            want.has(entry.fileName) &&
            !found.has(entry.fileName) &&
            !entry.isEncrypted() &&
            (entry.compressionMethod === 0 || entry.compressionMethod === 8) &&
            entry.uncompressedSize <= MAX_ENTRY_BYTES;
          if (!take) {
            zip.readEntry();
            return;
          }
          inflate(zip, entry).then(
            (bytes) => {
              found.set(entry.fileName, bytes);
              if (found.size === want.size) resolve();
              else zip.readEntry();
            },
            () => zip.readEntry(),
          );
        });
        zip.once('end', () => resolve());
        zip.once('error', reject);
        zip.readEntry();
      }).catch(() => undefined);
      return found;
    } finally {
      zip.close();
    }
  } finally {
    await handle.close();
  }
}

/** `Key: value` lines of a jar manifest (continuation lines joined). */
export function parseManifest(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let last: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith(' ') && last !== null) {
      out.set(last, (out.get(last) ?? '') + line.slice(1));
      continue;
    }
    const at = line.indexOf(':');
    if (at <= 0) continue;
    last = line.slice(0, at).trim();
    out.set(last, line.slice(at + 1).trim());
  }
  return out;
}
