import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { ClientFile } from '@hearth/protocol';
import type { PermissionGuard } from '../../auth/permission-guard.ts';
import { CoreError, notFound, permissionDenied } from '../../errors.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import type { DownloadKeyStore } from '../download-keys.ts';
import type { FileAccess } from './file-access.ts';
import { FileJob } from './file-job.ts';
import type { FileService } from './file-service.ts';
import type { StagedWrite, StagedWriteOptions } from './staged-write.ts';
import { clientBaseName, normalizeClientPath } from '../../lib/file-sandbox.ts';
import { isProtectedPath } from './protected-path.ts';

export const DOWNLOAD_KEY_NOT_FOUND = 'File not found with the download key';
const DELETE_ROOT = 'Cannot delete instance root';

/** A download opened from a key: stream it, then call `done` with how it ended. */
export interface OpenedDownload {
  stream: Readable;
  /** The attachment's file name (`<dir>.zip` for a directory). */
  name: string;
  /** Bytes, or null for a directory zipped while it is sent. */
  size: number | null;
  done(success: boolean): void;
}

/**
 * A file being uploaded in pieces (SFTP): `staged` takes the bytes; `commit` checks the rules again
 * for the user as they are now and puts the file in place; `abort` drops it.
 */
export interface InstanceUpload {
  readonly staged: StagedWrite;
  commit(user: StoredUser): Promise<void>;
  abort(): Promise<void>;
}

/** A file opened for reading at any offset (SFTP): its handle (the caller closes it) and size. */
export interface OpenedRead {
  handle: FileHandle;
  size: number;
}

/** Backup archives a download key may name (BackupService.download fits). */
export interface BackupArchives {
  download(
    instance: string,
    backupId: string,
  ): Promise<{ path: string; name: string; size: number }>;
}

/**
 * The instance file operations of core-api.md §1.4.14 that answer when they are done: the caller
 * (a route) has checked ReadInstanceFile / WriteInstanceFile; this applies the protected-path rule,
 * runs the FileService operation and emits the FSEvent. Paths are client paths (already decoded).
 */
export class InstanceFiles {
  constructor(
    private readonly access: FileAccess,
    private readonly keys: DownloadKeyStore,
    private readonly guard: PermissionGuard,
    /** Where backup keys are resolved (absent: backup keys find nothing). */
    private readonly backups: BackupArchives | null = null,
  ) {}

  async list(user: StoredUser, uuid: string, relative: string): Promise<ClientFile[]> {
    const service = this.access.service(uuid);
    const files = await service.list(relative);
    this.access.emit(user, 'Read', await this.access.target(service, relative));
    return files;
  }

  async read(user: StoredUser, uuid: string, relative: string): Promise<string> {
    const service = this.access.service(uuid);
    const text = await service.readText(relative);
    this.access.emit(user, 'Read', await this.access.target(service, relative));
    return text;
  }

  /**
   * Streams `body` into the file atomically (temp file + rename): an aborted body changes nothing.
   * Under `macros/` it needs the macro permission too, and the writer becomes the code's author.
   */
  async write(user: StoredUser, uuid: string, relative: string, body: Readable): Promise<void> {
    const service = this.access.service(uuid);
    const touch = await this.#guardWrite(user, uuid, service, relative);
    await this.access.macroWrite(user, uuid, service, touch, async () => {
      await service.writeAtomic(relative, body);
      this.access.emit(user, 'Write', await this.access.target(service, relative));
    });
  }

  /** What a path is now (links inside the root followed); no event, like a listing's entries. */
  async stat(uuid: string, relative: string): Promise<ClientFile> {
    return this.access.service(uuid).stat(relative);
  }

  /**
   * A regular file opened for a remote client to read at any offset (SFTP); the caller closes it.
   * An FSEvent `Download`, as for an HTTP download.
   */
  async openRead(user: StoredUser, uuid: string, relative: string): Promise<OpenedRead> {
    const service = this.access.service(uuid);
    const opened = await service.openRead(relative);
    this.access.emit(user, 'Download', await this.access.target(service, relative));
    return opened;
  }

