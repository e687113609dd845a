import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { declareRoutes } from '../http/route.ts';
import { parseCoreName, parseDomain, parseSwitch } from '../services/settings-service.ts';
import { userCause } from '../services/user-service.ts';

const OWNER_ONLY = { owner: 'Only the owner can change core settings' };

/** core-api.md §1.4.4: global settings; setters are owner-only and answer an empty 200. */
export function settingsRoutes(ctx: CoreContext) {
  const { settings } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    route.http({ route: 'globalSettings', access: 'user' }, () => settings.get());
    route.http(
      { route: 'globalSettingsName', access: OWNER_ONLY, body: parseCoreName },
      ({ user, body }) => settings.setName(body, userCause(user)),
    );
    route.http(
      { route: 'globalSettingsDomain', access: OWNER_ONLY, body: parseDomain },
      ({ user, body }) => settings.setDomain(body, userCause(user)),
    );
    route.http(
      { route: 'globalSettingsSafeMode', access: OWNER_ONLY, body: parseSwitch('Safe mode') },
      ({ user, body }) => settings.setSafeMode(body, userCause(user)),
    );
    route.http(
      {
        route: 'globalSettingsPlayitEnabled',
        access: OWNER_ONLY,
        body: parseSwitch('Playit integration'),
      },
      ({ user, body }) => settings.setPlayitEnabled(body, userCause(user)),
    );
    route.http(
      {
        route: 'globalSettingsModrinthEnabled',
        access: OWNER_ONLY,
        body: parseSwitch('Modrinth browser'),
      },
      ({ user, body }) => settings.setModrinthEnabled(body, userCause(user)),
    );
    route.http(
      {
        route: 'globalSettingsRequireTwoFactor',
        access: OWNER_ONLY,
        body: parseSwitch('Require two-factor sign-in'),
      },
      async ({ user, body }) => {
        // Turning it on without it yourself would send you, too, to turn it on at once.
        if (body && !ctx.access.twoFactor.isEnabled(user.uid))
          throw badRequest('Turn on two-factor sign-in for your own account first');
        await settings.setRequireTwoFactor(body, userCause(user));
        if (body) ctx.access.revocations.emit({ kind: 'twoFactorRequired' });
      },
    );
  };
}
