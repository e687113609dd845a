import type { FastifyInstance } from 'fastify';
import { ApiKeyCreateSchema, TwoFactorCodeSchema, TwoFactorDisableSchema } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';
import { requireSession } from '../services/access/access-rules.ts';

const OWNER_ONLY = { owner: 'Only the owner can see the account security of every user' };

/**
 * Issue 28: two-factor sign-in, API keys and sessions of a user (protocol access.ts). Each is the
 * caller's own account or, where the service allows, the owner acting on anyone's; all need a
 * signed-in session (`requireSession`), never an API key or a macro task.
 */
export function accessRoutes(ctx: CoreContext) {
  const { twoFactor, apiKeys, sessions } = ctx.access;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    const self = { access: 'user', rule: requireSession } as const;

    route.http({ route: 'twoFactorStatus', ...self }, ({ user, params }) =>
      twoFactor.status(user, params.uid),
    );
    route.http({ route: 'twoFactorSetup', ...self }, ({ user, params }) =>
      twoFactor.setup(user, params.uid),
    );
    route.http(
      { route: 'twoFactorConfirm', ...self, body: TwoFactorCodeSchema },
      ({ user, params, body }) => twoFactor.confirm(user, params.uid, body.code),
    );
    route.http(
      { route: 'twoFactorDisable', ...self, body: TwoFactorDisableSchema },
      async ({ user, params, body }) => {
        await twoFactor.disable(user, params.uid, body.code ?? null);
        return null;
      },
    );
    route.http(
      { route: 'twoFactorRecoveryCodes', ...self, body: TwoFactorCodeSchema },
      ({ user, params, body }) => twoFactor.renewRecoveryCodes(user, params.uid, body.code),
    );

    route.http({ route: 'apiKeyList', ...self }, ({ user, params }) =>
      apiKeys.list(user, params.uid),
    );
    route.http(
      { route: 'apiKeyCreate', ...self, body: ApiKeyCreateSchema },
      ({ user, params, body }) => apiKeys.create(user, params.uid, body),
    );
    route.http({ route: 'apiKeyRevoke', ...self }, async ({ user, params }) => {
      await apiKeys.revoke(user, params.uid, params.key);
      return null;
    });

    route.http({ route: 'sessionList', ...self }, ({ user, params }) =>
      sessions.list(user, params.uid),
    );
    route.http({ route: 'sessionRevoke', ...self }, async ({ user, params }) => {
      await sessions.revoke(user, params.uid, params.session);
      return null;
    });
    route.http({ route: 'sessionRevokeOthers', ...self }, async ({ user, params }) => ({
      revoked: await sessions.revokeOthers(user, params.uid),
    }));

    route.http({ route: 'accessOverview', access: OWNER_ONLY, rule: requireSession }, () =>
      sessions.overview(),
    );
  };
}
