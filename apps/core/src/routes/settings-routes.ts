import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { declareRoutes } from '../http/route.ts';
import { parseCoreName, parseDomain, parseSwitch } from '../services/settings-service.ts';

const OWNER_ONLY = { owner: 'Only the owner can change core settings' };

/** core-api.md §1.4.4: global settings; setters are owner-only and answer an empty 200. */
export function settingsRoutes(ctx: CoreContext) {
  const { settings } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    route.http({ route: 'globalSettings', access: 'user' }, () => settings.get());
    route.http(
      { route: 'globalSettingsName', access: OWNER_ONLY, body: parseCoreName },
      ({ body, cause }) => settings.setName(body, cause),
    );
    route.http(
      { route: 'globalSettingsDomain', access: OWNER_ONLY, body: parseDomain },
      ({ body, cause }) => settings.setDomain(body, cause),
    );
    route.http(
      { route: 'globalSettingsSafeMode', access: OWNER_ONLY, body: parseSwitch('Safe mode') },
      ({ body, cause }) => settings.setSafeMode(body, cause),
    );
    route.http(
      {
        route: 'globalSettingsPlayitEnabled',
        access: OWNER_ONLY,
        body: parseSwitch('Playit integration'),
      },
      ({ body, cause }) => settings.setPlayitEnabled(body, cause),
    );
    route.http(
      {
        route: 'globalSettingsModrinthEnabled',
        access: OWNER_ONLY,
        body: parseSwitch('Modrinth browser'),
      },
      ({ body, cause }) => settings.setModrinthEnabled(body, cause),
    );
    route.http(
      {
        route: 'globalSettingsRequireTwoFactor',
        access: OWNER_ONLY,
        body: parseSwitch('Require two-factor sign-in'),
      },
      async ({ user, body, cause }) => {
        // Turning it on without it yourself would send you, too, to turn it on at once.
        if (body && !ctx.access.twoFactor.isEnabled(user.uid))
          throw badRequest('Turn on two-factor sign-in for your own account first');
        await settings.setRequireTwoFactor(body, cause);
        if (body) ctx.access.revocations.emit({ kind: 'twoFactorRequired' });
      },
    );
  };
}
