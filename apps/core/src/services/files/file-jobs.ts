import type { Readable } from 'node:stream';
import type { CopyInstanceFileRequest, UnzipOption, ZipRequest } from '@hearth/protocol';
import { badRequest, permissionDenied, toCoreError } from '../../errors.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import { archiveKindOf } from './archive-extract.ts';
import { joinClientPath } from './client-file.ts';
import {
  MACROS_DENIAL,
  PROTECTED_DENIAL,
  reasonOf,
  touchOfPath,
  type FileAccess,
} from './file-access.ts';
import type { MacroTouch } from '../macros/macro-authors.ts';
import { FileJob, mb } from './file-job.ts';
import { sanitizeFileName } from './file-name.ts';
import { clientBaseName, clientDirName, normalizeClientPath } from '../../lib/file-sandbox.ts';
import type { FileService } from './file-service.ts';
import { collectTree, totalSize } from './file-tree.ts';
import { isProtectedPath } from './protected-path.ts';
import { sweepTempFiles } from './temp-sweep.ts';

/** One part of a multipart upload, as the route hands it over. */
export interface UploadPart {
  /** The part's filename; a part without one is refused (and drained). */
  filename: string | undefined;
  stream: Readable;
}

export interface UploadRequest {
  /** Content-Length of the whole request, for progress; null when unknown (chunked). */
  totalBytes: number | null;
  /** Aborted when the client goes away: the file being written is removed. */
  signal?: AbortSignal;
}

/** `a`, `a and b`, `3 items`. */
function label(paths: readonly string[]): string {
  const names = paths.map((p) => clientBaseName(p) ?? '.');
  if (names.length <= 2) return names.join(' and ');
  return `${names.length} items`;
}

/** What of `macros/` some client paths name, or null for nothing. */
function touchOfPaths(paths: readonly string[]): MacroTouch | null {
  let all = false;
  const under = new Set<string>();
  for (const p of paths) {
    const touch = touchOfPath(p);
    if (touch === 'all') all = true;
    else if (touch !== null) for (const path of touch) under.add(path);
  }
  if (all) return 'all';
  return under.size > 0 ? under : null;
}

/** Reads a stream to its end, discarding it (a refused upload part must still be consumed). */
async function drain(stream: Readable): Promise<void> {
  for await (const chunk of stream) void chunk;
}

async function removeQuietly(service: FileService, relative: string): Promise<void> {
  const file = await service.stat(relative).catch(() => null);
  if (file === null) return;
  await (file.file_type === 'Directory' ? service.rmdir(relative) : service.rm(relative)).catch(
    () => undefined,
  );
}

/**
 * The long instance file operations (copy, zip, unzip) that answer at once and run in the
 * background as a progression, plus uploads (streamed while the request is read). Input is checked
 * before answering, so a bad path or a protected destination is a 4xx, not a failed progression.
 */
export class FileJobs {
  readonly #running = new Set<Promise<void>>();
  /** Instances with an extraction in progress (at most one each: see unzip). */
  readonly #extracting = new Set<string>();

  constructor(private readonly access: FileAccess) {}

