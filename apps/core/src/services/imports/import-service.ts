import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  IMPORT_STAGE_TTL_MS,
  formatBytes,
  type ImportCreateBody,
  type ImportDetection,
  type StagedImport,
} from '@hearth/protocol';
import { CoreError, badRequest, notFound, permissionDenied } from '../../errors.ts';
import { FileSandbox } from '../../lib/file-sandbox.ts';
import type { Logger } from '../../lib/logger.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import { archiveKindOf } from '../files/archive-extract.ts';
import { FileService, type FileServiceOptions } from '../files/file-service.ts';
import {
  checkHostFolder,
  copyHostFolder,
  makeStagingFolder,
  removeStagingFolder,
} from '../files/folder-import.ts';
import { limitsFor } from '../files/unzip-op.ts';
import { DEFAULT_MAX_EXTRACT_BYTES, DEFAULT_MAX_EXTRACT_ENTRIES } from '../files/index.ts';
import type { InstanceCreation, TransferredGeneric } from '../instance-creation.ts';
import type { ShippedEntry } from '../shipped-definitions.ts';
import { detectImport } from './import-detection.ts';

/** Staged imports one user may hold at once (each may be gigabytes on disk). */
export const MAX_STAGED_PER_USER = 2;

/**
 * Marker files an instance folder may carry from where it came from (Lodestone's, an older
 * Hearth's): read once by detection, then removed from the staged folder, so a core that dies
 * between moving it into place and recording it never adopts it as someone else's instance.
 */
const FOREIGN_MARKERS = [
  '.lodestone_config',
  '.hearth_instance.json',
  '.hearth_pid.json',
  '.hearth_creating',
];

interface Staged {
  id: string;
  owner: string;
  /** The staging folder (a temp name under instances/). */
  dir: string;
  /** The server's folder inside it (the archive's single top folder when it had one). */
  root: string;
  expiresAt: number;
  detection: ImportDetection;
  timer: NodeJS.Timeout;
  /** A create call is moving it into place. */
  busy: boolean;
}

export interface ImportServiceDeps {
  dataDir: string;
  /** The extraction budget and entry cap of archives (`--extract-budget`). */
  limits: FileServiceOptions;
  creation: Pick<InstanceCreation, 'createImported' | 'createTransferred'>;
  shipped: () => readonly ShippedEntry[];
  safeMode: () => boolean;
  log: Logger;
}

/**
 * Importing an existing server (issue 27): a staged import is an uploaded archive extracted
 * through the archive sandbox (budget, entry cap, links and devices refused) or an owner-named
 * host folder copied (never used in place), in a private temp folder under `instances/`, with
 * what detection read from it. Creating moves it into place as the new instance's folder; a
 * failure at any step removes everything it made.
 */
export class ImportService {
  private readonly staged = new Map<string, Staged>();
  private readonly instancesRoot: string;

  constructor(private readonly deps: ImportServiceDeps) {
    this.instancesRoot = path.join(deps.dataDir, 'instances');
  }

  private limits() {
    return {
      maxBytes: this.deps.limits.maxExtractBytes ?? DEFAULT_MAX_EXTRACT_BYTES,
      maxBytesSource: 'budget' as const,
      maxEntries: this.deps.limits.maxExtractEntries ?? DEFAULT_MAX_EXTRACT_ENTRIES,
    };
  }

  private checkRoom(user: StoredUser): void {
    const mine = [...this.staged.values()].filter((s) => s.owner === user.uid).length;
    if (mine >= MAX_STAGED_PER_USER)
      throw badRequest(
        'Finish or discard your other imports first',
        `at most ${MAX_STAGED_PER_USER} wait at a time`,
      );
  }

  /** Stages an uploaded `.zip`, `.tar.gz`/`.tgz` or `.tar` of a server folder. */
  async stageUpload(
    user: StoredUser,
    fileName: string,
    data: Readable,
    signal?: AbortSignal,
  ): Promise<StagedImport> {
    const info = archiveKindOf(fileName);
    if (info === null || info.kind === 'gz')
      throw badRequest('Upload a .zip, .tar.gz or .tar of the server folder');
    this.checkRoom(user);
    const limits = this.limits();
    return this.stage(user, info.stem, async (dir) => {
      const service = new FileService(new FileSandbox(dir), this.deps.limits);
      const archive = `upload.${info.kind}`;
      let received = 0;
      // The archive itself may not be larger than what it may expand to.
      async function* capped(): AsyncGenerator<Buffer> {
        for await (const chunk of data as AsyncIterable<Buffer>) {
          received += chunk.length;
          if (received > limits.maxBytes)
            throw badRequest(
              'Failed to upload file',
              `The archive is larger than ${formatBytes(limits.maxBytes)} (the extraction budget)`,
            );
          yield chunk;
        }
      }
      await service.saveUpload('.', archive, capped(), {
        exactName: true,
        ...(signal ? { signal } : {}),
      });
      await service.unzip(archive, { ToDir: 'tree' });
      await service.rm(archive);
      return path.join(dir, 'tree');
    });
  }

