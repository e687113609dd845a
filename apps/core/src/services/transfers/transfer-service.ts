import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  API_PREFIX,
  TRANSFER_MANIFEST_HEADER,
  TRANSFER_MANIFEST_MAX,
  TRANSFER_SHA256_HEADER,
  TransferManifestSchema,
  apiPaths,
  canPerform,
  formatBytes,
  parseErrorBody,
  type TransferInBody,
  type TransferKey,
  type TransferManifest,
} from '@hearth/protocol';
import { CoreError, badRequest, notFound } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { OneShotAllowance, resolveTarget, type Resolver } from '../../lib/address-guard.ts';
import { outboundFetch } from '../../lib/outbound-http.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import { errorText } from '../backups/backup-progress.ts';
import type { ImportService } from '../imports/import-service.ts';
import type { InstanceCreation } from '../instance-creation.ts';
import { Progression } from '../instance-progression.ts';
import type { InstanceService } from '../instance-service.ts';
import { userCause } from '../user-service.ts';
import {
  readTransferArchive,
  removeTransferArchive,
  resetTransfersFolder,
  writeTransferArchive,
  type TransferArchive,
} from './transfer-archive.ts';
import { transferCreate } from './transfer-body.ts';
import { TransferKeys } from './transfer-keys.ts';

/** How long the target waits for the source's answer (the source archives first). */
const PULL_HEADERS_TIMEOUT_MS = 10 * 60 * 1000;
/** A progress line every this many bytes received. */
const PROGRESS_STEP_BYTES = 8 * 1024 * 1024;
const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface TransferServiceDeps {
  instances: Pick<
    InstanceService,
    'exists' | 'state' | 'folder' | 'name' | 'info' | 'hold' | 'transferGeneric'
  >;
  imports: Pick<ImportService, 'stageUpload' | 'create' | 'createTransferred' | 'discard'>;
  creation: Pick<InstanceCreation, 'genericSetupManifest'>;
  events: EventBus;
  /** The core's own folder for outgoing archives (data directory `transfers/`). */
  archiveDir: string;
  resolve: Resolver;
  keys?: TransferKeys;
}

/** What the pull route sends: the archive, its headers, and what to do when it is sent (or not). */
export interface OutgoingTransfer {
  headers: Record<string, string>;
  size: number;
  stream: Readable;
  done(sent: boolean): void;
}

function stoppedEnough(state: string): boolean {
  return state === 'Stopped' || state === 'Error';
}

/**
 * Moving an instance to another core (issue 26). On the SOURCE: `issue` hands the user a key;
 * `pull` answers the target with the instance folder archived in the backup format, its sha256
 * announced in a header first. On the TARGET: `receive` pulls from the source with a one-shot
 * allowance of the outbound guard for that source only, checks the sha256 while the archive is
 * written to a staging folder (a mismatch fails the upload: nothing is extracted, nothing kept),
 * extracts it through the archive sandbox, and creates the instance as an import with the
 * source's name, description and flags. The source keeps its instance.
 */
export class TransferService {
  readonly keys: TransferKeys;

  constructor(private readonly deps: TransferServiceDeps) {
    this.keys = deps.keys ?? new TransferKeys();
  }

  /** Archives a stopped core left behind are removed before it answers. */
  async init(): Promise<void> {
    await resetTransfersFolder(this.deps.archiveDir);
  }

  /**
   * Source: a key for `uuid`, for whoever may read (export) it. What a generic instance's
   * definition keeps beside the folder (its URL, its install result: settings, passwords among
   * them) goes with it only for someone who may see the instance's settings.
   */
  issue(user: StoredUser, uuid: string): TransferKey {
    const settings = canPerform(user, { type: 'AccessSetting', instance: uuid }, false);
    return this.keys.issue(uuid, userCause(user), settings);
  }

  /** Source: the archive for a key, which is used up by this call whatever happens next. */
  async pull(key: string): Promise<OutgoingTransfer> {
    const grant = this.keys.take(key);
    // As an unknown download key: the key is the capability, and a wrong one names nothing.
    if (!grant)
      throw new CoreError('NotFound', [
        'This transfer key is wrong, expired or used already',
        'ask the source core for a new one',
      ]);
    const { instances, events } = this.deps;
    const { uuid, causedBy } = grant;
    if (!instances.exists(uuid)) throw notFound('The instance to move is gone');
    if (!stoppedEnough(instances.state(uuid)))
      throw badRequest('Stop the instance before moving it', 'its files must not change meanwhile');
    const name = instances.name(uuid);
    const release = instances.hold(uuid, 'being sent to another core');
    const progression = new Progression(
      events,
      causedBy,
      `Sending ${name} to another core`,
      null,
      null,
    );
    let archive: TransferArchive | null = null;
    let header: string;
    try {
      archive = await writeTransferArchive(instances.folder(uuid), this.deps.archiveDir);
      const info = await instances.info(uuid);
      const manifest: TransferManifest = {
        uuid,
        name: info.name,
        description: info.description,
        game_type: info.game_type,
        version: info.version,
        port: info.port,
        auto_start: info.auto_start,
        restart_on_crash: info.restart_on_crash,
        size: archive.size,
      };
      // A generic game's definition and install result: the folder does not show how it starts.
      const generic = instances.transferGeneric(uuid);
      if (generic && grant.settings) manifest.generic = generic;
      else if (generic) manifest.generic_withheld = true;
      header = Buffer.from(JSON.stringify(manifest)).toString('base64url');
      if (header.length > TRANSFER_MANIFEST_MAX)
        throw badRequest(
          'This instance cannot be moved: its definition keeps too much data for the transfer',
          `${formatBytes(header.length)} encoded, at most ${formatBytes(TRANSFER_MANIFEST_MAX)}`,
        );
    } catch (err) {
      if (archive) await removeTransferArchive(archive).catch(() => undefined);
      release();
      progression.end(false, `Sending ${name} failed: ${errorText(err)}`, null);
      throw err;
    }
    return {
      headers: {
        [TRANSFER_SHA256_HEADER]: archive.sha256,
        [TRANSFER_MANIFEST_HEADER]: header,
      },
      size: archive.size,
      stream: readTransferArchive(archive),
      done: (sent) => {
        release();
        void removeTransferArchive(archive);
        progression.end(
          sent,
          sent
            ? `Sent ${name} (${formatBytes(archive.size)}) to another core; it stays here until you delete it`
            : `Sending ${name} to another core stopped before the end`,
          null,
        );
      },
    };
  }

