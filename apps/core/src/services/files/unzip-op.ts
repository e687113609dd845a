import { chmod, constants, lstat, mkdir, readdir, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { UnzipOption } from '@hearth/protocol';
import { badRequest } from '../../errors.ts';
import { archiveKindOf, extractArchive, type ExtractLimits } from './archive-extract.ts';
import { removeQuietly, renameNoReplace, syncDir, tempName } from './atomic-ops.ts';
import { joinClientPath } from './client-file.ts';
import {
  clientBaseName,
  clientDirName,
  normalizeClientPath,
  type FileSandbox,
} from '../../lib/file-sandbox.ts';
import type { ProgressCallback } from './progress.ts';

/** Where extracted entries go, and whether they are wrapped in a `<stem>/` folder. */
async function destinationOf(
  sandbox: FileSandbox,
  archive: string,
  option: UnzipOption,
): Promise<{ absolute: string; client: string }> {
  if (typeof option === 'object') {
    // Unlike the reference, ToDir is a path INSIDE the sandbox like every other path.
    const absolute = await sandbox.resolve(option.ToDir);
    await sandbox.mkdirp(absolute);
    return { absolute, client: normalizeClientPath(option.ToDir) };
  }
  return { absolute: path.dirname(await sandbox.resolve(archive)), client: clientDirName(archive) };
}

const GIB = 1024 * 1024 * 1024;

/**
 * The limits for one extraction into `dir`: the instance's budget, lowered to the free space of
 * that filesystem minus a reserve (1 GiB, or 5 % of a smaller disk), so that extractions running
 * in several instances at once still cannot fill the disk the core and its database live on.
 */
export async function limitsFor(dir: string, limits: ExtractLimits): Promise<ExtractLimits> {
  let free: number;
  let size: number;
  try {
    const st = await statfs(dir);
    free = st.bavail * st.bsize;
    size = st.blocks * st.bsize;
  } catch {
    return limits;
  }
  const room = Math.max(0, Math.floor(free - Math.min(GIB, size * 0.05)));
  return room < limits.maxBytes ? { ...limits, maxBytes: room, maxBytesSource: 'disk' } : limits;
}

function wrapsInFolder(option: UnzipOption, topLevelCount: number): boolean {
  if (typeof option === 'object') return false;
  switch (option) {
    case 'Normal':
      return false;
    case 'Smart':
      return topLevelCount !== 1;
    case 'ToDirectoryWithFileName':
      return true;
  }
}

/**
 * Extracts `.zip`, `.tar`, `.tar.gz`/`.tgz` and `.gz` (a tar inside, or a single compressed file
 * written as the stem). Everything is extracted into a temp directory inside the destination first;
 * only a complete extraction is moved into place (top-level names `_N`-suffixed when taken), so a
 * refused or failed archive leaves nothing behind. Returns the client paths placed.
 */
export async function unzipArchive(
  sandbox: FileSandbox,
  archive: string,
  option: UnzipOption,
  limits: ExtractLimits,
  onProgress?: ProgressCallback,
): Promise<string[]> {
  const archiveName = clientBaseName(archive);
  const info = archiveName === null ? null : archiveKindOf(archiveName);
  if (info === null) throw badRequest('Failed to extract archive', 'Unsupported archive type');
  const archiveAbs = await sandbox.resolve(archive);
  const handle = await sandbox.open(archiveAbs, constants.O_RDONLY, 0, 'Failed to open archive');
  try {
    if (!(await handle.stat()).isFile())
      throw badRequest('Failed to extract archive', 'Not a regular file');
    const dest = await destinationOf(sandbox, archive, option);
    const placed = await sandbox.withDir(
      dest.absolute,
      async (dir) => {
        const temp = tempName();
        await mkdir(`${dir}/${temp}`, { mode: 0o700 });
        try {
          const target = await sandbox.child(path.join(dest.absolute, temp));
          const room = await limitsFor(dir, limits);
          await extractArchive(handle, info.kind, info.stem, target, room, onProgress);
          const names = (await readdir(`${dir}/${temp}`)).sort();
          let result: string[];
          if (wrapsInFolder(option, names.length)) {
            await chmod(`${dir}/${temp}`, 0o755);
            result = [await renameNoReplace(`${dir}/${temp}`, true, dir, info.stem, true)];
          } else {
            result = [];
            for (const name of names) {
              const from = `${dir}/${temp}/${name}`;
              const isDir = (await lstat(from)).isDirectory();
              result.push(await renameNoReplace(from, isDir, dir, name, true));
            }
          }
          await syncDir(dir);
          return result;
        } finally {
          await removeQuietly(`${dir}/${temp}`);
        }
      },
      'Failed to open destination directory',
    );
    return placed.map((name) => joinClientPath(dest.client, name));
  } finally {
    await handle.close();
  }
}
