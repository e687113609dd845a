import path from 'node:path';
import { ApiKeys } from '../auth/api-keys.ts';
import { PermissionGuard } from '../auth/permission-guard.ts';
import { Revocations } from '../auth/revocations.ts';
import { SecretBox } from '../auth/secret-box.ts';
import { Sessions } from '../auth/sessions.ts';
import { TokenService } from '../auth/token-service.ts';
import { TwoFactorChallenges } from '../auth/two-factor-challenges.ts';
import { isApiKey, type Activity, type CausedBy } from '@hearth/protocol';
import type { CoreConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { DbWrites } from '../db/db-writes.ts';
import { EventBus } from '../events/event-bus.ts';
import { EventVisibility } from '../events/event-visibility.ts';
import { LogVisibility } from '../events/log-visibility.ts';
import { BackgroundWork } from '../lib/background-work.ts';
import type { Logger } from '../lib/logger.ts';
import { AddonRepository } from '../repositories/addon-repository.ts';
import { EventLogRepository } from '../repositories/event-log-repository.ts';
import { EventRepository } from '../repositories/event-repository.ts';
import { BackupRepository } from '../repositories/backup-repository.ts';
import { InstanceRepository } from '../repositories/instance-repository.ts';
import type { SandboxUidRepository } from '../repositories/sandbox-uid-repository.ts';
import { ScheduleRepository } from '../repositories/schedule-repository.ts';
import { MacroAuthorRepository } from '../repositories/macro-author-repository.ts';
import { MacroRepository } from '../repositories/macro-repository.ts';
import { SettingsRepository } from '../repositories/settings-repository.ts';
import { ApiKeyRepository } from '../repositories/api-key-repository.ts';
import { SessionRepository } from '../repositories/session-repository.ts';
import { TwoFactorRepository } from '../repositories/two-factor-repository.ts';
import { SshKeyRepository } from '../repositories/ssh-key-repository.ts';
import { UserRepository } from '../repositories/user-repository.ts';
import { WebhookRepository } from '../repositories/webhook-repository.ts';
import { InstanceHost } from '../runtime/instances/instance-host.ts';
import { InstanceRegistry } from '../runtime/instances/instance-registry.ts';
import { lookupOnlineUuid, resolveUpstreams } from '../runtime/minecraft/index.ts';
import { MonitorHub } from '../runtime/monitor/monitor-hub.ts';
import type { Sandbox } from '../runtime/sandbox/index.ts';
import { AddonService } from './addons/addon-service.ts';
import { ModrinthClient } from './addons/modrinth-client.ts';
import { ApiKeyService } from './access/api-key-service.ts';
import { SessionService } from './access/session-service.ts';
import { TwoFactorService } from './access/two-factor-service.ts';
import { BackupService } from './backups/backup-service.ts';
import { instanceBackupTargets } from './backups/instance-backup-target.ts';
import { ConsoleService } from './console-service.ts';
import { DownloadKeyStore } from './download-keys.ts';
import { EventLogService } from './event-log/event-log-service.ts';
import { DEFAULT_RETENTION, EventRetention } from './event-log/event-retention.ts';
import { EventService } from './event-service.ts';
import { FileAccess } from './files/file-access.ts';
import { FileJobs } from './files/file-jobs.ts';
import { createGlobalFiles, type GlobalFiles } from './files/global-files.ts';
import { InstanceFiles } from './files/instance-files.ts';
import { GatewayService } from './gateway/gateway-service.ts';
import { ImportService } from './imports/import-service.ts';
import { TransferService } from './transfers/transfer-service.ts';
import { systemResolver } from '../lib/address-guard.ts';
import { UpnpPortMapper } from './gateway/upnp-port-mapper.ts';
import { InstanceCreation } from './instance-creation.ts';
import { InstanceConfigService } from './instance-config-service.ts';
import { InstanceService } from './instance-service.ts';
import { ManualClock, SystemClock, type Clock } from './schedules/clock.ts';
import {
  instanceExecutors,
  userAuthorizer,
  type MacroRunner,
} from './schedules/instance-executors.ts';
import { runProgressions } from './schedules/run-progressions.ts';
import { ScheduleService } from './schedules/schedule-service.ts';
import { MacroAuthors } from './macros/macro-authors.ts';
import { MacroService } from './macros/macro-service.ts';
import { TaskTokens } from './macros/task-tokens.ts';
import { PlayitService } from './playit-service.ts';
import { AvatarService, DEFAULT_AVATAR_UPSTREAM } from './avatar-service.ts';
import { PlayerAdminService } from './players/player-admin-service.ts';
import { SettingsService } from './settings-service.ts';
import { SftpAuthenticator } from './sftp/sftp-auth.ts';
import { SftpService } from './sftp/sftp-service.ts';
import { SshKeyService } from './sftp/ssh-keys.ts';
import { ShippedDefinitions } from './shipped-definitions.ts';
import { SystemService } from './system-service.ts';
import { UserService, userCause } from './user-service.ts';
import { DEFAULT_WEBHOOKS, WebhookService } from './webhooks/webhook-service.ts';

/** Every service of the core, built once from the config (routes reach them through CoreContext). */
export interface CoreServices {
  config: CoreConfig;
  log: Logger;
  /** Writes to SQLite that wait out another process's lock (db-writes.ts). */
  dbWrites: DbWrites;
  events: EventBus;
  eventLog: EventService;
  tokens: TokenService;
  guard: PermissionGuard;
  users: UserService;
  settings: SettingsService;
  system: SystemService;
  instances: InstanceService;
  /** An instance's name, flags, settings, version and player limit. */
  instanceConfig: InstanceConfigService;
  creation: InstanceCreation;
  /** The generic game definitions that ship with Hearth (`GET /games/definitions`). */
  definitions: ShippedDefinitions;
  console: ConsoleService;
  files: { files: InstanceFiles; jobs: FileJobs; keys: DownloadKeyStore };
  /** The global file routes (core-api.md §1.4.15), rooted at `config.globalDir`. */
  globalFiles: GlobalFiles;
  gateway: GatewayService;
  playit: PlayitService;
  /** Player avatars through the core (issue 23 #24). */
  avatars: AvatarService;
  /** The event log: search, export, live entries (issue 14). */
  activity: EventLogService;
  retention: EventRetention;
  webhooks: WebhookService;
  backups: BackupService;
  schedules: ScheduleService;
  /** The schedules' clock; a ManualClock only when the config asks for the test clock. */
  scheduleClock: Clock;
  /** Macros: Deno tasks in the sandbox, their tokens, history (issue 11). */
  macros: MacroService;
  /** Mods, plugins and datapacks from Modrinth (issue 27). */
  addons: AddonService;
  /** Importing an existing server: staged uploads and host folders, then creation (issue 27). */
  imports: ImportService;
  /** Moving an instance to another core: keys and pulls (source), receiving (target) (issue 26). */
  transfers: TransferService;
  /** Two-factor sign-in, API keys and sessions (issue 28). */
  access: AccessServices;
  /** The SFTP server (issue 28): off until the owner turns it on. */
  sftp: SftpService;
  /** The SSH public keys users add in their Profile (SFTP sign-in). */
  sshKeys: SshKeyService;
  /** Kick, ban, op and whitelist from the panel (issue 27). */
  playerAdmin: PlayerAdminService;
}

export interface AccessServices {
  twoFactor: TwoFactorService;
  apiKeys: ApiKeyService;
  sessions: SessionService;
  /** Sessions and keys that just stopped working: their sockets close (http/socket-session.ts). */
  revocations: Revocations;
}

export function composeServices(
  config: CoreConfig,
  db: Db,
  log: Logger,
  sandbox: Sandbox,
  /** Problems found at boot that stay until a restart (e.g. the database cannot be written). */
  bootWarnings: readonly string[] = [],
  /** Made with the sandbox (its uids are stored through them); fresh ones when not given. */
  shared: { dbWrites?: DbWrites; sandboxUids?: SandboxUidRepository } = {},
): CoreServices {
  const dbWrites = shared.dbWrites ?? new DbWrites(log);
  const userRepository = new UserRepository(db, dbWrites);
  const eventRepository = new EventRepository(db);
  const events = new EventBus(eventRepository, log);
  const settingsRepository = new SettingsRepository(db, dbWrites);
  const settings = new SettingsService(settingsRepository, (activity, causedBy) =>
    events.record(activity, causedBy),
  );
  const guard = new PermissionGuard(() => settings.safeMode);
  // A running macro task's token acts as the user who started it, bounded by its code's authors.
  const taskTokens = new TaskTokens({
    user: (uid) => userRepository.byUid(uid),
    instances: () => registry.all().map((entry) => entry.uuid),
  });
  const macroAuthors = new MacroAuthors({
    repository: new MacroAuthorRepository(db, dbWrites),
    onWrite: (instanceUuid, uid) => taskTokens.limitInstance(instanceUuid, uid),
  });
  // Issue 28: sessions behind every JWT, API keys, two-factor sign-in. Only tests move the clock
  // that codes and key expiries are checked against.
  const accessNow = config.access?.now ?? Date.now;
  const recordSecurity = (activity: Activity, causedBy: CausedBy) => {
    events.record(activity, causedBy);
  };
  const revocations = new Revocations();
  const sessionRows = new SessionRepository(db, dbWrites);
  const sessions = new Sessions(sessionRows, revocations);
  const keyRows = new ApiKeyRepository(db, dbWrites);
  const apiKeys = new ApiKeys(
    keyRows,
    {
      user: (uid) => userRepository.byUid(uid),
      instances: () => registry.all().map((entry) => entry.uuid),
    },
    revocations,
    accessNow,
  );
  const twoFactor = new TwoFactorService({
    repo: new TwoFactorRepository(db, dbWrites),
    users: userRepository,
    box: SecretBox.inDataDir(config.dataDir),
    record: recordSecurity,
    issuer: () => settings.get().core_name,
    required: () => settings.requireTwoFactor,
    now: accessNow,
  });
  const tokens = new TokenService(userRepository, sessions, taskTokens, apiKeys);
  const users = new UserService(userRepository, tokens, events, guard, () => settings.safeMode, {
    sessions,
    twoFactor,
    challenges: new TwoFactorChallenges(),
    apiKeys,
  });
  const accessServices: AccessServices = {
    twoFactor,
    apiKeys: new ApiKeyService({
      keys: apiKeys,
      users: userRepository,
      record: recordSecurity,
      now: accessNow,
    }),
    sessions: new SessionService({
      sessions,
      sessionRows,
      keyRows,
      users: userRepository,
      twoFactorUsers: () => twoFactor.enabledUsers(),
      record: recordSecurity,
      now: Date.now,
    }),
    revocations,
  };
  const visibility = new EventVisibility(guard);
  events.subscribeGeneral((e) => visibility.track(e));

  const upstreams = resolveUpstreams(config.upstreams ?? {});
  // `--isolation none` runs everything as a plain child process (no namespaces, no cgroups).
  const instanceSandbox = config.isolation === 'none' ? null : sandbox;
  const genericCacheDir = path.join(config.dataDir, 'cache', 'definitions');
  const registry = new InstanceRegistry();
  // A file event names a host path; the event log files it under the instance whose folder holds it.
  events.locateInstancesWith(
    (file) =>
      registry.all().find((e) => file === e.dir || file.startsWith(`${e.dir}${path.sep}`))?.uuid ??
      null,
  );
  const monitor = new MonitorHub();
  const repo = new InstanceRepository(db, config.dataDir, dbWrites, shared.sandboxUids);
  const background = new BackgroundWork(log, 'Background instance work');
  const host = new InstanceHost({
    config,
    events,
    monitor,
    registry,
    repo,
    upstreams,
    genericCacheDir,
    log,
    sandbox: instanceSandbox,
  });
  const pathJava = config.javaCommand ?? undefined;
  const instances = new InstanceService({
    config,
    events,
    users,
    registry,
    monitor,
    repo,
    host,
    background,
    log,
    // Installs in progress are aborted before the servers stop.
    beforeShutdown: () => creation.abortAll(),
  });
  const instanceConfig = new InstanceConfigService({
    events,
    registry,
    host,
    instances,
    // Read when a settings page is answered: the sandbox's probe has finished by then.
    get limitEnforcement() {
      return instanceSandbox
        ? sandbox.report.limits
        : {
            memory: false,
            cpu: false,
            pids: false,
            problems: ['Isolation is off (--isolation none).'],
          };
    },
  });
  const definitions = new ShippedDefinitions(log);
  const creation = new InstanceCreation({
    registry,
    repo,
    events,
    users,
    dataDir: config.dataDir,
    upstreams,
    genericCacheDir,
    ...(pathJava ? { pathJava } : {}),
    host,
    info: (entry) => instances.info(entry.uuid),
    background,
    log,
    safeMode: () => settings.safeMode,
    sandbox: instanceSandbox,
    shippedDefinitionUrls: () => definitions.urls(),
    privateDefinitions: config.privateDefinitions ?? false,
    resolve: config.webhooks?.resolve ?? systemResolver,
  });

  const options = config.files ?? {};
  const access = new FileAccess({
    instances: { get: (uuid) => ({ dir: instances.folder(uuid) }) },
    events,
    users,
    macroCode: macroAuthors,
    limits: {
      ...(options.maxExtractBytes === undefined
        ? {}
        : { maxExtractBytes: options.maxExtractBytes }),
      ...(options.maxExtractEntries === undefined
        ? {}
        : { maxExtractEntries: options.maxExtractEntries }),
    },
  });
  const backups = new BackupService({
    dataDir: config.dataDir,
    repository: new BackupRepository(db, dbWrites),
    events,
    log,
    targets: instanceBackupTargets(instances, events),
  });
  const macros = new MacroService({
    dataDir: config.dataDir,
    events,
    repository: new MacroRepository(db, dbWrites),
    instances,
    tokens: taskTokens,
    authors: macroAuthors,
    userName: (uid) => userRepository.byUid(uid)?.username ?? null,
    log,
    runner: { sandbox: instanceSandbox },
  });
  // Schedules' "Run macro" step runs a task to its end (rejecting when it fails), bounded by every
  // user the run acts for.
  const macroRunner: MacroRunner = {
    runMacro: (uuid, name, args, causedBy, actors) =>
      macros.runMacro(uuid, name, args, causedBy, { limiters: actors, unknownAuthor: false }),
  };
  // A test-only clock (HEARTH_TEST_CLOCK=1): moved by the owner-only test route, never in production.
  const scheduleClock: Clock = config.testClock
    ? new ManualClock(config.testClockStart ?? Date.now())
    : new SystemClock();
  const schedules = new ScheduleService({
    repository: new ScheduleRepository(db, dbWrites),
    clock: scheduleClock,
    events,
    log,
    executors: instanceExecutors({ instances, backups, events, macros: () => macroRunner }),
    authorize: userAuthorizer(users, guard),
    reporter: runProgressions(events, {
      instanceName: (uuid) => instances.name(uuid),
      authorCause: (uid) => {
        try {
          return userCause(users.get(uid));
        } catch {
          return { type: 'System' };
        }
      },
    }),
  });
  // A deleted instance's backups and schedules go with it.
  events.subscribeGeneral((event) => {
    const inner = event.event_inner;
    if (inner.type !== 'ProgressionEvent') return;
    const end = inner.progression_event_inner;
    if (end.type !== 'ProgressionEnd' || !end.success || end.inner?.type !== 'InstanceDelete')
      return;
    const uuid = end.inner.instance_uuid;
    schedules.forgetInstance(uuid);
    backups
      .forgetInstance(uuid)
      .catch((err: unknown) => log.error({ err }, `Could not remove the backups of ${uuid}`));
  });

  const keyOptions = {
    ...(options.downloadKeyTtlMs === undefined ? {} : { ttlMs: options.downloadKeyTtlMs }),
    ...(options.now === undefined ? {} : { now: options.now }),
  };
  const keys = new DownloadKeyStore(keyOptions);
  const globalFiles = createGlobalFiles({
    root: config.globalDir ?? path.join(config.dataDir, 'global'),
    events,
    users,
    guard,
    keys: new DownloadKeyStore(keyOptions),
    limits: access.deps.limits,
  });

  const addons = new AddonService({
    client: new ModrinthClient(config.modrinthApiUrl),
    repository: new AddonRepository(db, dbWrites),
    instance: (uuid) => registry.get(uuid),
    access,
    record: (activity, causedBy) => events.record(activity, causedBy),
    enabled: () => settings.get().modrinth_enabled,
  });

  const imports = new ImportService({
    dataDir: config.dataDir,
    limits: access.deps.limits,
    creation,
    shipped: () => definitions.all(),
    safeMode: () => settings.safeMode,
    log,
  });

  const transfers = new TransferService({
    instances,
    imports,
    creation,
    events,
    archiveDir: path.join(config.dataDir, 'transfers'),
    resolve: systemResolver,
  });

  const instanceFiles = new InstanceFiles(access, keys, guard, backups);
  const record = (activity: Activity, causedBy: CausedBy) => events.record(activity, causedBy);
  const sshKeys = new SshKeyService(new SshKeyRepository(db, dbWrites), record);
  const sftp = new SftpService({
    dataDir: config.dataDir,
    host: config.sftpHost ?? config.host,
    settings: settingsRepository,
    record,
    events,
    guard,
    files: instanceFiles,
    keys: sshKeys,
    auth: new SftpAuthenticator({
      limiter: users.limiter,
      // A password is one factor: a user with two-factor sign-in on (or everyone, while the owner
      // requires it) signs in to SFTP with an SSH key, never with the password alone.
      passwordChecks: [
        async (name, password) => {
          const user = await users.checkPassword(name, password);
          if (user === null) return null;
          return twoFactor.isEnabled(user.uid) || settings.requireTwoFactor ? null : user;
        },
        // An API key of that user works as the password: the session acts with the key's scope
        // (the account exists only while that scope reads the instance's files).
        async (name, password) => {
          if (!isApiKey(password)) return null;
          const user = await tokens.verify(password).catch(() => null);
          return user !== null && user.username === name ? user : null;
        },
      ],
      userByName: (name) => users.byName(name),
      findKey: (uid, blob) => sshKeys.find(uid, blob),
      keyUsed: (id) => sshKeys.used(id),
      instances: () => registry.all().map((entry) => entry.uuid),
      mayRead: (user, instance) => guard.can(user, { type: 'ReadInstanceFile', instance }),
    }),
    instances: () => registry.all().map((entry) => ({ uuid: entry.uuid, name: entry.record.name })),
    log,
  });
  revocations.on((gone) => {
    if (gone.kind === 'apiKey') sftp.endKeySessions(gone.ids);
  });

  const logRepository = new EventLogRepository(db);
  const retention = new EventRetention(logRepository, log, {
    ...DEFAULT_RETENTION,
    ...config.eventRetention,
  });
  const webhooks = new WebhookService({
    repo: new WebhookRepository(db, dbWrites),
    settings: settingsRepository,
    events,
    coreName: () => settings.get().core_name,
    instanceName: (uuid) => registry.find(uuid)?.record.name ?? null,
    log,
    options: { ...DEFAULT_WEBHOOKS, ...config.webhooks },
  });

  return {
    config,
    log,
    dbWrites,
    events,
    eventLog: new EventService(events, eventRepository, visibility),
    tokens,
    guard,
    users,
    settings,
    system: new SystemService(config.dataDir, () => [
      ...bootWarnings,
      ...sandbox.warnings,
      ...events.warnings(),
      ...dbWrites.warnings(),
      ...sftp.warnings(),
    ]),
    instances,
    instanceConfig,
    creation,
    definitions,
    console: new ConsoleService(events, instances),
    files: {
      files: instanceFiles,
      jobs: new FileJobs(access),
      keys,
    },
    globalFiles,
    gateway: new GatewayService(new UpnpPortMapper(config.gateway)),
    avatars: new AvatarService({
      dataDir: config.dataDir,
      upstream:
        config.avatarUpstream === undefined ? DEFAULT_AVATAR_UPSTREAM : config.avatarUpstream,
      log,
    }),
    playit: new PlayitService({
      dataDir: config.dataDir,
      config: config.playit ?? {},
      events,
      instanceOnPort: (port) => instances.onPort(port),
      settings: settingsRepository,
      log,
    }),
    activity: new EventLogService(
      events,
      logRepository,
      new LogVisibility(guard),
      log,
      (uuid) => registry.find(uuid)?.record.name ?? null,
    ),
    retention,
    webhooks,
    backups,
    schedules,
    scheduleClock,
    macros,
    addons,
    imports,
    transfers,
    access: accessServices,
    sftp,
    sshKeys,
    playerAdmin: new PlayerAdminService({
      instances,
      events,
      onlineUuid: (name) => lookupOnlineUuid(name, upstreams),
    }),
  };
}
