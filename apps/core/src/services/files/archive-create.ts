import { constants } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileSandbox } from '../../lib/file-sandbox.ts';
import type { TreeEntry } from './file-tree.ts';
import type { ProgressCallback } from './progress.ts';

/**
 * A zip of tree snapshots, streamed: each file is opened (through the sandbox, so re-verified)
 * only when yazl reaches it, and the output is a Readable that respects backpressure.
 */
export function zipEntries(
  sandbox: FileSandbox,
  entries: readonly TreeEntry[],
  onProgress?: ProgressCallback,
): Readable {
  const zip = new yazl.ZipFile();
  const totalBytes = entries.reduce((sum, e) => sum + e.size, 0);
  let doneBytes = 0;
  const output = zip.outputStream as Readable;
  // A consumer that goes away (an aborted download) must not leave the current file open.
  const open = new Set<Readable>();
  let closed = false;
  output.once('close', () => {
    closed = true;
    for (const stream of open) stream.destroy();
  });
  for (const entry of entries) {
    if (entry.kind === 'dir') {
      zip.addEmptyDirectory(entry.relative, { mtime: entry.mtime, mode: entry.mode });
      continue;
    }
    zip.addReadStreamLazy(
      entry.relative,
      { mtime: entry.mtime, mode: entry.mode, size: entry.size },
      (cb) => {
        sandbox.open(entry.absolute, constants.O_RDONLY).then(
          (handle) => {
            if (closed) {
              handle.close().catch(() => undefined);
              return;
            }
            const stream = handle.createReadStream();
            open.add(stream);
            stream.once('close', () => open.delete(stream));
            stream.on('data', (chunk: Buffer | string) => {
              doneBytes += chunk.length;
              onProgress?.({ doneBytes, totalBytes });
            });
            cb(null, stream);
          },
          (err: unknown) => cb(err, undefined as unknown as NodeJS.ReadableStream),
        );
      },
    );
  }
  zip.on('error', (err: Error) => output.destroy(err));
  zip.end();
  return output;
}
