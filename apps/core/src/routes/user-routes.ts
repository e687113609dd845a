import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ChangePasswordRequestSchema,
  CredentialsSchema,
  UserPermissionSchema,
} from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { badRequest, unauthorized } from '../errors.ts';
import { parseWith, sendJsonString } from '../http/validation.ts';
import { toPublicUser } from '../repositories/user-repository.ts';

type UidParams = { Params: { uid: string } };

function basicCredentials(header: string | undefined): { username: string; password: string } {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim()) : null;
  if (!m) throw unauthorized('Authorization header must use Basic credentials');
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw badRequest('You must provide a password');
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** core-api.md §1.4.2–1.4.3: setup, login and user management. */
export function userRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    api.post<{ Params: { key: string } }>('/setup/:key', async (req) => {
      const body = parseWith(CredentialsSchema, req.body);
      return ctx.users.setup(req.params.key, body.username, body.password);
    });

    api.post('/user/login', async (req) => {
      const { username, password } = basicCredentials(req.headers.authorization);
      return ctx.users.login(req.ip, username, password);
    });

    api.get('/user/info', async (req) => toPublicUser(await ctx.authenticate(req)));

    api.get('/user/list', async (req) => {
      const caller = await ctx.authenticate(req);
      ctx.guard.require(caller, { type: 'ManageUser' });
      return ctx.users.list().map(toPublicUser);
    });

    api.post('/user', async (req) => {
      const caller = await ctx.authenticate(req);
      const body = parseWith(CredentialsSchema, req.body);
      return ctx.users.create(caller, body.username, body.password);
    });

    api.get<UidParams>('/user/:uid', async (req) => {
      const caller = await ctx.authenticate(req);
      ctx.users.requireSelfOrManager(caller, req.params.uid);
      return toPublicUser(ctx.users.get(req.params.uid));
    });

    api.delete<UidParams>('/user/:uid', async (req, reply) => {
      const caller = await ctx.authenticate(req);
      ctx.users.delete(caller, req.params.uid);
      return sendJsonString(reply, 'ok');
    });

    api.put<UidParams>('/user/:uid/update_perm', async (req) => {
      const caller = await ctx.authenticate(req);
      const permissions = parseWith(UserPermissionSchema, req.body, 'Permissions');
      ctx.users.updatePermissions(caller, req.params.uid, permissions);
      return null;
    });

    api.put<UidParams>('/user/:uid/rename', async (req) => {
      const caller = await ctx.authenticate(req);
      ctx.users.rename(caller, req.params.uid, parseWith(z.string(), req.body, 'Username'));
      return null;
    });

    api.put<UidParams>('/user/:uid/password', async (req) => {
      const caller = await ctx.authenticate(req);
      const body = parseWith(ChangePasswordRequestSchema, req.body);
      if (body.uid !== req.params.uid)
        throw badRequest('The user id in the path and the body differ');
      await ctx.users.changePassword(caller, body.uid, body.old_password, body.new_password);
      return null;
    });

    api.post<UidParams>('/user/logout/:uid', async (req) => {
      const caller = await ctx.authenticate(req);
      ctx.users.logout(caller, req.params.uid);
      return null;
    });
  };
}
