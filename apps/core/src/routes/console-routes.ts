import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isConsoleEvent, type ClientEvent } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { tokenFromQueryValue } from '../http/request-auth.ts';
import { bindSocketToUser, sendBounded } from '../http/socket-session.ts';
import type { StoredUser } from '../repositories/user-repository.ts';

type ConsoleRequest = { Params: { uuid: string }; Querystring: { token?: string } };

/** The literal `:uuid` that streams every instance the user may access the console of. */
export const ALL_INSTANCES = 'all';

/**
 * core-api.md §1.4.11 / §1.6: console buffer (the 1024-line ring) and live stream. Both need
 * AccessConsole (the reference only asks for a token); `all` streams every instance whose console
 * the user may access, checked per line so permission changes apply at once.
 */
export function consoleRoutes(ctx: CoreContext) {
  const socketUsers = new WeakMap<FastifyRequest, StoredUser>();
  // One JSON text per event, however many sockets receive it (ten viewers cost one stringify).
  const frames = new WeakMap<ClientEvent, string>();
  const frameOf = (event: ClientEvent) => {
    let text = frames.get(event);
    if (text === undefined) {
      text = JSON.stringify(event);
      frames.set(event, text);
    }
    return text;
  };
  return async (api: FastifyInstance) => {
    api.get<ConsoleRequest>('/instance/:uuid/console/buffer', async (req) => {
      const user = await ctx.authenticate(req);
      if (req.params.uuid === ALL_INSTANCES) return [];
      ctx.instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'AccessConsole', instance: req.params.uuid });
      return ctx.events.consoleBuffer(req.params.uuid);
    });

    api.get<ConsoleRequest>(
      '/instance/:uuid/console/stream',
      {
        websocket: true,
        preValidation: async (req) => {
          const uuid = req.params.uuid;
          if (uuid !== ALL_INSTANCES) ctx.instances.get(uuid);
          const user = await ctx.tokens.verify(tokenFromQueryValue(req.query.token));
          if (uuid !== ALL_INSTANCES) ctx.guard.require(user, { type: 'AccessConsole', instance: uuid });
          socketUsers.set(req, user);
        },
      },
      (socket, req) => {
        const user = socketUsers.get(req);
        if (!user) {
          socket.close(1011, 'Not authenticated');
          return;
        }
        const wanted = req.params.uuid;
        const session = bindSocketToUser(ctx, socket, user);
        const unsubscribe = ctx.events.subscribe((event) => {
          const inner = event.event_inner;
          if (inner.type !== 'InstanceEvent') return;
          if (wanted !== ALL_INSTANCES && inner.instance_uuid !== wanted) return;
          if (!isConsoleEvent(event)) return;
          if (!ctx.guard.can(session.current(), { type: 'AccessConsole', instance: inner.instance_uuid })) return;
          sendBounded(socket, frameOf(event));
        });
        socket.on('message', (data, isBinary) => {
          if (socket.readyState === socket.OPEN) socket.send(data, { binary: isBinary });
        });
        socket.on('close', () => {
          unsubscribe();
          session.dispose();
        });
      },
    );
  };
}
