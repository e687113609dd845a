import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import {
  apiResponses,
  apiRoutes,
  type CausedBy,
  type RouteDeclaration,
  type RouteParamNames,
  type UserActionType,
} from '@hearth/protocol';
import type { UserAction } from '../auth/permission-guard.ts';
import type { CoreContext } from '../context.ts';
import { internal, permissionDenied } from '../errors.ts';
import type { StoredUser } from '../repositories/user-repository.ts';
import { userCause } from '../services/user-service.ts';
import { bindSocketToUser, type SocketSession } from './socket-session.ts';
import { parseWith } from './validation.ts';

type ActionType = UserActionType;

/**
 * Who may call a route (core-api.md §1.5); public routes are declared with `open`:
 * - `user`: any signed-in user (the service decides the rest, e.g. "yourself or a manager");
 * - `owner`: the owner only, refused with `denial`;
 * - `{ can }`: a global permission;
 * - `{ instance }`: the `:uuid` instance must exist (404 first), then every listed permission on it.
 */
export type RouteAccess =
  'user' | { owner: string } | { can: GlobalActionType } | { instance: readonly ActionType[] };

type GlobalActionType = Exclude<
  ActionType,
  Extract<UserAction, { instance: string | null }>['type']
>;

/** A table of route declarations: the protocol's `apiRoutes`, or a test core's own. */
export type RouteTable = Readonly<Record<string, RouteDeclaration>>;
type PathOf<R extends RouteTable, N extends keyof R> = R[N]['path'];
type ParamDecoders<R extends RouteTable, N extends keyof R> = {
  readonly [K in RouteParamNames<PathOf<R, N>>]?: (raw: string) => unknown;
};
type DecodedParams<R extends RouteTable, N extends keyof R, D> = {
  [K in RouteParamNames<PathOf<R, N>>]: D extends { [P in K]: (raw: string) => infer T }
    ? T
    : string;
};
type InputParser<B> = z.core.$ZodType<B> | ((raw: unknown) => B);

export interface RouteSpec<R extends RouteTable, N extends keyof R, D, B, Q> {
  route: N;
  access: RouteAccess;
  /** The body's protocol schema (or a parse function for a rule a schema cannot say). */
  body?: InputParser<B>;
  /** How the body is named in a 400 ("Request body" by default). */
  bodyName?: string;
  /** The query string's schema, parsed like the body (a failure is a 400 naming the parameter). */
  query?: InputParser<Q>;
  /** Parses path parameters (e.g. base64url file paths); failures are 400s. */
  params?: D;
  /** A further rule on the caller (and how they called), checked after `access`, before the body. */
  rule?: (user: StoredUser, req: FastifyRequest) => void;
  /** An instance route's `:uuid` literal that means "every instance" (nothing to load or check). */
  allInstances?: string;
  options?: RouteShorthandOptions;
}

