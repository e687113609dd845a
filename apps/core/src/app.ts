import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@hearth/protocol';
import type { CoreConfig } from './config.ts';
import type { CoreContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { DataDirLock } from './db/data-dir-lock.ts';
import { databaseWriteProblem, databaseWriteWarning } from './db/writability.ts';
import { notFound } from './errors.ts';
import { registerDashboard } from './http/dashboard-static.ts';
import { DEFAULT_DOCS_ROOT, registerDocs } from './http/docs-page.ts';
import { makeAuthenticate } from './http/request-auth.ts';
import { createHttpServer, sendError, type RegisteredRoute } from './http/server.ts';
import { createLogger } from './lib/logger.ts';
import { storageFailure } from './lib/storage-error.ts';
import { accessRoutes } from './routes/access-routes.ts';
import { activityRoutes } from './routes/activity-routes.ts';
import { addonRoutes } from './routes/addon-routes.ts';
import { backupRoutes } from './routes/backup-routes.ts';
import { consoleRoutes } from './routes/console-routes.ts';
import { coreRoutes } from './routes/core-routes.ts';
import { eventRoutes } from './routes/event-routes.ts';
import { fileRoutes } from './routes/file-routes.ts';
import { gameRoutes } from './routes/game-routes.ts';
import { gatewayRoutes } from './routes/gateway-routes.ts';
import { globalFileRoutes } from './routes/global-file-routes.ts';
import { macroRoutes } from './routes/macro-routes.ts';
import { macroSdkRoutes } from './routes/macro-sdk-routes.ts';
import { importRoutes } from './routes/import-routes.ts';
import { transferRoutes } from './routes/transfer-routes.ts';
import { instanceRoutes } from './routes/instance-routes.ts';
import { monitorRoutes } from './routes/monitor-routes.ts';
import { playitRoutes } from './routes/playit-routes.ts';
import { playerRoutes } from './routes/player-routes.ts';
import { scheduleRoutes } from './routes/schedule-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';
import { testClockRoutes } from './routes/test-clock-routes.ts';
import { sftpRoutes } from './routes/sftp-routes.ts';
import { userRoutes } from './routes/user-routes.ts';
import { coreEndpoint } from './runtime/macros/core-endpoint.ts';
import { Sandbox, coreDefaultLimits, sandboxUidOfSlot } from './runtime/sandbox/index.ts';
import { DbWrites } from './db/db-writes.ts';
import { SandboxUidRepository } from './repositories/sandbox-uid-repository.ts';
import { webhookRoutes } from './routes/webhook-routes.ts';
import { composeServices } from './services/compose.ts';
import { MACROS_DIR } from './services/macros/macro-files.ts';

export type { CoreConfig } from './config.ts';
export { defaultConfig, parseConfig } from './config.ts';
export type { RegisteredRoute } from './http/server.ts';

export interface Core {
  app: FastifyInstance;
  /** Every route registered under the API prefix (HEAD twins excluded). */
  readonly routes: readonly RegisteredRoute[];
  ctx: CoreContext;
  /** The first-run key while no owner exists. */
  readonly setupKey: string | null;
  /** Starts listening; resolves with the base URL (e.g. http://[::1]:16662). */
  listen(): Promise<string>;
  /** Stops servers, closes sockets and the database, releases the data-dir lock. Idempotent. */
  close(): Promise<void>;
}

/** Builds the whole core from a config object, without listening (tests call listen on port 0). */
export async function buildCore(config: CoreConfig): Promise<Core> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const lock = DataDirLock.acquire(config.dataDir);
  const shutdownHooks: (() => Promise<void> | void)[] = [];
  let db: ReturnType<typeof openDatabase> | undefined;
  let writeProblem: string | null;
  try {
    db = openDatabase(path.join(config.dataDir, 'hearth.db'));
    // SQLite opens a file it may not write read-only without a word; find out now, not at the
    // first change (issue 25).
    writeProblem = databaseWriteProblem(db);
    if (writeProblem !== null && config.strict === true)
      throw new Error(
        `The database cannot be written (${writeProblem}); --strict refuses to start. Check the data directory's mount and permissions.`,
      );
  } catch (err) {
    db?.close();
    lock.release();
    // E.g. a migration on a read-only database: say what is wrong with it, not SQLite's words.
    const storage = storageFailure(err);
    if (storage === null) throw err;
    throw new Error(
      `The database cannot be opened and brought up to date (${storage.reason}). Check the data directory's mount and permissions.`,
      { cause: err },
    );
  }

  const log = createLogger(config.logLevel);
  const bootWarnings = writeProblem === null ? [] : [databaseWriteWarning(writeProblem)];
  for (const warning of bootWarnings) log.warn(warning);
  // The isolation probe (a trial sandbox, a child process) runs while the rest of the core is
  // built; it is awaited before any instance can start (issue 16: core start).
  const dbWrites = new DbWrites(log);
  // A root core runs each instance's sandbox as a uid of its own, stored here (sandbox-uids.ts).
  const sandboxUids = new SandboxUidRepository(db, dbWrites);
  const sandbox = Sandbox.begin(config.isolation, {
    uids: { uidOf: async (owner) => sandboxUidOfSlot(await sandboxUids.slotOf(owner)) },
    hidden: [config.dataDir],
    // The Java runtimes the core downloads (runtime/minecraft/java.ts) are shown to the server
    // that runs on one; nobody else writes there.
    shownInHidden: [path.join(config.dataDir, 'bin', 'java')],
    log,
    defaultLimits: coreDefaultLimits(config.defaultLimits),
    // Macro code is shown read-only to every game and macro (issue 22): neither rewrites a macro.
    readOnlyInInstance: [MACROS_DIR],
    seccomp: config.seccomp ?? true,
  });
  let server: Awaited<ReturnType<typeof createHttpServer>>;
  try {
    server = await createHttpServer(config, log);
  } catch (err) {
    await sandbox.close();
    db.close();
    lock.release();
    throw err;
  }
  const services = composeServices(config, db, log, sandbox, bootWarnings, {
    dbWrites,
    sandboxUids,
  });
  const ctx: CoreContext = {
    ...services,
    authenticate: makeAuthenticate(services.tokens),
    db,
    onShutdown: (fn) => shutdownHooks.push(fn),
  };
  ctx.onShutdown(async () => {
    await services.files.jobs.settle();
    services.files.keys.close();
    services.globalFiles.close();
  });

  const { app, routes } = server;
  // Runs the shutdown hooks registered so far (in reverse), then closes sockets, server and storage.
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      for (const hook of [...shutdownHooks].reverse()) {
        try {
          await hook();
        } catch (err) {
          log.error({ err }, 'shutdown hook failed');
        }
      }
      for (const client of app.websocketServer?.clients ?? [])
        client.close(1001, 'Core shutting down');
      await app.close();
      services.events.close();
      services.dbWrites.close();
      db.close();
      lock.release();
    })();
    return closing;
  };

  await app.register(
    async (api) => {
      for (const routesOf of [
        coreRoutes,
        userRoutes,
        accessRoutes,
        settingsRoutes,
        eventRoutes,
        gatewayRoutes,
        gameRoutes,
        instanceRoutes,
        playerRoutes,
        consoleRoutes,
        monitorRoutes,
        fileRoutes,
        macroRoutes,
        macroSdkRoutes,
        playitRoutes,
        activityRoutes,
        webhookRoutes,
        globalFileRoutes,
        backupRoutes,
        scheduleRoutes,
        sftpRoutes,
        addonRoutes,
        importRoutes,
        transferRoutes,
      ])
        await api.register(routesOf(ctx));
      // Test cores only: the plugin of routes that are no part of the API.
      if (config.testClock) await api.register(testClockRoutes(ctx));
    },
    { prefix: API_PREFIX },
  );

  registerDocs(app, config.docsRoot === undefined ? DEFAULT_DOCS_ROOT : config.docsRoot);
  const hasDashboard = await registerDashboard(app, config.dashboardDir);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (hasDashboard && request.method === 'GET' && !url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, notFound(`Route not found: ${request.method} ${url}`));
  });

  // Temp files a killed core left behind go before anything answers (they are never listed anyway).
  await services.files.jobs.sweepLeftovers(config.dataDir, log);
  await services.transfers.init();
  // A restore a dead core left half done is finished or undone before the instance folders load.
  await services.backups.init();
  // Servers and tasks run only in a probed sandbox; `--isolation required` without one stops here.
  try {
    await sandbox.ready();
  } catch (err) {
    await close();
    throw err;
  }
  for (const warning of sandbox.warnings) log.warn(warning);
  // Instances load after the routes exist; their servers stop before sockets and the database close.
  await services.instances.init();
  // What the last core left unfinished goes to the Event Logs now that instances have names.
  services.backups.reportInterrupted();
  services.schedules.start();
  shutdownHooks.push(() => sandbox.close());
  shutdownHooks.push(() => services.instances.shutdown());
  // Tasks end first at close (hooks run in reverse), while their instances still exist.
  await services.macros.init(() => coreEndpoint(app.server.address(), config.tls !== null));
  shutdownHooks.push(() => services.macros.shutdown());
  // The tunnels close before the servers they carry players to stop.
  shutdownHooks.push(() => services.playit.close());
  services.playit.boot();
  services.retention.start();
  services.webhooks.start();
  shutdownHooks.push(async () => {
    await services.webhooks.close();
    await services.retention.stop();
  });
  // SFTP listens once instances exist; at close its sessions end before the servers stop.
  await services.sftp.start();
  shutdownHooks.push(() => services.sftp.close());
  // Hooks run in reverse: schedules stop first, then backups in progress end, then the servers.
  shutdownHooks.push(() => services.backups.shutdown());
  shutdownHooks.push(() => services.imports.close());
  shutdownHooks.push(() => services.schedules.stop());

  const setupKey = services.users.initSetupKey();
  if (setupKey)
    (config.onSetupKey ?? ((k) => process.stdout.write(`First time setup key: ${k}\n`)))(setupKey);

  return {
    app,
    ctx,
    routes,
    get setupKey() {
      return services.users.isSetup ? null : setupKey;
    },
    async listen() {
      return app.listen({ port: config.port, host: config.host });
    },
    close,
  };
}
