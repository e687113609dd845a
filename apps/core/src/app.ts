import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { API_PREFIX, kindForStatus, type ClientError } from '@hearth/protocol';
import { PermissionGuard } from './auth/permission-guard.ts';
import { TokenService } from './auth/token-service.ts';
import type { CoreConfig } from './config.ts';
import type { CoreContext, InstanceDirectory } from './context.ts';
import { openDatabase } from './db/database.ts';
import { DataDirLock } from './db/data-dir-lock.ts';
import { CoreError, badRequest, notFound, toCoreError } from './errors.ts';
import { EventBus } from './events/event-bus.ts';
import { EventVisibility } from './events/event-visibility.ts';
import { registerDashboard } from './http/dashboard-static.ts';
import { makeAuthenticate } from './http/request-auth.ts';
import { EventRepository } from './repositories/event-repository.ts';
import { SettingsRepository } from './repositories/settings-repository.ts';
import { UserRepository } from './repositories/user-repository.ts';
import { coreRoutes } from './routes/core-routes.ts';
import { eventRoutes } from './routes/event-routes.ts';
import { gatewayRoutes } from './routes/gateway-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';
import { userRoutes } from './routes/user-routes.ts';
import { consoleRoutes } from './routes/console-routes.ts';
import { gameRoutes } from './routes/game-routes.ts';
import { instanceRoutes } from './routes/instance-routes.ts';
import { monitorRoutes } from './routes/monitor-routes.ts';
import { fileRoutes } from './routes/file-routes.ts';
import { playerRoutes } from './routes/player-routes.ts';
import { macroRoutes } from './routes/macro-routes.ts';
import { macroSdkRoutes } from './routes/macro-sdk-routes.ts';
import { MacroRepository } from './repositories/macro-repository.ts';
import { coreEndpoint } from './runtime/macros/core-endpoint.ts';
import { MacroService } from './services/macros/macro-service.ts';
import { TaskTokens } from './services/macros/task-tokens.ts';
import { InstanceService } from './services/instance-service.ts';
import { SettingsService } from './services/settings-service.ts';
import { SystemService } from './services/system-service.ts';
import { UserService } from './services/user-service.ts';

export type { CoreConfig } from './config.ts';
export { defaultConfig, parseConfig } from './config.ts';

/** One registered API route, as the permission matrix test enumerates them. */
export interface RegisteredRoute {
  method: string;
  url: string;
  websocket: boolean;
}

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

const JSON_BODY_LIMIT = 2 * 1024 * 1024;

function sendError(
  reply: { code(n: number): { header(k: string, v: string): { send(b: string): unknown } } },
  err: CoreError,
) {
  const body: ClientError = err.toClientError();
  return reply
    .code(err.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

/** Builds the whole core from a config object, without listening (tests call listen on port 0). */
export async function buildCore(config: CoreConfig): Promise<Core> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const lock = DataDirLock.acquire(config.dataDir);
  const shutdownHooks: (() => Promise<void> | void)[] = [];
  let db: ReturnType<typeof openDatabase> | undefined;
  try {
    db = openDatabase(path.join(config.dataDir, 'hearth.db'));
  } catch (err) {
    lock.release();
    throw err;
  }

  const userRepository = new UserRepository(db);
  const eventRepository = new EventRepository(db);
  const settings = new SettingsService(new SettingsRepository(db));
  const events = new EventBus(eventRepository);
  const guard = new PermissionGuard(() => settings.safeMode);
  const taskTokens = new TaskTokens();
  const tokens = new TokenService(userRepository, taskTokens);
  const users = new UserService(userRepository, tokens, events, guard, () => settings.safeMode);
  const visibility = new EventVisibility(guard);
  events.subscribe((e) => visibility.track(e));
  const instances = new InstanceService({
    config,
    events,
    users,
    log: { warn: (msg) => app.log.warn(msg), error: (msg) => app.log.error(msg) },
  });
  const instanceDirectory: InstanceDirectory = instances;
  const macros = new MacroService({
    dataDir: config.dataDir,
    events,
    repository: new MacroRepository(db),
    instances,
    tokens: taskTokens,
    endpoint: () => coreEndpoint(app.server.address(), config.tls !== null),
    log: {
      info: (m) => app.log.info(m),
      warn: (m) => app.log.warn(m),
      error: (m) => app.log.error(m),
    },
  });

  const ctx: CoreContext = {
    config,
    db,
    events,
    eventRepository,
    visibility,
    tokens,
    guard,
    users,
    settings,
    system: new SystemService(config.dataDir),
    authenticate: makeAuthenticate(tokens),
    instanceDirectory,
    instances,
    onShutdown: (fn) => shutdownHooks.push(fn),
  };

  const https = config.tls
    ? { key: fs.readFileSync(config.tls.keyPath), cert: fs.readFileSync(config.tls.certPath) }
    : null;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: false,
    ...(https ? { https } : {}),
  }) as unknown as FastifyInstance;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('Body is not valid JSON'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let err: CoreError;
    if (error instanceof CoreError) err = error;
    else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      err = new CoreError('BadRequest', ['Request body is too large'], 413);
    else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      err = new CoreError('BadRequest', ['Unsupported content type'], 415);
    else if (
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      err = new CoreError(kindForStatus(error.statusCode), [error.message], error.statusCode);
    } else {
      err = toCoreError(error);
      if (err.status >= 500) request.log.error({ err: error }, 'request failed');
    }
    return sendError(reply, err);
  });

  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({
        method,
        url: route.url,
        websocket: Boolean((route as { websocket?: boolean }).websocket),
      });
    }
  });

  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Origin', 'Content-Type', 'Authorization'],
    credentials: false,
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(
    async (api) => {
      await api.register(coreRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(settingsRoutes(ctx));
      await api.register(eventRoutes(ctx));
      await api.register(gatewayRoutes(ctx));
      await api.register(gameRoutes(ctx));
      await api.register(instanceRoutes(ctx));
      await api.register(playerRoutes(ctx));
      await api.register(consoleRoutes(ctx));
      await api.register(monitorRoutes(ctx));
      await api.register(fileRoutes(ctx));
      await api.register(macroRoutes(ctx, macros));
      await api.register(macroSdkRoutes(ctx, macros));
    },
    { prefix: API_PREFIX },
  );

  const hasDashboard = await registerDashboard(app, config.dashboardDir);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (hasDashboard && request.method === 'GET' && !url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, notFound(`Route not found: ${request.method} ${url}`));
  });

  // Instances load after the routes exist; their servers stop before sockets and the database close.
  await instances.init();
  shutdownHooks.push(() => instances.shutdown());
  await macros.init();
  shutdownHooks.push(() => macros.shutdown());

  const setupKey = users.initSetupKey();
  if (setupKey)
    (config.onSetupKey ?? ((k) => process.stdout.write(`First time setup key: ${k}\n`)))(setupKey);

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      for (const hook of [...shutdownHooks].reverse()) {
        try {
          await hook();
        } catch (err) {
          app.log.error({ err }, 'shutdown hook failed');
        }
      }
      for (const client of app.websocketServer?.clients ?? [])
        client.close(1001, 'Core shutting down');
      await app.close();
      events.close();
      db.close();
      lock.release();
    })();
    return closing;
  };

  return {
    app,
    ctx,
    routes,
    get setupKey() {
      return users.isSetup ? null : setupKey;
    },
    async listen() {
      const address = await app.listen({ port: config.port, host: config.host });
      return address;
    },
    close,
  };
}