  /**
   * Begins an upload written in pieces (SFTP). The rules of `write` (macro code, protected paths)
   * are checked now and again at `commit`, which replaces the file atomically, records the author
   * of a macro file and emits an FSEvent `Upload`; nothing changes before it.
   */
  async beginWrite(
    user: StoredUser,
    uuid: string,
    relative: string,
    options: StagedWriteOptions = {},
  ): Promise<InstanceUpload> {
    const service = this.access.service(uuid);
    await this.#guardWrite(user, uuid, service, relative);
    const staged = await service.beginWrite(relative, options);
    return {
      staged,
      commit: async (by) => {
        const touch = await this.#guardWrite(by, uuid, service, relative).catch(
          async (err: unknown) => {
            await staged.abort();
            throw err;
          },
        );
        await this.access.macroWrite(by, uuid, service, touch, async () => {
          await staged.commit();
          this.access.emit(by, 'Upload', await this.access.target(service, relative));
        });
      },
      abort: () => staged.abort(),
    };
  }

  /** The rules of a file write: macro code needs the macro permission, protected paths a privilege. */
  async #guardWrite(user: StoredUser, uuid: string, service: FileService, relative: string) {
    const touch = await this.access.guardMacros(user, uuid, service, [relative]);
    await this.access.requireUnprotected(user, relative, () =>
      this.access.isProtectedNow(service, relative),
    );
    return touch;
  }

  async newFile(user: StoredUser, uuid: string, relative: string): Promise<void> {
    const service = this.access.service(uuid);
    const touch = await this.#guardWrite(user, uuid, service, relative);
    await this.access.macroWrite(user, uuid, service, touch, async () => {
      await service.newFile(relative);
      this.access.emit(user, 'Create', await this.access.target(service, relative));
    });
  }

  async mkdir(user: StoredUser, uuid: string, relative: string): Promise<void> {
    const service = this.access.service(uuid);
    const touch = await this.access.guardMacros(user, uuid, service, [relative]);
    await this.access.macroWrite(user, uuid, service, touch, async () => {
      await service.mkdir(relative);
      this.access.emit(user, 'Create', await this.access.target(service, relative));
    });
  }

  async rm(user: StoredUser, uuid: string, relative: string): Promise<void> {
    if (normalizeClientPath(relative) === '.') throw permissionDenied(DELETE_ROOT);
    const service = this.access.service(uuid);
    const touch = await this.access.guardMacros(user, uuid, service, [relative]);
    await this.access.requireUnprotected(user, relative, () =>
      this.access.isProtectedNow(service, relative),
    );
    const target = await this.access.target(service, relative, false);
    await this.access.macroWrite(user, uuid, service, touch, async () => {
      await service.rm(relative);
      this.access.emit(user, 'Delete', { type: 'File', path: target.path });
    });
  }

  async rmdir(user: StoredUser, uuid: string, relative: string): Promise<void> {
    if (normalizeClientPath(relative) === '.') throw permissionDenied(DELETE_ROOT);
    const service = this.access.service(uuid);
    const touch = await this.access.guardMacros(user, uuid, service, [relative]);
    await this.access.requireUnprotected(user, relative, () => service.containsProtected(relative));
    const target = await this.access.target(service, relative, false);
    await this.access.macroWrite(user, uuid, service, touch, async () => {
      await service.rmdir(relative);
      this.access.emit(user, 'Delete', { type: 'Directory', path: target.path });
    });
  }

  /**
   * Renames `source` to the full path `destination` (an existing destination is an error). The
   * protected rule covers both ends (the reference checked neither): everything the source holds,
   * and the destination name judged as what is moved (a directory is protected only as `mods`).
   */
  async move(user: StoredUser, uuid: string, source: string, destination: string): Promise<void> {
    const service = this.access.service(uuid);
    const from = await service.stat(source);
    const isDir = from.file_type === 'Directory';
    const touch = await this.access.guardMacros(user, uuid, service, [source, destination]);
    await this.access.requireUnprotected(user, source, () => service.containsProtected(source));
    await this.access.requireUnprotected(user, destination, () =>
      isProtectedPath(destination, isDir),
    );
    const sourceTarget = await this.access.target(service, source, false);
    await this.access.macroWrite(
      user,
      uuid,
      service,
      touch,
      async () => {
        await service.move(source, destination);
        this.access.emit(
          user,
          { Move: { source: sourceTarget.path } },
          await this.access.target(service, destination, false),
        );
      },
      { carries: true },
    );
  }

  /** A download key for an existing path (a directory is zipped only when it is downloaded). */
  async createDownloadKey(user: StoredUser, uuid: string, relative: string): Promise<string> {
    const service = this.access.service(uuid);
    await service.stat(relative);
    return this.keys.create({
      kind: 'file',
      uid: user.uid,
      instance: uuid,
      path: normalizeClientPath(relative),
    });
  }

  /**
   * A download key for one backup archive, bound to `user` like a file key (the caller checked
   * ReadInstanceFile; the download checks it again).
   */
  async createBackupKey(user: StoredUser, uuid: string, backupId: string): Promise<string> {
    if (this.backups === null) throw notFound('Backups are not available');
    await this.backups.download(uuid, backupId);
    return this.keys.create({ kind: 'backup', uid: user.uid, instance: uuid, backupId });
  }

  /**
   * Opens what a key grants. The key must be live, its user must still exist and still hold
   * ReadInstanceFile on the instance; every refusal is the same 404 so a key reveals nothing.
   */
  async openDownload(key: string): Promise<OpenedDownload> {
    const grant = this.keys.get(key);
    if (grant === null) throw notFound(DOWNLOAD_KEY_NOT_FOUND);
    let user: StoredUser;
    try {
      user = this.access.deps.users.get(grant.uid);
      this.access.deps.instances.get(grant.instance);
    } catch (err) {
      if (err instanceof CoreError && err.kind === 'NotFound')
        throw notFound(DOWNLOAD_KEY_NOT_FOUND);
      throw err;
    }
    if (!this.guard.can(user, { type: 'ReadInstanceFile', instance: grant.instance }))
      throw notFound(DOWNLOAD_KEY_NOT_FOUND);
    if (grant.kind === 'backup') return this.openBackup(grant.instance, grant.backupId);
    const service = this.access.service(grant.instance);
    const target = await this.access.target(service, grant.path);
    const file = await service.stat(grant.path);
    if (file.file_type === 'Directory') {
      const stream = await service.zipDirectoryStream(grant.path);
      const name = `${clientBaseName(grant.path) ?? file.name}.zip`;
      this.access.emit(user, 'Download', target);
      const job = new FileJob(
        this.access.deps.events,
        user,
        grant.instance,
        `Zipping ${grant.path} for download`,
        null,
      );
      const done = (success: boolean) =>
        job.end(
          success,
          success
            ? `Zipped ${grant.path} for download`
            : `Failed to zip ${grant.path} for download`,
        );
      return { stream, name, size: null, done };
    }
    const opened = await service.openForDownload(grant.path);
    this.access.emit(user, 'Download', target);
    return { stream: opened.stream, name: opened.name, size: opened.size, done: () => undefined };
  }

  /** The archive as it is now (deleted since the key was made: the same 404 as any refusal). */
  private async openBackup(instance: string, backupId: string): Promise<OpenedDownload> {
    if (this.backups === null) throw notFound(DOWNLOAD_KEY_NOT_FOUND);
    let archive: { path: string; name: string; size: number };
    try {
      archive = await this.backups.download(instance, backupId);
    } catch (err) {
      if (err instanceof CoreError && (err.kind === 'NotFound' || err.kind === 'BadRequest'))
        throw notFound(DOWNLOAD_KEY_NOT_FOUND);
      throw err;
    }
    const handle = await open(archive.path, constants.O_RDONLY | constants.O_NOFOLLOW);
    const stream = handle.createReadStream({ start: 0, end: archive.size - 1 });
    return { stream, name: archive.name, size: archive.size, done: () => undefined };
  }
}