  /** Stages a copy of a folder on the core's machine (the owner's, with safe mode off). */
  async stageFolder(user: StoredUser, named: string): Promise<StagedImport> {
    if (!user.isOwner)
      throw permissionDenied('Only the owner may import a folder from this machine');
    if (this.deps.safeMode())
      throw permissionDenied(
        'Importing a folder from this machine needs safe mode off',
        'the folder is read by the core itself',
      );
    this.checkRoom(user);
    const source = await checkHostFolder(named, this.deps.dataDir);
    return this.stage(user, path.basename(source), async (dir) => {
      const tree = path.join(dir, 'tree');
      await new FileSandbox(dir).mkdirp(tree);
      await copyHostFolder(source, tree, await limitsFor(dir, this.limits()));
      return tree;
    });
  }

  private async stage(
    user: StoredUser,
    suggestedName: string,
    fill: (dir: string) => Promise<string>,
  ): Promise<StagedImport> {
    const dir = await makeStagingFolder(this.instancesRoot);
    try {
      const root = await this.serverRoot(await fill(dir));
      const detection = await detectImport(root, suggestedName, this.deps.shipped());
      const service = new FileService(new FileSandbox(root));
      for (const marker of FOREIGN_MARKERS)
        await service.rm(marker).catch((err: unknown) => {
          if (!(err instanceof CoreError && err.kind === 'NotFound')) throw err;
        });
      const id = path.basename(dir).replace(/^\.hearth-tmp-/, '');
      const expiresAt = Date.now() + IMPORT_STAGE_TTL_MS;
      const timer = setTimeout(() => {
        void this.drop(id);
      }, IMPORT_STAGE_TTL_MS);
      timer.unref();
      this.staged.set(id, {
        id,
        owner: user.uid,
        dir,
        root,
        expiresAt,
        detection,
        timer,
        busy: false,
      });
      return { id, expires_at: expiresAt, detection };
    } catch (err) {
      await removeStagingFolder(dir);
      throw err;
    }
  }

  /** The archive's single top folder when that is all it holds (`myserver/…`), else the tree. */
  private async serverRoot(tree: string): Promise<string> {
    const list = await new FileService(new FileSandbox(tree)).list('.');
    const entries = list.filter((f) => f.name !== '__MACOSX');
    const only = entries[0];
    if (entries.length === 1 && only !== undefined && only.file_type === 'Directory')
      return path.join(tree, only.name);
    return tree;
  }

  private mine(user: StoredUser, id: string): Staged {
    const staged = this.staged.get(id);
    // Someone else's import is not there for this caller (the owner may see to any).
    if (!staged || (staged.owner !== user.uid && !user.isOwner))
      throw notFound('No such import (it may have expired: imports wait an hour)');
    return staged;
  }

  /** Creates the instance from a staged import; answers with its uuid as creation does. */
  create(user: StoredUser, id: string, body: ImportCreateBody): Promise<string> {
    return this.place(user, id, (root) => this.deps.creation.createImported(root, body, user));
  }

  /** A staged transfer becomes the generic instance its source announced (services/transfers). */
  createTransferred(user: StoredUser, id: string, moved: TransferredGeneric): Promise<string> {
    return this.place(user, id, (root) => this.deps.creation.createTransferred(root, moved, user));
  }

  private async place(
    user: StoredUser,
    id: string,
    make: (root: string) => Promise<string>,
  ): Promise<string> {
    const staged = this.mine(user, id);
    if (staged.busy) throw badRequest('This import is being created already');
    staged.busy = true;
    let uuid: string;
    try {
      uuid = await make(staged.root);
    } finally {
      staged.busy = false;
    }
    // The folder is the instance's now (or, if its setup fails, removed with it).
    await this.drop(id);
    return uuid;
  }

  async discard(user: StoredUser, id: string): Promise<void> {
    const staged = this.mine(user, id);
    if (staged.busy) throw badRequest('This import is being created');
    await this.drop(id);
  }

  private async drop(id: string): Promise<void> {
    const staged = this.staged.get(id);
    if (!staged || staged.busy) return;
    this.staged.delete(id);
    clearTimeout(staged.timer);
    await removeStagingFolder(staged.dir);
  }

  /** Removes every staged import (the core is stopping; the boot sweep would otherwise). */
  async close(): Promise<void> {
    for (const id of [...this.staged.keys()]) await this.drop(id);
  }
}