export interface OpenCall<R extends RouteTable, N extends keyof R, D, B, Q> {
  params: DecodedParams<R, N, D>;
  body: B;
  query: Q;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteCall<R extends RouteTable, N extends keyof R, D, B, Q> extends OpenCall<
  R,
  N,
  D,
  B,
  Q
> {
  /** The signed-in caller, already checked against the route's access. */
  user: StoredUser;
  /** The caller as the cause of the events this call raises (core-api.md §2.3). */
  cause: CausedBy;
}

interface SocketSpecBase<R extends RouteTable, N extends keyof R, Q> {
  route: N;
  /** Checked before the upgrade, like an HTTP route's (401, then 404, then 403). */
  access: RouteAccess;
  /** An instance socket's `:uuid` literal that means "every instance" (nothing to load or check). */
  allInstances?: string;
  /** The query string's schema (a failure is a 400 before the upgrade). */
  query?: InputParser<Q>;
  /** Echo client frames back (the reference's ping behaviour). */
  echo: boolean;
  /**
   * What the socket is about must exist: checked after the permission, before the upgrade (a
   * refusal, e.g. 404 for an unknown macro task, is an ordinary HTTP error).
   */
  load?: (req: FastifyRequest) => void;
}

/**
 * Where a socket's token comes from (a socket cannot send an Authorization header): a query
 * parameter read before anything else, or — the reference's event stream — inside the parsed query.
 */
export type SocketSpec<R extends RouteTable, N extends keyof R, Q> = SocketSpecBase<R, N, Q> &
  (
    | { token: (req: FastifyRequest) => string; tokenInQuery?: never }
    | { tokenInQuery: (query: Q) => string; token?: never }
  );

export interface SocketCall<Q> {
  req: FastifyRequest;
  session: SocketSession;
  query: Q;
}

function isSchema<B>(parser: InputParser<B>): parser is z.core.$ZodType<B> {
  return typeof (parser as { safeParse?: unknown }).safeParse === 'function';
}

function parseInput<T>(parser: InputParser<T> | undefined, raw: unknown, what: string): T {
  if (!parser) return undefined as T;
  return isSchema(parser) ? parseWith(parser, raw, what) : parser(raw);
}

/**
 * Test cores (`checkResponses`) parse what a route answers with the protocol's schema of it, so a
 * handler that drifts from the shape the dashboard parses fails the test that calls it.
 */
function checkResponse(route: string, result: unknown): void {
  const schema = (apiResponses as Readonly<Record<string, z.core.$ZodType | undefined>>)[route];
  if (!schema) return;
  const parsed = z.safeParse(schema, result);
  if (!parsed.success)
    throw internal(
      `The answer of ${route} does not match its protocol schema`,
      ...parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`),
    );
}

/** A handler's result as the wire wants it: a string is a JSON string, undefined an empty 200. */
function send(reply: FastifyReply, result: unknown): FastifyReply {
  if (result === reply || reply.sent) return reply;
  if (result === undefined) return reply.code(200).send();
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
}

function action(type: ActionType, instance: string): UserAction {
  return { type, instance };
}

/** Who asks, how, and about what: the one admission of a route or a socket. */
interface Admission {
  route: string;
  access: RouteAccess;
  allInstances?: string;
  rule?: (user: StoredUser, req: FastifyRequest) => void;
  /**
   * Whether a user who must still turn on two-factor sign-in is held back: `route` names the route
   * (the enrolment routes let them through), `socket` holds them back, `exempt` never.
   */
  enrolment: { route: string } | 'socket' | 'exempt';
}

/**
 * Declares routes: authenticate → load the instance (404) → permission → parse params, query and
 * body, in that order, in one place — for HTTP routes and sockets alike; a handler holds only the
 * call to its service.
 */
export class RouteDeclarer<R extends RouteTable = typeof apiRoutes> {
  constructor(
    private readonly api: FastifyInstance,
    private readonly ctx: CoreContext,
    private readonly table: R,
  ) {}

  /** A route for signed-in users: authenticate → instance (404) → permission → params → body. */
  http<
    N extends keyof R & string,
    D extends ParamDecoders<R, N> = Record<never, never>,
    B = undefined,
    Q = undefined,
  >(spec: RouteSpec<R, N, D, B, Q>, handler: (call: RouteCall<R, N, D, B, Q>) => unknown): void {
    this.register(
      spec,
      async (req) => {
        const user = await this.admit(req, () => this.ctx.authenticate(req), {
          ...spec,
          enrolment: { route: spec.route },
        });
        return { user, cause: userCause(user) };
      },
      handler as (call: OpenCall<R, N, D, B, Q>) => unknown,
    );
  }

  /** A route nobody is asked about (the reference's unauthenticated routes). */
  open<
    N extends keyof R & string,
    D extends ParamDecoders<R, N> = Record<never, never>,
    B = undefined,
    Q = undefined,
  >(
    spec: Omit<RouteSpec<R, N, D, B, Q>, 'access'>,
    handler: (call: OpenCall<R, N, D, B, Q>) => unknown,
  ): void {
    this.register(spec, async () => ({}), handler);
  }

  /**
   * The one admission: who is asking (401) → a user who must still turn on two-factor sign-in
   * (403) → the instance exists (404) → the route's permissions (403) → its further rule. A
   * stranger learns nothing about which uuids exist, on a socket as on HTTP.
   */
  private async admit(
    req: FastifyRequest,
    authenticate: () => Promise<StoredUser>,
    admission: Admission,
  ): Promise<StoredUser> {
    const user = await authenticate();
    if (admission.enrolment !== 'exempt')
      this.ctx.access.twoFactor.requireEnrolled(
        user,
        admission.enrolment === 'socket' ? null : admission.enrolment.route,
      );
    const uuid = (req.params as { uuid?: string }).uuid;
    if (uuid === undefined || uuid !== admission.allInstances)
      this.check(user, admission.access, uuid);
    admission.rule?.(user, req);
    return user;
  }

  private register<N extends keyof R & string, D, B, Q>(
    spec: Omit<RouteSpec<R, N, D, B, Q>, 'access'>,
    admit: (req: FastifyRequest) => Promise<{ user?: StoredUser; cause?: CausedBy }>,
    handler: (call: OpenCall<R, N, D, B, Q>) => unknown,
  ): void {
    const declaration = this.table[spec.route]!;
    const checked = this.ctx.config.checkResponses === true;
    this.api.route({
      method: declaration.method,
      url: declaration.path,
      ...spec.options,
      handler: async (req, reply) => {
        const caller = await admit(req);
        const raw = req.params as Record<string, string>;
        const params: Record<string, unknown> = { ...raw };
        for (const [name, decode] of Object.entries(spec.params ?? {}))
          params[name] = (decode as (s: string) => unknown)(raw[name] ?? '');
        const query = parseInput(spec.query, req.query, 'Query');
        const body = parseInput(spec.body, req.body, spec.bodyName ?? 'Request body');
        const result = await handler({
          ...caller,
          params: params as DecodedParams<R, N, D>,
          query,
          body,
          req,
          reply,
        });
        if (checked && result !== reply && !reply.sent && result !== undefined)
          checkResponse(spec.route, JSON.parse(JSON.stringify(result)) as unknown);
        return send(reply, result);
      },
    });
  }

  /**
   * A WebSocket route: the user is admitted before the upgrade like an HTTP route's (a refusal is
   * an ordinary HTTP error with the envelope), the socket follows its user's session (closed when
   * they are deleted or logged out), client frames are echoed when asked, and `serve`'s cleanup
   * runs on close.
   */
  socket<N extends keyof R & string, Q = undefined>(
    spec: SocketSpec<R, N, Q>,
    serve: (socket: WebSocket, call: SocketCall<Q>) => (() => void) | undefined,
  ): void {
    const declaration = this.table[spec.route]!;
    const admitted = new WeakMap<FastifyRequest, { user: StoredUser; token: string; query: Q }>();
    const parseQuery = (req: FastifyRequest) => parseInput(spec.query, req.query, 'Query');
    this.api.get(
      declaration.path,
      {
        websocket: true,
        preValidation: async (req) => {
          // The reference's event stream carries its token inside its filter, so that query is
          // read first; every other socket's query is read once its caller is admitted.
          const early = spec.tokenInQuery ? parseQuery(req) : undefined;
          const token = spec.tokenInQuery ? spec.tokenInQuery(early as Q) : spec.token(req);
          const user = await this.admit(req, () => this.ctx.tokens.verify(token, { ip: req.ip }), {
            ...spec,
            // The event stream stays open to a user who must still turn on two-factor sign-in (it
            // carries only what they may see, and tells their dashboard when they are signed out).
            enrolment: spec.route === 'eventsStream' ? 'exempt' : 'socket',
          });
          const query = spec.tokenInQuery ? (early as Q) : parseQuery(req);
          spec.load?.(req);
          admitted.set(req, { user, token, query });
        },
      },
      (socket, req) => {
        const caller = admitted.get(req);
        if (!caller) {
          socket.close(1011, 'Not authenticated');
          return;
        }
        const session = bindSocketToUser(
          this.ctx,
          socket,
          caller.user,
          () => this.ctx.tokens.verify(caller.token, { ip: req.ip }),
          { openWithoutTwoFactor: spec.route === 'eventsStream' },
        );
        const cleanup = serve(socket, { req, session, query: caller.query });
        if (spec.echo) {
          socket.on('message', (data, isBinary) => {
            if (socket.readyState === socket.OPEN) socket.send(data, { binary: isBinary });
          });
        }
        socket.on('close', () => {
          cleanup?.();
          session.dispose();
        });
      },
    );
  }

  private check(user: StoredUser, access: RouteAccess, uuid?: string): void {
    if (access === 'user') return;
    if ('owner' in access) {
      if (!user.isOwner) throw permissionDenied(access.owner);
      return;
    }
    if ('can' in access) {
      this.ctx.guard.require(user, { type: access.can });
      return;
    }
    if (uuid === undefined) throw new Error('An instance route needs a :uuid parameter');
    this.ctx.instances.require(uuid);
    for (const type of access.instance) this.ctx.guard.require(user, action(type, uuid));
  }
}

/** The declarer for one Fastify scope, over the protocol's route table (or a test core's own). */
export function declareRoutes(api: FastifyInstance, ctx: CoreContext): RouteDeclarer;
export function declareRoutes<R extends RouteTable>(
  api: FastifyInstance,
  ctx: CoreContext,
  table: R,
): RouteDeclarer<R>;
export function declareRoutes(
  api: FastifyInstance,
  ctx: CoreContext,
  table: RouteTable = apiRoutes,
): RouteDeclarer<RouteTable> {
  return new RouteDeclarer(api, ctx, table);
}
