import type { FastifyInstance } from 'fastify';
import type { HandlerGameType, UnavailableGame } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { permissionDenied } from '../errors.ts';
import type { StoredUser } from '../repositories/user-repository.ts';
import {
  FLAVOURS,
  SPIGOT_UNAVAILABLE_REASON,
  handlerGameTypeFor,
} from '../runtime/minecraft/index.ts';

/** What `/games` lists: every flavour Hearth can really install (core-api.md §1.4.6). */
export const AVAILABLE_GAMES: readonly HandlerGameType[] = FLAVOURS.map(handlerGameTypeFor);

/** Games that exist in the protocol but cannot be installed, with the reason (`GET /games/unavailable`). */
export const UNAVAILABLE_GAMES: readonly UnavailableGame[] = [
  { game: 'MinecraftSpigot', reason: SPIGOT_UNAVAILABLE_REASON },
  { game: 'MinecraftBedrock', reason: 'Minecraft Bedrock servers are not supported.' },
];

/**
 * A generic definition runs any program on this machine, so while safe mode is on only the owner
 * may load one; otherwise it needs CreateInstance like any creation.
 */
export function requireGenericDefinitionRights(ctx: CoreContext, user: StoredUser): void {
  ctx.guard.require(user, { type: 'CreateInstance' });
  if (!user.isOwner && ctx.settings.safeMode) {
    throw permissionDenied(
      'Generic instances run arbitrary programs: only the owner may use them while safe mode is on',
    );
  }
}

/** core-api.md §1.4.6: game catalogue and setup manifests. */
export function gameRoutes(ctx: CoreContext) {
  const creation = ctx.instances.creation;
  return async (api: FastifyInstance) => {
    api.get('/games', async () => AVAILABLE_GAMES);
    api.get('/games/unavailable', async () => UNAVAILABLE_GAMES);

    api.get<{ Params: { game: string } }>('/setup_manifest/:game', async (req) => {
      const user = await ctx.authenticate(req);
      ctx.guard.require(user, { type: 'CreateInstance' });
      return creation.setupManifest(req.params.game);
    });

    api.put('/generic_setup_manifest', async (req) => {
      const user = await ctx.authenticate(req);
      requireGenericDefinitionRights(ctx, user);
      return creation.genericSetupManifest(req.body);
    });
  };
}
