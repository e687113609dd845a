import { readdir, rm, unlink } from 'node:fs/promises';
import { FileSandbox } from '../../lib/file-sandbox.ts';
import { isTempName } from '../../lib/temp-names.ts';

/** Deeper folders are not walked (a hostile game could nest thousands to hold descriptors). */
const MAX_DEPTH = 128;

export interface SweepResult {
  removed: number;
  /** Leftovers that could not be removed (e.g. permissions); the sweep goes on past them. */
  failed: number;
}

/**
 * Removes every temp file or folder (`.hearth-tmp-*`) under `root`, at any depth: the leftovers of
 * a core killed in the middle of a write, an upload or an extraction. Run once at boot, before the
 * API answers, so no operation of this core can be in flight. Only the core creates such names
 * (clients are refused them), so removing them loses nothing.
 *
 * Links are never followed: a temp-named link is removed itself, any other link is skipped, and
 * each folder is read through a verified descriptor (like every FileSandbox operation), so a game
 * swapping a folder for a link mid-walk cannot point the sweep outside `root`.
 */
export async function sweepTempFiles(root: string): Promise<SweepResult> {
  const sandbox = new FileSandbox(root);
  const result: SweepResult = { removed: 0, failed: 0 };
  const walk = (absolute: string, depth: number): Promise<void> =>
    sandbox.withDir(absolute, async (dir) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const child = `${dir}/${entry.name}`;
        if (isTempName(entry.name)) {
          const removal = entry.isDirectory()
            ? rm(child, { recursive: true, force: true })
            : unlink(child);
          await removal.then(
            () => result.removed++,
            () => result.failed++,
          );
        } else if (entry.isDirectory() && depth < MAX_DEPTH) {
          // A folder that vanished or was swapped for a link meanwhile is skipped, not fatal.
          await walk(child, depth + 1).catch(() => undefined);
        }
      }
    });
  await walk(await sandbox.realRoot(), 0);
  return result;
}
