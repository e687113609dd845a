import type { ClientFile, UserActionType } from '@hearth/protocol';
import ssh2, { type Attributes, type FileEntry, type SFTPWrapper } from 'ssh2';
import type { PermissionGuard } from '../../auth/permission-guard.ts';
import { CoreError, badRequest, notFound, permissionDenied, toCoreError } from '../../errors.ts';
import { clientBaseName } from '../../lib/file-sandbox.ts';
import type { Logger } from '../../lib/logger.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import type { InstanceFiles, InstanceUpload, OpenedRead } from '../files/instance-files.ts';
import { attrsOf, factsOfClientFile, longnameOf, type FileFacts } from './sftp-attrs.ts';
import { SftpFlow, type FlowChannel } from './sftp-flow.ts';
import { toClientPath, toSftpPath } from './sftp-paths.ts';

// ssh2 is CommonJS whose exports Node cannot name statically: take them from the default.
const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;

/** Open files and directories one session may hold. */
export const MAX_HANDLES = 256;
/** The most a READ answers at once (clients ask for 32–256 KiB; a shorter reply is allowed). */
const MAX_READ = 256 * 1024;
/** Directory entries per READDIR reply. */
const NAMES_PER_REPLY = 128;

interface ReadHandle {
  kind: 'read';
  path: string;
  file: OpenedRead['handle'];
  /** Operations on one handle run in order, one at a time. */
  chain: Promise<void>;
}

interface WriteHandle {
  kind: 'write';
  path: string;
  upload: InstanceUpload;
  append: boolean;
  readable: boolean;
  chain: Promise<void>;
  /** Set when a write failed: the upload is then dropped at CLOSE, never committed half-done. */
  failure: CoreError | null;
}

interface DirHandle {
  kind: 'dir';
  path: string;
  /** Entries still to send; null once the listing was sent (the next READDIR answers EOF). */
  pending: FileEntry[] | null;
}

type Handle = ReadHandle | WriteHandle | DirHandle;

export interface SftpSessionDeps {
  files: InstanceFiles;
  guard: PermissionGuard;
  log: Logger;
}

/**
 * One SFTP channel of a signed-in account: every request becomes a call to the instance file layer
 * (`InstanceFiles`, over the one file sandbox) after the same permission check its HTTP route makes
 * — reading needs `ReadInstanceFile`, anything that changes a file `WriteInstanceFile`, and the file
 * layer adds the protected-path and macro-code rules and the FSEvents. Paths are the instance's,
 * from `/` (sftp-paths.ts). Symbolic links are neither made nor read; links inside the instance are
 * followed like the file API follows them, links leading out are refused by the sandbox. Uploads
 * are staged (temp file + rename at CLOSE), never written in place.
 */
export class SftpSession {
  readonly #handles = new Map<number, Handle>();
  #nextHandle = 1;
  #closed = false;
  readonly #flow: SftpFlow;

  constructor(
    private readonly sftp: SFTPWrapper,
    private readonly account: { user: () => StoredUser; instance: string },
    private readonly deps: SftpSessionDeps,
  ) {
    this.#flow = new SftpFlow(sftp as unknown as FlowChannel);
    this.listen();
  }

