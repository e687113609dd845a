import fs from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ClientFile, FSOperation, FSTarget } from '@hearth/protocol';
import type { PermissionGuard } from '../../auth/permission-guard.ts';
import { CoreError, badRequest, notFound, permissionDenied } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import type { DownloadKeyStore } from '../download-keys.ts';
import { userCause } from '../user-service.ts';
import { FileSandbox, clientBaseName, normalizeClientPath } from '../../lib/file-sandbox.ts';
import { FileService, type FileServiceOptions } from './file-service.ts';
import { DOWNLOAD_KEY_NOT_FOUND, type OpenedDownload } from './instance-files.ts';

export interface GlobalFilesDeps {
  /** The global folder (core-api.md §1.4.15 serves the whole host; Hearth serves this folder). */
  root: string;
  events: EventBus;
  /** Throws for a deleted user (UserService.get). */
  users: { get(uid: string): StoredUser };
  guard: PermissionGuard;
  /** Keys of global downloads only (`GET /file/:key` asks this store before the instance one). */
  keys: DownloadKeyStore;
  limits: FileServiceOptions;
}

/** The global store's grants name no instance. */
const GLOBAL_GRANT = '(global)';
const DELETE_ROOT = 'Cannot delete the global folder';

/** One uploaded part, as the route hands it over. */
export interface GlobalUploadPart {
  filename: string | undefined;
  stream: Readable;
}

/**
 * The global file routes over one sandbox rooted at the global folder. The reference takes an
 * absolute host path; here a path is relative to the global folder, or absolute inside it (refused
 * when it points elsewhere). The caller (a route) has checked ReadGlobalFile / WriteGlobalFile.
 */
export class GlobalFiles {
  readonly #service: FileService;

  constructor(private readonly deps: GlobalFilesDeps) {
    this.#service = new FileService(new FileSandbox(deps.root), deps.limits);
  }

  get root(): string {
    return this.deps.root;
  }

  /** A client path (relative to the global folder) for what the caller sent. */
  clientPath(raw: string): string {
    if (!raw.startsWith('/')) return raw;
    const inside = [this.deps.root, fs.realpathSync(this.deps.root)]
      .map((root) => path.relative(root, path.normalize(raw)))
      .find((rel) => !rel.startsWith('..') && !path.isAbsolute(rel));
    if (inside === undefined)
      throw badRequest('Invalid path', `Global files live in ${this.deps.root} only`);
    return inside === '' ? '.' : inside.split(path.sep).join('/');
  }

  async list(user: StoredUser, raw: string): Promise<ClientFile[]> {
    const relative = this.clientPath(raw);
    const files = await this.#service.list(relative);
    await this.#emit(user, 'Read', relative);
    return files;
  }

  async read(user: StoredUser, raw: string): Promise<string> {
    const relative = this.clientPath(raw);
    const text = await this.#service.readText(relative);
    await this.#emit(user, 'Read', relative);
    return text;
  }

  async write(user: StoredUser, raw: string, body: Readable): Promise<void> {
    const relative = this.clientPath(raw);
    await this.#service.writeAtomic(relative, body);
    await this.#emit(user, 'Write', relative);
  }

  async newFile(user: StoredUser, raw: string): Promise<void> {
    const relative = this.clientPath(raw);
    await this.#service.newFile(relative);
    await this.#emit(user, 'Create', relative);
  }

  async mkdir(user: StoredUser, raw: string): Promise<void> {
    const relative = this.clientPath(raw);
    await this.#service.mkdir(relative);
    await this.#emit(user, 'Create', relative);
  }

  async rm(user: StoredUser, raw: string): Promise<void> {
    const relative = this.#notRoot(raw);
    const target = await this.#target(relative, false);
    await this.#service.rm(relative);
    this.#send(user, 'Delete', { type: 'File', path: target.path });
  }

  async rmdir(user: StoredUser, raw: string): Promise<void> {
    const relative = this.#notRoot(raw);
    const target = await this.#target(relative, false);
    await this.#service.rmdir(relative);
    this.#send(user, 'Delete', { type: 'Directory', path: target.path });
  }

