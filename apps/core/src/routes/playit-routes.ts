import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';

/**
 * core-api.md §1.4.18: the playit.gg agent. The reference leaves these routes unauthenticated;
 * Hearth lets only the owner use them (they sign the core up with an account and expose servers to
 * the internet). No key is a 400, the provider's faults are 502 External (docs/compatibility.md).
 */
const OWNER_ONLY = { owner: 'Only the owner can use the Playit integration' };

export function playitRoutes(ctx: CoreContext) {
  const { playit } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    route.http({ route: 'playitSignupLink', access: OWNER_ONLY }, ({ cause }) =>
      playit.signupLink(cause),
    );
    route.http({ route: 'playitStart', access: OWNER_ONLY }, async ({ cause }) => {
      await playit.start(cause);
      return null;
    });
    route.http({ route: 'playitStop', access: OWNER_ONLY }, async ({ cause }) => {
      await playit.stop(cause);
      return null;
    });
    route.http({ route: 'playitVerify', access: OWNER_ONLY }, () => playit.verify());
    route.http({ route: 'playitIsRunning', access: OWNER_ONLY }, () => playit.isRunning());
    route.http({ route: 'playitTunnels', access: OWNER_ONLY }, () => playit.tunnels());
  };
}