  #job(user: StoredUser, uuid: string, name: string, total: number | null): FileJob {
    return new FileJob(this.access.deps.events, user, uuid, name, total);
  }

  #background(
    job: FileJob,
    work: () => Promise<string>,
    failure: (reason: string) => string,
  ): void {
    const run = Promise.resolve()
      .then(work)
      .then(
        (message) => job.end(true, message),
        (err: unknown) => job.end(false, failure(reasonOf(err))),
      );
    this.#running.add(run);
    void run.finally(() => this.#running.delete(run));
  }

  async #emitCreated(
    user: StoredUser,
    service: FileService,
    paths: readonly string[],
  ): Promise<void> {
    for (const created of paths)
      this.access.emit(user, 'Create', await this.access.target(service, created));
  }

  /** `PUT fs/cpr`: copies sources (recursively) into the destination directory, conflict-suffixed. */
  async copy(user: StoredUser, uuid: string, request: CopyInstanceFileRequest): Promise<void> {
    const service = this.access.service(uuid);
    const sources = request.relative_paths_source.map(normalizeClientPath);
    const dest = normalizeClientPath(request.relative_path_dest);
    if (sources.length === 0) throw badRequest('Failed to copy', 'Nothing to copy');
    if ((await service.stat(dest)).file_type !== 'Directory')
      throw badRequest('Failed to copy', 'The destination is not a directory');
    let total = 0;
    for (const source of sources) {
      await service.stat(source);
      total += totalSize(await collectTree(await service.sandbox.resolve(source), source));
    }
    // What lands in the destination: the destination itself and each source's name inside it.
    const landing = [
      dest,
      ...sources.map((src) => joinClientPath(dest, clientBaseName(src) ?? '.')),
    ];
    const touch = await this.access.guardMacros(user, uuid, service, landing);
    await this.access.requireUnprotected(user, dest, () =>
      this.access.isProtectedDir(service, dest),
    );
    for (const source of sources)
      await this.access.requireUnprotected(user, source, () => service.containsProtected(source));
    const what = label(sources);
    const job = this.#job(user, uuid, `Copying ${what}`, total);
    this.#background(
      job,
      () =>
        this.access
          .macroWrite(
            user,
            uuid,
            service,
            touch,
            async () => {
              const created = await service.copy(sources, dest, ({ doneBytes }) =>
                job.progress(
                  doneBytes,
                  () => `Copying ${what}, ${mb(doneBytes)} / ${mb(total)} MB`,
                ),
              );
              await this.#emitCreated(user, service, created);
              return {
                created,
                message: `Copied ${what} to ${dest === '.' ? 'the instance folder' : dest}`,
              };
            },
            { more: ({ created }) => touchOfPaths(created), carries: true },
          )
          .then(({ message }) => message),
      (reason) => `Failed to copy ${what}: ${reason}`,
    );
  }

  /** `PUT fs/zip`: zips the targets into the archive path (conflict-suffixed). */
  async zip(user: StoredUser, uuid: string, request: ZipRequest): Promise<void> {
    const service = this.access.service(uuid);
    const targets = request.target_relative_paths.map(normalizeClientPath);
    const dest = normalizeClientPath(request.destination_relative_path);
    if (targets.length === 0) throw badRequest('Failed to zip', 'Nothing to zip');
    if (dest === '.') throw badRequest('Failed to zip', 'Invalid destination');
    for (const target of targets) await service.stat(target);
    // The destination's folder must exist, and neither may lead out through a link: refuse now.
    if ((await service.stat(clientDirName(dest))).file_type !== 'Directory')
      throw badRequest('Failed to zip', 'Not a directory');
    await service.sandbox.resolve(dest);
    const touch = await this.access.guardMacros(user, uuid, service, [dest]);
    await this.access.requireUnprotected(user, dest, () => isProtectedPath(dest, false));
    const what = label(targets);
    this.#background(
      this.#job(user, uuid, `Zipping ${what}`, null),
      () =>
        this.access.macroWrite(user, uuid, service, touch, async () => {
          const archive = await service.zip(targets, dest);
          await this.#emitCreated(user, service, [archive]);
          return `Zipped ${what}`;
        }),
      (reason) => `Failed to zip ${what}: ${reason}`,
    );
  }

  /**
   * `PUT fs/:b64/unzip`. For an unprivileged caller the destination folder must not be protected,
   * and an archive that brings protected files is rolled back and refused once extracted. One
   * extraction per instance at a time: with the per-extraction budget, that bounds what an
   * instance's archives can put on disk at once (any number could run before).
   */
  async unzip(user: StoredUser, uuid: string, archive: string, option: UnzipOption): Promise<void> {
    // Claimed before the first await, so of racing requests exactly one gets the slot.
    if (this.#extracting.has(uuid))
      throw badRequest(
        'Failed to unzip',
        'Another archive is being extracted in this instance; try again when it is done',
      );
    this.#extracting.add(uuid);
    let started = false;
    try {
      await this.#unzip(user, uuid, archive, option);
      started = true;
    } finally {
      if (!started) this.#extracting.delete(uuid);
    }
  }

  async #unzip(
    user: StoredUser,
    uuid: string,
    archive: string,
    option: UnzipOption,
  ): Promise<void> {
    const service = this.access.service(uuid);
    const file = await service.stat(archive);
    if (file.file_type !== 'File') throw badRequest(`Failed to unzip ${file.name}`, 'Not a file');
    if (archiveKindOf(file.name) === null)
      throw badRequest(`Failed to unzip ${file.name}`, 'Unsupported archive type');
    const destDir =
      typeof option === 'object' ? normalizeClientPath(option.ToDir) : clientDirName(archive);
    await service.sandbox.resolve(destDir);
    const touch = await this.access.guardMacros(user, uuid, service, [destDir]);
    await this.access.requireUnprotected(user, destDir, () =>
      this.access.isProtectedDir(service, destDir),
    );
    const privileged = this.access.mayWriteProtected(user);
    const macroWriter = this.access.mayWriteMacros(user, uuid);
    this.#background(
      this.#job(user, uuid, `Unzipping ${file.name}`, null),
      async () => {
        try {
          const placed = await this.access.macroWrite(
            user,
            uuid,
            service,
            touch,
            async () => {
              const items = await service.unzip(archive, option);
              // An archive may bring a `macros` folder of its own: code, like any write there.
              const brought = touchOfPaths(items);
              if (brought !== null && !macroWriter) {
                for (const undo of items) await removeQuietly(service, undo);
                throw permissionDenied(MACROS_DENIAL, 'The archive contains macro code (macros)');
              }
              if (!privileged) {
                for (const item of items) {
                  if (!(await service.containsProtected(item))) continue;
                  for (const undo of items) await removeQuietly(service, undo);
                  throw permissionDenied(
                    PROTECTED_DENIAL,
                    `The archive contains protected files (${item})`,
                  );
                }
              }
              return items;
            },
            { more: touchOfPaths },
          );
          await this.#emitCreated(user, service, placed);
          return `Unzipped ${file.name}`;
        } finally {
          this.#extracting.delete(uuid);
        }
      },
      (reason) => `Failed to unzip ${file.name}: ${reason}`,
    );
  }

  /**
   * `PUT fs/:b64/upload`: each part is streamed straight to a temp file in `dir` (created if
   * missing) and renamed into place. A refused part is drained so the whole body is consumed; on any
   * failure the files this request already placed are removed, so a failed upload leaves nothing.
   */
  async upload(
    user: StoredUser,
    uuid: string,
    dir: string,
    parts: AsyncIterable<UploadPart>,
    request: UploadRequest,
  ): Promise<string[]> {
    const service = this.access.service(uuid);
    const dirClient = normalizeClientPath(dir);
    const touch = await this.access.guardMacros(user, uuid, service, [dirClient]);
    return this.access.macroWrite(
      user,
      uuid,
      service,
      touch,
      () => this.#upload(user, uuid, service, dirClient, parts, request),
      { more: touchOfPaths },
    );
  }

  async #upload(
    user: StoredUser,
    uuid: string,
    service: FileService,
    dirClient: string,
    parts: AsyncIterable<UploadPart>,
    request: UploadRequest,
  ): Promise<string[]> {
    const total = request.totalBytes;
    const job = this.#job(user, uuid, 'Uploading files', total);
    const saved: string[] = [];
    let refusal: unknown = null;
    let before = 0;
    try {
      for await (const part of parts) {
        if (refusal !== null) {
          await drain(part.stream);
          continue;
        }
        let name: string;
        try {
          if (part.filename === undefined || part.filename === '')
            throw badRequest('Failed to upload file', 'Every part must carry a filename');
          name = sanitizeFileName(part.filename);
          const target = joinClientPath(dirClient, name);
          this.access.requireMacroWrite(user, uuid, touchOfPath(target), target);
          await this.access.requireUnprotected(user, target, () => isProtectedPath(target, false));
        } catch (err) {
          refusal = err;
          await drain(part.stream);
          continue;
        }
        let written = 0;
        try {
          const placed = await service.saveUpload(dirClient, name, part.stream, {
            signal: request.signal,
            totalBytes: total ?? undefined,
            onProgress: ({ doneBytes }) => {
              written = doneBytes;
              job.progress(
                before + doneBytes,
                () =>
                  `Uploading ${name}, ${mb(before + doneBytes)}${total === null ? '' : ` / ${mb(total)}`} MB`,
              );
            },
          });
          saved.push(placed);
        } catch (err) {
          refusal = err;
          // A part that failed while it was written (a full disk) has had its stream destroyed:
          // reading it again would wait forever, and so would the parts after it. Stop here; the
          // route answers and closes the connection (nothing more of the body is wanted).
          if (part.stream.destroyed) break;
          // E.g. the target folder is a file: refused before the part was read, so drain it.
          await drain(part.stream).catch(() => undefined);
        }
        before += written;
      }
      if (refusal !== null) throw toCoreError(refusal);
      if (saved.length === 0) throw badRequest('Failed to upload file', 'The upload holds no file');
    } catch (err) {
      for (const placed of saved) await service.rm(placed).catch(() => undefined);
      job.end(false, `Failed to upload: ${reasonOf(err)}`);
      throw err;
    }
    for (const placed of saved)
      this.access.emit(user, 'Upload', await this.access.target(service, placed));
    job.end(true, `Uploaded ${label(saved)}`);
    return saved;
  }

  /**
   * Boot: removes the temp files a killed core left anywhere under the data directory (every
   * instance folder included). Must finish before the API answers (see temp-sweep.ts).
   */
  async sweepLeftovers(dataDir: string, log: { warn(msg: string): void }): Promise<void> {
    const { removed, failed } = await sweepTempFiles(dataDir);
    if (removed > 0) log.warn(`Removed ${removed} temp file(s) left by an interrupted operation`);
    if (failed > 0) log.warn(`Could not remove ${failed} leftover temp file(s)`);
  }

  /** Waits for background operations (core shutdown, before the database closes). */
  async settle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }
}