  /** Ends the session: drops unfinished uploads, closes open files. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#flow.close();
    const handles = [...this.#handles.values()];
    this.#handles.clear();
    for (const handle of handles) await this.release(handle);
  }

  private listen(): void {
    const s = this.sftp;
    s.on('OPEN', (id: number, path: string, flags: number) =>
      this.run(id, () => this.open(id, path, flags)),
    );
    s.on('READ', (id: number, handle: Buffer, offset: number, length: number) =>
      this.onHandle(id, handle, (h) => this.read(id, h, offset, length)),
    );
    s.on('WRITE', (id: number, handle: Buffer, offset: number, data: Buffer) =>
      this.onWrite(id, handle, offset, data),
    );
    s.on('FSTAT', (id: number, handle: Buffer) =>
      this.onHandle(id, handle, (h) => this.fstat(id, h)),
    );
    s.on('FSETSTAT', (id: number, handle: Buffer, attrs: Attributes) =>
      this.onHandle(id, handle, (h) => this.fsetstat(id, h, attrs)),
    );
    s.on('CLOSE', (id: number, handle: Buffer) => this.onClose(id, handle));
    s.on('OPENDIR', (id: number, path: string) => this.run(id, () => this.opendir(id, path)));
    s.on('READDIR', (id: number, handle: Buffer) => this.readdir(id, handle));
    s.on('STAT', (id: number, path: string) => this.run(id, () => this.stat(id, path)));
    // Links are never shown as links (clients would ask READLINK, which is refused): LSTAT is STAT.
    s.on('LSTAT', (id: number, path: string) => this.run(id, () => this.stat(id, path)));
    s.on('REALPATH', (id: number, path: string) => this.run(id, () => this.realpath(id, path)));
    s.on('SETSTAT', (id: number, path: string, attrs: Attributes) =>
      this.run(id, () => this.setstat(id, path, attrs)),
    );
    s.on('MKDIR', (id: number, path: string) =>
      this.run(id, async () => {
        const user = this.need('WriteInstanceFile');
        await this.deps.files.mkdir(user, this.account.instance, toClientPath(path));
        this.ok(id);
      }),
    );
    s.on('RMDIR', (id: number, path: string) =>
      this.run(id, async () => {
        const user = this.need('WriteInstanceFile');
        await this.deps.files.rmdir(user, this.account.instance, toClientPath(path));
        this.ok(id);
      }),
    );
    s.on('REMOVE', (id: number, path: string) =>
      this.run(id, async () => {
        const user = this.need('WriteInstanceFile');
        await this.deps.files.rm(user, this.account.instance, toClientPath(path));
        this.ok(id);
      }),
    );
    // SFTP v3 RENAME never replaces an existing file; neither does the file API's move.
    s.on('RENAME', (id: number, from: string, to: string) =>
      this.run(id, async () => {
        const user = this.need('WriteInstanceFile');
        await this.deps.files.move(
          user,
          this.account.instance,
          toClientPath(from),
          toClientPath(to),
        );
        this.ok(id);
      }),
    );
    s.on('READLINK', (id: number) =>
      this.sftp.status(id, STATUS_CODE.OP_UNSUPPORTED, 'Symbolic links are not supported'),
    );
    s.on('SYMLINK', (id: number) =>
      this.sftp.status(id, STATUS_CODE.OP_UNSUPPORTED, 'Symbolic links are not supported'),
    );
    // No extension is offered; a client asking anyway is told so.
    s.on('EXTENDED', (id: number) => this.sftp.status(id, STATUS_CODE.OP_UNSUPPORTED));
  }

  /** The caller as they are now, holding `action` on the instance (else PermissionDenied). */
  private need(action: Extract<UserActionType, 'ReadInstanceFile' | 'WriteInstanceFile'>) {
    const user = this.account.user();
    this.deps.guard.require(user, { type: action, instance: this.account.instance });
    return user;
  }

  private writable(user: StoredUser): boolean {
    return this.deps.guard.can(user, {
      type: 'WriteInstanceFile',
      instance: this.account.instance,
    });
  }

