import {
  DEFAULT_SFTP_PORT,
  PORT_MAX,
  PORT_MIN,
  SftpSettingsSchema,
  type Activity,
  type CausedBy,
  type ClientEvent,
  type SftpInfo,
  type SftpSettings,
} from '@hearth/protocol';
import type { SFTPWrapper } from 'ssh2';
import type { PermissionGuard } from '../../auth/permission-guard.ts';
import { badRequest } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Logger } from '../../lib/logger.ts';
import { SerialQueue } from '../../lib/serial-queue.ts';
import type { SettingsRepository } from '../../repositories/settings-repository.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import type { InstanceFiles } from '../files/instance-files.ts';
import { loadOrCreateHostKey, type HostKey } from './host-key.ts';
import type { SftpAccount, SftpAuthenticator } from './sftp-auth.ts';
import { shortIds } from './sftp-names.ts';
import { SftpServer } from './sftp-server.ts';
import { SftpSession } from './sftp-session.ts';
import type { SshKeyService } from './ssh-keys.ts';

const KEY = 'sftp';
const DEFAULTS: SftpSettings = { enabled: false, port: DEFAULT_SFTP_PORT };
const SETTING_NAMES = { enabled: 'SFTP', port: 'SFTP port' } as const;

export interface SftpServiceDeps {
  dataDir: string;
  /** The address the SFTP server binds (`--sftp-host`, default `--host`). */
  host: string;
  settings: SettingsRepository;
  record: (activity: Activity, causedBy: CausedBy) => void;
  events: EventBus;
  guard: PermissionGuard;
  files: InstanceFiles;
  keys: SshKeyService;
  auth: SftpAuthenticator;
  /** Every instance (uuid and name), for usernames and the accounts list. */
  instances: () => { uuid: string; name: string }[];
  log: Logger;
}

/** A port setting: a whole number 1–65535. */
export function parseSftpSettings(raw: unknown): SftpSettings {
  const parsed = SftpSettingsSchema.safeParse(raw);
  if (!parsed.success) throw badRequest('SFTP settings need enabled (true or false) and a port');
  const { enabled, port } = parsed.data;
  if (!Number.isInteger(port) || port < PORT_MIN || port > PORT_MAX)
    throw badRequest(`The SFTP port must be a whole number from ${PORT_MIN} to ${PORT_MAX}`);
  return { enabled, port };
}

/**
 * The SFTP server as the owner sets it (off until turned on; port 2022): started at boot when on,
 * moved or stopped when the setting changes (a port that cannot be bound is refused and the old
 * setting stays), and every session of a user ended the moment that user's permissions change, they
 * are deleted or signed out everywhere (password change), their key is removed, or the instance goes.
 */
export class SftpService {
  #settings: SftpSettings;
  #server: SftpServer | null = null;
  #listening: { port: number } | null = null;
  #problem: string | null = null;
  #hostKey: HostKey | null = null;
  readonly #queue = new SerialQueue();
  readonly #unsubscribe: (() => void)[] = [];