  async move(user: StoredUser, rawSource: string, rawDest: string): Promise<void> {
    const source = this.#notRoot(rawSource);
    const destination = this.clientPath(rawDest);
    const from = await this.#target(source, false);
    await this.#service.move(source, destination);
    this.#send(user, { Move: { source: from.path } }, await this.#target(destination, false));
  }

  /** Saves every part into the folder `raw` (created if missing); a failure removes what was saved. */
  async upload(
    user: StoredUser,
    raw: string,
    parts: AsyncIterable<GlobalUploadPart>,
    signal?: AbortSignal,
  ): Promise<string[]> {
    const dir = this.clientPath(raw);
    const saved: string[] = [];
    try {
      for await (const part of parts) {
        if (part.filename === undefined || part.filename === '')
          throw badRequest('Failed to upload file', 'Every part must carry a filename');
        const options = signal ? { signal } : {};
        saved.push(await this.#service.saveUpload(dir, part.filename, part.stream, options));
      }
      if (saved.length === 0) throw badRequest('Failed to upload file', 'The upload holds no file');
    } catch (err) {
      for (const placed of saved) await this.#service.rm(placed).catch(() => undefined);
      throw err;
    }
    for (const placed of saved) await this.#emit(user, 'Upload', placed);
    return saved;
  }

  /** A download key for an existing path (a directory is zipped when it is downloaded). */
  async createDownloadKey(user: StoredUser, raw: string): Promise<string> {
    const relative = this.clientPath(raw);
    await this.#service.stat(relative);
    return this.deps.keys.create({
      kind: 'file',
      uid: user.uid,
      instance: GLOBAL_GRANT,
      path: normalizeClientPath(relative),
    });
  }

  /** Whether `key` is a global download key (live or not, it is not an instance one then). */
  ownsKey(key: string): boolean {
    return this.deps.keys.get(key) !== null;
  }

  /** Opens what a key grants while its user exists and may still read global files. */
  async openDownload(key: string): Promise<OpenedDownload> {
    const grant = this.deps.keys.get(key);
    if (grant?.kind !== 'file') throw notFound(DOWNLOAD_KEY_NOT_FOUND);
    let user: StoredUser;
    try {
      user = this.deps.users.get(grant.uid);
    } catch (err) {
      if (err instanceof CoreError && err.kind === 'NotFound')
        throw notFound(DOWNLOAD_KEY_NOT_FOUND);
      throw err;
    }
    if (!this.deps.guard.can(user, { type: 'ReadGlobalFile' }))
      throw notFound(DOWNLOAD_KEY_NOT_FOUND);
    const file = await this.#service.stat(grant.path);
    await this.#emit(user, 'Download', grant.path);
    if (file.file_type === 'Directory') {
      const stream = await this.#service.zipDirectoryStream(grant.path);
      const name = `${clientBaseName(grant.path) ?? file.name}.zip`;
      return { stream, name, size: null, done: () => undefined };
    }
    const opened = await this.#service.openForDownload(grant.path);
    return { stream: opened.stream, name: opened.name, size: opened.size, done: () => undefined };
  }

  /** Drops the download keys (core shutdown). */
  close(): void {
    this.deps.keys.close();
  }

  #notRoot(raw: string): string {
    const relative = this.clientPath(raw);
    if (normalizeClientPath(relative) === '.') throw permissionDenied(DELETE_ROOT);
    return relative;
  }

  async #target(relative: string, followFinal = true): Promise<FSTarget> {
    const absolute = await this.#service.sandbox.resolve(relative, { followFinal });
    const isDir = await lstat(absolute).then(
      (st) => st.isDirectory(),
      () => false,
    );
    return { type: isDir ? 'Directory' : 'File', path: absolute };
  }

  async #emit(user: StoredUser, operation: FSOperation, relative: string): Promise<void> {
    this.#send(user, operation, await this.#target(relative));
  }

  #send(user: StoredUser, operation: FSOperation, target: FSTarget): void {
    this.deps.events.emit({ type: 'FSEvent', operation, target }, { causedBy: userCause(user) });
  }
}

/** The global files of a core: the folder is created at boot. */
export function createGlobalFiles(deps: GlobalFilesDeps): GlobalFiles {
  fs.mkdirSync(deps.root, { recursive: true });
  return new GlobalFiles(deps);
}
