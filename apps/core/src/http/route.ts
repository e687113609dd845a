import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import {
  apiRoutes,
  type ApiRouteName,
  type RouteParamNames,
  type UserActionType,
} from '@hearth/protocol';
import type { UserAction } from '../auth/permission-guard.ts';
import type { CoreContext } from '../context.ts';
import { permissionDenied } from '../errors.ts';
import type { StoredUser } from '../repositories/user-repository.ts';
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

type PathOf<N extends ApiRouteName> = (typeof apiRoutes)[N]['path'];
type ParamDecoders<N extends ApiRouteName> = {
  readonly [K in RouteParamNames<PathOf<N>>]?: (raw: string) => unknown;
};
type DecodedParams<N extends ApiRouteName, D> = {
  [K in RouteParamNames<PathOf<N>>]: D extends { [P in K]: (raw: string) => infer T } ? T : string;
};
type BodyParser<B> = z.core.$ZodType<B> | ((raw: unknown) => B);

export interface RouteSpec<N extends ApiRouteName, D extends ParamDecoders<N>, B> {
  route: N;
  access: RouteAccess;
  /** The body's protocol schema (or a parse function for a rule a schema cannot say). */
  body?: BodyParser<B>;
  /** How the body is named in a 400 ("Request body" by default). */
  bodyName?: string;
  /** Parses path parameters (e.g. base64url file paths); failures are 400s. */
  params?: D;
  /** A further rule on the caller (and how they called), checked after `access`, before the body. */
  rule?: (user: StoredUser, req: FastifyRequest) => void;
  /** An instance route's `:uuid` literal that means "every instance" (nothing to load or check). */
  allInstances?: string;
  options?: RouteShorthandOptions;
}

export interface OpenCall<N extends ApiRouteName, D, B> {
  params: DecodedParams<N, D>;
  body: B;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteCall<N extends ApiRouteName, D, B> extends OpenCall<N, D, B> {
  /** The signed-in caller, already checked against the route's access. */
  user: StoredUser;
}

export interface SocketSpec<N extends ApiRouteName> {
  route: N;
  /** Where the token comes from (a socket cannot send an Authorization header). */
  token: (req: FastifyRequest) => string;
  /** Instance permission checked before the upgrade (404 first); `allInstances` skips it for that uuid. */
  instance?: ActionType;
  allInstances?: string;
  /** Echo client frames back (the reference's ping behaviour). */
  echo: boolean;
  /**
   * What the socket is about must exist: checked after the permission, before the upgrade (a
   * refusal, e.g. 404 for an unknown macro task, is an ordinary HTTP error).
   */
  load?: (req: FastifyRequest) => void;
}

function isSchema<B>(parser: BodyParser<B>): parser is z.core.$ZodType<B> {
  return typeof (parser as { safeParse?: unknown }).safeParse === 'function';
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

/**
 * Declares routes: authenticate → load the instance (404) → permission → parse params and body, in
 * that order, in one place; a handler holds only the call to its service.
 */
export class RouteDeclarer {
  constructor(
    private readonly api: FastifyInstance,
    private readonly ctx: CoreContext,
  ) {}

  /** A route for signed-in users: authenticate → instance (404) → permission → params → body. */
  http<N extends ApiRouteName, D extends ParamDecoders<N> = Record<never, never>, B = undefined>(
    spec: RouteSpec<N, D, B>,
    handler: (call: RouteCall<N, D, B>) => unknown,
  ): void {
    this.register(
      spec,
      async (req) => {
        const user = await this.ctx.authenticate(req);
        this.ctx.access.twoFactor.requireEnrolled(user, spec.route);
        const uuid = (req.params as { uuid?: string }).uuid;
        if (uuid === undefined || uuid !== spec.allInstances) this.check(user, spec.access, uuid);
        spec.rule?.(user, req);
        return user;
      },
      handler as (call: OpenCall<N, D, B> & { user: StoredUser | null }) => unknown,
    );
  }

  /** A route nobody is asked about (the reference's unauthenticated routes). */
  open<N extends ApiRouteName, D extends ParamDecoders<N> = Record<never, never>, B = undefined>(
    spec: Omit<RouteSpec<N, D, B>, 'access'>,
    handler: (call: OpenCall<N, D, B>) => unknown,
  ): void {
    this.register(spec, async () => null, handler);
  }

  private register<N extends ApiRouteName, D extends ParamDecoders<N>, B>(
    spec: Omit<RouteSpec<N, D, B>, 'access'>,
    admit: (req: FastifyRequest) => Promise<StoredUser | null>,
    handler: (call: OpenCall<N, D, B> & { user: StoredUser | null }) => unknown,
  ): void {
    const declaration = apiRoutes[spec.route];
    this.api.route({
      method: declaration.method,
      url: declaration.path,
      ...spec.options,
      handler: async (req, reply) => {
        const user = await admit(req);
        const raw = req.params as Record<string, string>;
        const params: Record<string, unknown> = { ...raw };
        for (const [name, decode] of Object.entries(spec.params ?? {}))
          params[name] = (decode as (s: string) => unknown)(raw[name] ?? '');
        let body: unknown = undefined;
        if (spec.body) {
          body = isSchema(spec.body)
            ? parseWith(spec.body, req.body, spec.bodyName)
            : spec.body(req.body);
        }
        const result = await handler({
          user,
          params: params as DecodedParams<N, D>,
          body: body as B,
          req,
          reply,
        });
        return send(reply, result);
      },
    });
  }

  /**
   * A WebSocket route: the user is authorized before the upgrade (a refusal is an ordinary HTTP
   * error with the envelope), the socket follows its user's session (closed when they are deleted or
   * logged out), client frames are echoed when asked, and `serve`'s cleanup runs on close.
   */
  socket<N extends ApiRouteName>(
    spec: SocketSpec<N>,
    serve: (
      socket: WebSocket,
      req: FastifyRequest,
      session: SocketSession,
    ) => (() => void) | undefined,
  ): void {
    const declaration = apiRoutes[spec.route];
    const users = new WeakMap<FastifyRequest, { user: StoredUser; token: string }>();
    this.api.get(
      declaration.path,
      {
        websocket: true,
        preValidation: async (req) => {
          const uuid = (req.params as { uuid?: string }).uuid;
          const scoped = spec.instance !== undefined && uuid !== spec.allInstances;
          if (scoped && uuid !== undefined) this.ctx.instances.require(uuid);
          const token = spec.token(req);
          const user = await this.ctx.tokens.verify(token, { ip: req.ip });
          // The event stream stays open to a user who must still turn on two-factor sign-in (it
          // carries only what they may see, and tells their dashboard when they are signed out).
          if (spec.route !== 'eventsStream') this.ctx.access.twoFactor.requireEnrolled(user, null);
          if (scoped && uuid !== undefined && spec.instance)
            this.ctx.guard.require(user, action(spec.instance, uuid));
          spec.load?.(req);
          users.set(req, { user, token });
        },
      },
      (socket, req) => {
        const caller = users.get(req);
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
        const cleanup = serve(socket, req, session);
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

/** The declarer for one Fastify scope. */
export function declareRoutes(api: FastifyInstance, ctx: CoreContext): RouteDeclarer {
  return new RouteDeclarer(api, ctx);
}