  constructor(private readonly deps: SftpServiceDeps) {
    const stored = SftpSettingsSchema.safeParse(deps.settings.get(KEY));
    this.#settings = stored.success ? stored.data : { ...DEFAULTS };
    this.#unsubscribe.push(
      deps.events.subscribeGeneral((event) => this.onEvent(event)),
      deps.keys.onRemoved((key) => this.endWhere((account) => account.keyId === key.id)),
    );
  }

  /** Boot: listens when the owner turned SFTP on (a port problem is shown, not fatal). */
  async start(): Promise<void> {
    if (!this.#settings.enabled) return;
    await this.#queue.run(KEY, async () => {
      try {
        await this.listen(this.#settings.port);
      } catch (err) {
        this.#problem = problemOf(this.#settings.port, err);
        this.deps.log.warn(this.#problem);
      }
    });
  }

  async close(): Promise<void> {
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    await this.#queue.run(KEY, async () => {
      await this.#server?.close();
      this.#server = null;
      this.#listening = null;
    });
  }

  /** The owner's change: applied first (listening on the new port), then stored and logged. */
  async update(next: SftpSettings, causedBy: CausedBy): Promise<void> {
    await this.#queue.run(KEY, async () => {
      const before = this.#settings;
      const running = this.#listening !== null && this.#server !== null;
      if (!next.enabled) {
        await this.#server?.close();
        this.#server = null;
        this.#listening = null;
        this.#problem = null;
      } else if (!running || this.#listening?.port !== next.port) {
        const previous = this.#server;
        try {
          await this.listen(next.port);
        } catch (err) {
          throw badRequest(problemOf(next.port, err));
        }
        await previous?.close();
      }
      await this.deps.settings.save(KEY, next);
      this.#settings = next;
      for (const key of ['enabled', 'port'] as const) {
        if (before[key] === next[key]) continue;
        this.deps.record(
          {
            type: 'CoreSettingChanged',
            setting_id: `sftp_${key}`,
            setting_name: SETTING_NAMES[key],
            old_value: String(before[key]),
            new_value: String(next[key]),
          },
          causedBy,
        );
      }
    });
  }

  /** What `user` needs to connect: the server's state and one account per readable instance. */
  info(user: StoredUser): SftpInfo {
    const all = this.deps.instances();
    const ids = shortIds(all.map((i) => i.uuid));
    const can = (type: 'ReadInstanceFile' | 'WriteInstanceFile', instance: string) =>
      this.deps.guard.can(user, { type, instance });
    return {
      enabled: this.#settings.enabled,
      port: this.#settings.port,
      listening: this.#listening !== null,
      problem: this.#settings.enabled ? this.#problem : null,
      host_key_fingerprint: this.#hostKey?.fingerprint ?? null,
      accounts: all
        .filter((i) => can('ReadInstanceFile', i.uuid))
        .map((i) => ({
          instance_uuid: i.uuid,
          instance_name: i.name,
          username: `${user.username}.${ids.get(i.uuid) ?? ''}`,
          writable: can('WriteInstanceFile', i.uuid),
        })),
    };
  }

  /** A standing warning for the owner while SFTP is on but not listening. */
  warnings(): string[] {
    return this.#settings.enabled && this.#problem !== null ? [this.#problem] : [];
  }

  /** The port bound now (null when not listening). */
  get port(): number | null {
    return this.#listening?.port ?? null;
  }

  /** Signed-in SFTP connections now. */
  get signedIn(): number {
    return this.#server?.signedIn ?? 0;
  }

  private async listen(port: number): Promise<void> {
    this.#hostKey ??= await loadOrCreateHostKey(this.deps.dataDir);
    const server = new SftpServer({
      hostKey: this.#hostKey.privateKey,
      auth: this.deps.auth,
      serve: (sftp, account) => this.serve(sftp, account),
      log: this.deps.log,
    });
    const bound = await server.listen(this.deps.host, port);
    this.#server = server;
    this.#listening = { port: bound };
    this.#problem = null;
    this.deps.log.info(`SFTP listening on port ${bound}`);
  }

  private serve(sftp: SFTPWrapper, account: SftpAccount): SftpSession {
    return new SftpSession(
      sftp,
      { user: () => account.user, instance: account.instance },
      { files: this.deps.files, guard: this.deps.guard, log: this.deps.log },
    );
  }

  /** API keys were revoked: the sessions they opened (as a password) end at once. */
  endKeySessions(ids: readonly string[]): void {
    this.endWhere(
      (account) => account.user.apiKey !== undefined && ids.includes(account.user.apiKey.id),
    );
  }

  private endWhere(match: (account: SftpAccount) => boolean): void {
    this.#server?.endWhere(match);
  }

  private onEvent(event: ClientEvent): void {
    const inner = event.event_inner;
    if (inner.type === 'UserEvent') {
      const change = inner.user_event_inner.type;
      if (change === 'PermissionChanged' || change === 'UserDeleted' || change === 'UserLoggedOut')
        this.endWhere((account) => account.user.uid === inner.user_id);
      return;
    }
    if (inner.type !== 'ProgressionEvent') return;
    const end = inner.progression_event_inner;
    if (end.type === 'ProgressionEnd' && end.success && end.inner?.type === 'InstanceDelete') {
      const uuid = end.inner.instance_uuid;
      this.endWhere((account) => account.instance === uuid);
    }
  }
}

function problemOf(port: number, err: unknown): string {
  const code = (err as { code?: string }).code;
  const why =
    code === 'EADDRINUSE'
      ? 'the port is in use'
      : code === 'EACCES'
        ? 'the port needs privileges the core does not have'
        : err instanceof Error
          ? err.message
          : 'unknown error';
  return `SFTP cannot listen on port ${port}: ${why}`;
}
