import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

const CHUNK = 64 * 1024;

/**
 * Reads `[start, end)` of an open file by position. Unlike `createReadStream`, destroying this
 * stream never closes the descriptor (node closes it on destroy even with autoClose: false), so
 * the owner can read the same file several times and close it exactly once.
 */
export function readRange(handle: FileHandle, start = 0, end = Number.POSITIVE_INFINITY): Readable {
  let position = start;
  return new Readable({
    highWaterMark: CHUNK,
    read() {
      const length = Math.min(CHUNK, end - position);
      if (length <= 0) {
        this.push(null);
        return;
      }
      const buffer = Buffer.allocUnsafe(length);
      handle.read(buffer, 0, length, position).then(
        ({ bytesRead }) => {
          position += bytesRead;
          this.push(bytesRead === 0 ? null : buffer.subarray(0, bytesRead));
        },
        (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
      );
    },
  });
}