  private run(id: number, work: () => Promise<void>): void {
    if (this.#closed) return;
    work().catch((err: unknown) => this.fail(id, err));
  }

  private ok(id: number): void {
    if (!this.#closed) this.sftp.status(id, STATUS_CODE.OK);
  }

  /** A failure as an SFTP status with the file API's words (never a host path or a stack). */
  private fail(id: number, err: unknown): void {
    if (this.#closed) return;
    const error = toCoreError(err);
    if (error.status >= 500) this.deps.log.warn({ err }, 'SFTP request failed');
    const code =
      error.kind === 'NotFound'
        ? STATUS_CODE.NO_SUCH_FILE
        : error.kind === 'PermissionDenied' || error.kind === 'Unauthorized'
          ? STATUS_CODE.PERMISSION_DENIED
          : STATUS_CODE.FAILURE;
    this.sftp.status(id, code, error.causes.join(': '));
  }

  private handleOf(raw: Buffer): Handle | undefined {
    return raw.length === 4 ? this.#handles.get(raw.readUInt32BE(0)) : undefined;
  }

  private addHandle(id: number, handle: Handle): void {
    const key = this.#nextHandle++;
    this.#handles.set(key, handle);
    const raw = Buffer.alloc(4);
    raw.writeUInt32BE(key >>> 0, 0);
    this.sftp.handle(id, raw);
  }

  /** Runs `work` on a file handle after the handle's earlier operations. */
  private onHandle(
    id: number,
    raw: Buffer,
    work: (handle: ReadHandle | WriteHandle | DirHandle) => Promise<void>,
  ): void {
    const handle = this.handleOf(raw);
    if (handle === undefined) {
      this.sftp.status(id, STATUS_CODE.FAILURE, 'Invalid handle');
      return;
    }
    if (handle.kind === 'dir') {
      this.run(id, () => work(handle));
      return;
    }
    handle.chain = handle.chain.then(() =>
      work(handle).catch((err: unknown) => this.fail(id, err)),
    );
  }

  private async open(id: number, path: string, flags: number): Promise<void> {
    if (this.#handles.size >= MAX_HANDLES) throw badRequest('Too many open files');
    const relative = toClientPath(path);
    const { files } = this.deps;
    const instance = this.account.instance;
    if ((flags & OPEN_MODE.WRITE) === 0) {
      const user = this.need('ReadInstanceFile');
      const { handle: file } = await files.openRead(user, instance, relative);
      if (this.#closed) {
        await file.close();
        return;
      }
      this.addHandle(id, { kind: 'read', path: relative, file, chain: Promise.resolve() });
      return;
    }
    const user = this.need('WriteInstanceFile');
    const exists = await files.stat(instance, relative).then(
      () => true,
      (err: unknown) => {
        if (err instanceof CoreError && err.kind === 'NotFound') return false;
        throw err;
      },
    );
    if (!exists && (flags & OPEN_MODE.CREAT) === 0) throw notFound('No such file');
    const upload = await files.beginWrite(user, instance, relative, {
      keep: exists && (flags & OPEN_MODE.TRUNC) === 0,
      exclusive: (flags & OPEN_MODE.CREAT) !== 0 && (flags & OPEN_MODE.EXCL) !== 0,
    });
    if (this.#closed) {
      await upload.abort();
      return;
    }
    this.addHandle(id, {
      kind: 'write',
      path: relative,
      upload,
      append: (flags & OPEN_MODE.APPEND) !== 0,
      readable: (flags & OPEN_MODE.READ) !== 0,
      chain: Promise.resolve(),
      failure: null,
    });
  }

  private async read(id: number, handle: Handle, offset: number, length: number): Promise<void> {
    if (handle.kind === 'dir') throw badRequest('Is a directory');
    if (handle.kind === 'write' && !handle.readable)
      throw badRequest('The file is not open for reading');
    this.need('ReadInstanceFile');
    await this.#flow.outputRoom();
    const buffer = Buffer.allocUnsafe(Math.max(0, Math.min(length, MAX_READ)));
    const bytesRead =
      handle.kind === 'read'
        ? (await handle.file.read(buffer, 0, buffer.length, offset)).bytesRead
        : await handle.upload.staged.read(buffer, offset);
    if (this.#closed) return;
    if (bytesRead === 0 && buffer.length > 0) this.sftp.status(id, STATUS_CODE.EOF);
    else this.sftp.data(id, buffer.subarray(0, bytesRead));
  }

  private onWrite(id: number, raw: Buffer, offset: number, data: Buffer): void {
    const handle = this.handleOf(raw);
    if (handle === undefined || handle.kind !== 'write') {
      this.sftp.status(
        id,
        STATUS_CODE.FAILURE,
        handle === undefined ? 'Invalid handle' : 'The file is not open for writing',
      );
      return;
    }
    const done = this.#flow.track(data.byteLength);
    handle.chain = handle.chain.then(async () => {
      try {
        if (handle.failure !== null) throw handle.failure;
        this.need('WriteInstanceFile');
        const at = handle.append ? await handle.upload.staged.size() : offset;
        await handle.upload.staged.write(data, at);
        this.ok(id);
      } catch (err) {
        handle.failure ??= toCoreError(err);
        this.fail(id, err);
      } finally {
        done();
      }
    });
  }

  private async fstat(id: number, handle: Handle): Promise<void> {
    const user = this.need('ReadInstanceFile');
    const writable = this.writable(user);
    let facts: FileFacts;
    if (handle.kind === 'read') {
      const st = await handle.file.stat();
      facts = { type: 'File', size: st.size, mtime: Math.floor(st.mtimeMs / 1000) };
    } else if (handle.kind === 'write') {
      facts = { type: 'File', size: await handle.upload.staged.size(), mtime: now() };
    } else {
      facts = factsOfClientFile(await this.deps.files.stat(this.account.instance, handle.path));
    }
    if (!this.#closed) this.sftp.attrs(id, attrsOf(facts, writable));
  }

  /**
   * Attributes are not changed (Hearth's permissions, not modes, decide who may do what; times and
   * owners are the host's): a request is answered OK so uploaders that set them (WinSCP, FileZilla)
   * do not report an error. A size on an upload's handle truncates that upload.
   */
  private async fsetstat(id: number, handle: Handle, attrs: Attributes): Promise<void> {
    if (handle.kind === 'write' && typeof attrs.size === 'number') {
      this.need('WriteInstanceFile');
      await handle.upload.staged.truncate(attrs.size);
    }
    this.ok(id);
  }

  private async setstat(id: number, path: string, attrs: Attributes): Promise<void> {
    this.need('WriteInstanceFile');
    const relative = toClientPath(path);
    await this.deps.files.stat(this.account.instance, relative);
    if (typeof attrs.size === 'number')
      throw permissionDenied('Change a file’s size by writing it', `${relative} was not changed`);
    this.ok(id);
  }

  private onClose(id: number, raw: Buffer): void {
    const handle = this.handleOf(raw);
    if (handle === undefined) {
      this.sftp.status(id, STATUS_CODE.FAILURE, 'Invalid handle');
      return;
    }
    this.#handles.delete(raw.readUInt32BE(0));
    const finish = async () => {
      if (handle.kind !== 'write') {
        await this.release(handle);
        this.ok(id);
        return;
      }
      if (handle.failure !== null) {
        await handle.upload.abort();
        throw handle.failure;
      }
      await handle.upload.commit(this.need('WriteInstanceFile'));
      this.ok(id);
    };
    if (handle.kind === 'dir') this.run(id, finish);
    else
      handle.chain = handle.chain.then(() =>
        finish().catch(async (err: unknown) => {
          if (handle.kind === 'write') await handle.upload.abort();
          this.fail(id, err);
        }),
      );
  }

  private async release(handle: Handle): Promise<void> {
    if (handle.kind === 'read') await handle.file.close().catch(() => undefined);
    if (handle.kind === 'write') await handle.upload.abort();
  }

  private async opendir(id: number, path: string): Promise<void> {
    if (this.#handles.size >= MAX_HANDLES) throw badRequest('Too many open files');
    const user = this.need('ReadInstanceFile');
    const relative = toClientPath(path);
    const files = await this.deps.files.list(user, this.account.instance, relative);
    const writable = this.writable(user);
    const nowS = now();
    const pending = files.map((file) => entryOf(file, writable, nowS));
    if (!this.#closed) this.addHandle(id, { kind: 'dir', path: relative, pending });
  }

  private readdir(id: number, raw: Buffer): void {
    const handle = this.handleOf(raw);
    if (handle === undefined || handle.kind !== 'dir') {
      this.sftp.status(id, STATUS_CODE.FAILURE, 'Invalid handle');
      return;
    }
    if (handle.pending === null || handle.pending.length === 0) {
      handle.pending = null;
      this.sftp.status(id, STATUS_CODE.EOF);
      return;
    }
    this.sftp.name(id, handle.pending.splice(0, NAMES_PER_REPLY));
  }

  private async stat(id: number, path: string): Promise<void> {
    const user = this.need('ReadInstanceFile');
    const file = await this.deps.files.stat(this.account.instance, toClientPath(path));
    if (!this.#closed) this.sftp.attrs(id, attrsOf(factsOfClientFile(file), this.writable(user)));
  }

  /** The canonical absolute path; it need not exist (clients ask before they create). */
  private async realpath(id: number, path: string): Promise<void> {
    this.need('ReadInstanceFile');
    const canonical = toSftpPath(toClientPath(path));
    if (this.#closed) return;
    const name = clientBaseName(toClientPath(path)) ?? '/';
    this.sftp.name(id, [{ filename: canonical, longname: name, attrs: {} as Attributes }]);
  }
}

const now = () => Math.floor(Date.now() / 1000);

function entryOf(file: ClientFile, writable: boolean, nowS: number): FileEntry {
  const attrs = attrsOf(factsOfClientFile(file), writable);
  return { filename: file.name, longname: longnameOf(file.name, attrs, nowS), attrs };
}
