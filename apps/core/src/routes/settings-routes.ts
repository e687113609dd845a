import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CoreContext } from '../context.ts';
import { permissionDenied } from '../errors.ts';

/** core-api.md §1.4.4: global settings; setters are owner-only and answer an empty 200. */
export function settingsRoutes(ctx: CoreContext) {
  const ownerSetter =
    (apply: (value: unknown) => void) => async (req: FastifyRequest, reply: FastifyReply) => {
      const caller = await ctx.authenticate(req);
      if (!caller.isOwner) throw permissionDenied('Only the owner can change core settings');
      apply(req.body);
      return reply.code(200).send();
    };
  return async (api: FastifyInstance) => {
    api.get('/global_settings', async (req) => {
      await ctx.authenticate(req);
      return ctx.settings.get();
    });
    api.put(
      '/global_settings/name',
      ownerSetter((v) => ctx.settings.setName(v)),
    );
    api.put(
      '/global_settings/domain',
      ownerSetter((v) => ctx.settings.setDomain(v)),
    );
    api.put(
      '/global_settings/safe_mode',
      ownerSetter((v) => ctx.settings.setSafeMode(v)),
    );
    api.put(
      '/global_settings/playit_enabled',
      ownerSetter((v) => ctx.settings.setPlayitEnabled(v)),
    );
  };
}
