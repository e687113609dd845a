import fs from 'node:fs';
import cors from '@fastify/cors';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { API_PREFIX, kindForStatus, type ClientError } from '@hearth/protocol';
import type { CoreConfig } from '../config.ts';
import {
  CoreError,
  DatabaseBusyError,
  TooManyRequestsError,
  badRequest,
  toCoreError,
} from '../errors.ts';
import type { Logger } from '../lib/logger.ts';
import { MAX_PARAM_LENGTH, answerClientError, sendFrameworkError } from './framework-errors.ts';
import { framesWritten } from './socket-session.ts';

/** One registered API route, as the permission matrix test enumerates them. */
export interface RegisteredRoute {
  method: string;
  url: string;
  websocket: boolean;
}

const JSON_BODY_LIMIT = 2 * 1024 * 1024;

interface ErrorReply {
  header(k: string, v: string): ErrorReply;
  send(b: string): unknown;
}

/**
 * The one error formatter of the core: `{"kind","causes"}` with the status of its kind (and
 * `Retry-After` on a 429 that knows its wait and on a 503 for a busy database).
 */
export function sendError(reply: { code(n: number): ErrorReply }, err: CoreError) {
  const body: ClientError = err.toClientError();
  const answer = reply.code(err.status).header('content-type', 'application/json; charset=utf-8');
  if (err instanceof TooManyRequestsError || err instanceof DatabaseBusyError)
    answer.header('retry-after', String(err.retryAfterSeconds));
  return answer.send(JSON.stringify({ ...body, ...err.extra }));
}

/**
 * The Fastify server every route lives on: JSON bodies parsed by us (a bad one is a 400 envelope),
 * every error — ours, Fastify's, anything thrown — answered with the envelope and never a stack
 * trace, CORS for dashboards served elsewhere, WebSockets, and the list of API routes.
 */
export async function createHttpServer(
  config: CoreConfig,
  log: Logger,
): Promise<{ app: FastifyInstance; routes: RegisteredRoute[] }> {
  const https = config.tls
    ? { key: fs.readFileSync(config.tls.keyPath), cert: fs.readFileSync(config.tls.certPath) }
    : null;
  const app = Fastify({
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustedProxies?.length ? config.trustedProxies : false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: answerClientError,
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

  // Event frames held so far go out before the answer to a change (see sendCoalesced). A read does
  // not wait for them: what it answers already includes those events, and the dashboard puts what
  // it reads and what the stream says in order by snowflake (lib/realtime/event-sequence.ts).
  app.addHook('onSend', (request, _reply, payload, done) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    const written = read ? null : framesWritten();
    if (written === null) done(null, payload);
    else void written.then(() => done(null, payload));
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
    exposedHeaders: ['Retry-After'],
    credentials: false,
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  return { app, routes };
}