  /** Target: pulls the instance from its source and creates it here; answers the new uuid. */
  async receive(user: StoredUser, body: TransferInBody): Promise<string> {
    const source = sourceOrigin(body.source_url);
    const pullUrl = new URL(`${API_PREFIX}${apiPaths.transferPull()}`, source);
    // The source is often on the owner's network (or this machine): the guard lets this one
    // request reach it, and nothing else.
    const address = await resolveTarget(pullUrl, {
      allowPrivate: false,
      resolve: this.deps.resolve,
      allowance: new OneShotAllowance(source),
    });
    const progression = new Progression(
      this.deps.events,
      userCause(user),
      `Receiving an instance from ${source}`,
      null,
      null,
    );
    try {
      const res = await outboundFetch({
        url: pullUrl.href,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: body.key }),
        timeoutMs: PULL_HEADERS_TIMEOUT_MS,
        timeoutHeadersOnly: true,
        connectTo: address,
        anyStatus: true,
      });
      if (!res.ok) {
        const envelope = parseErrorBody(await res.text().catch(() => ''));
        throw badRequest(
          'The source core refused the transfer',
          envelope?.causes.join(': ') || `it answered ${res.status}`,
        );
      }
      const sha256 = res.headers.get(TRANSFER_SHA256_HEADER) ?? '';
      const manifest = readManifest(res.headers.get(TRANSFER_MANIFEST_HEADER));
      if (!SHA256_HEX.test(sha256) || !manifest || !res.body) {
        await res.body?.cancel();
        throw badRequest('The source did not answer as a Hearth core sending an instance');
      }
      const data = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
      let reported = 0;
      const onBytes = (received: number) => {
        if (received - reported < PROGRESS_STEP_BYTES && received < manifest.size) return;
        reported = received;
        progression.update(0, `Received ${formatBytes(received)} of ${formatBytes(manifest.size)}`);
      };
      const staged = await this.deps.imports.stageUpload(
        user,
        'transfer.tar.gz',
        Readable.from(verified(data, sha256, onBytes)),
      );
      let uuid: string;
      try {
        const definition =
          staged.detection.kind === 'definition' && staged.detection.definition
            ? await this.deps.creation.genericSetupManifest(staged.detection.definition.url, user)
            : null;
        const create = transferCreate(staged.detection, manifest, definition, body.port);
        uuid =
          create.kind === 'generic'
            ? await this.deps.imports.createTransferred(user, staged.id, create.moved)
            : await this.deps.imports.create(user, staged.id, create.body);
      } catch (err) {
        await this.deps.imports.discard(user, staged.id).catch(() => undefined);
        throw err;
      }
      progression.end(true, `Received ${manifest.name} from ${source}; it is being set up`, null);
      return uuid;
    } catch (err) {
      progression.end(
        false,
        `Receiving an instance from ${source} failed: ${errorText(err)}`,
        null,
      );
      throw err;
    }
  }
}

/** The source core's origin (`http(s)://host:port`); a path (such as `/api/v1`) is ignored. */
function sourceOrigin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('The source address is not a URL', raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest('The source address must be http or https');
  if (url.username || url.password) throw badRequest('The source address may not hold a password');
  return url.origin;
}

function readManifest(header: string | null): TransferManifest | null {
  if (!header) return null;
  try {
    const parsed = TransferManifestSchema.safeParse(
      JSON.parse(Buffer.from(header, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The archive's bytes as they arrive, hashed; after the last one a mismatch with the announced
 * sha256 fails the stream, so the upload fails before anything is extracted.
 */
async function* verified(
  data: AsyncIterable<Buffer>,
  sha256: string,
  onBytes: (received: number) => void,
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let received = 0;
  for await (const chunk of data) {
    hash.update(chunk);
    received += chunk.length;
    onBytes(received);
    yield chunk;
  }
  if (hash.digest('hex') !== sha256)
    throw badRequest(
      'The received archive does not match the sha256 its source announced',
      'nothing was kept; try the move again',
    );
}
