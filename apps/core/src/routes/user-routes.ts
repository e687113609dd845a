import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ChangePasswordRequestSchema,
  CredentialsSchema,
  TwoFactorLoginSchema,
  UserPermissionSchema,
} from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { badRequest, unauthorized } from '../errors.ts';
import { clientOf } from '../http/request-auth.ts';
import { declareRoutes } from '../http/route.ts';
import { toPublicUser } from '../services/user-service.ts';

function basicCredentials(header: string | undefined): { username: string; password: string } {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim()) : null;
  if (!m) throw unauthorized('Authorization header must use Basic credentials');
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw badRequest('You must provide a password');
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** core-api.md §1.4.2–1.4.3: setup, login and user management (the service checks who may act on whom). */
export function userRoutes(ctx: CoreContext) {
  const { users } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.open({ route: 'setup', body: CredentialsSchema }, ({ params, body, req }) =>
      users.setup(params.key, body.username, body.password, clientOf(req)),
    );

    route.open({ route: 'userLogin' }, ({ req }) => {
      const { username, password } = basicCredentials(req.headers.authorization);
      return users.login(clientOf(req), username, password);
    });

    // Issue 28: the second step of a sign-in with two-factor on (protocol access.ts).
    route.open({ route: 'userLoginTwoFactor', body: TwoFactorLoginSchema }, ({ body, req }) =>
      users.loginWithCode(clientOf(req), body.challenge, body.code),
    );

    route.http({ route: 'userInfo', access: 'user' }, ({ user }) => toPublicUser(user));

    route.http({ route: 'userList', access: { can: 'ManageUser' } }, () =>
      users.list().map(toPublicUser),
    );

    route.http(
      { route: 'userCreate', access: 'user', body: CredentialsSchema },
      ({ user, body, req }) => users.create(user, body.username, body.password, clientOf(req)),
    );

    route.http({ route: 'user', access: 'user' }, ({ user, params }) => {
      users.requireSelfOrManager(user, params.uid, false);
      return toPublicUser(users.get(params.uid));
    });

    route.http({ route: 'userDelete', access: 'user' }, async ({ user, params }) => {
      await users.delete(user, params.uid);
      return 'ok';
    });

    route.http(
      {
        route: 'userUpdatePerm',
        access: 'user',
        body: UserPermissionSchema,
        bodyName: 'Permissions',
      },
      async ({ user, params, body }) => {
        await users.updatePermissions(user, params.uid, body);
        return null;
      },
    );

    route.http(
      { route: 'userRename', access: 'user', body: z.string(), bodyName: 'Username' },
      async ({ user, params, body }) => {
        await users.rename(user, params.uid, body);
        return null;
      },
    );

    route.http(
      { route: 'userPassword', access: 'user', body: ChangePasswordRequestSchema },
      async ({ user, params, body }) => {
        if (body.uid !== params.uid)
          throw badRequest('The user id in the path and the body differ');
        await users.changePassword(user, body.uid, body.old_password, body.new_password);
        return null;
      },
    );

    route.http({ route: 'userLogout', access: 'user' }, async ({ user, params }) => {
      await users.logout(user, params.uid);
      return null;
    });
  };
}
