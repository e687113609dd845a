import type { FastifyInstance } from 'fastify';
import { WebhookCreateSchema, WebhookUpdateSchema } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';
import { parseSwitch } from '../services/settings-service.ts';

const OWNER_ONLY = { owner: 'Only the owner can manage webhooks' };

/** Hearth webhooks (issue 14): the owner's outbound notifications, URLs and secrets kept here. */
export function webhookRoutes(ctx: CoreContext) {
  const { webhooks } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    route.http({ route: 'webhookList', access: OWNER_ONLY }, () => webhooks.list());
    route.http(
      {
        route: 'webhookCreate',
        access: OWNER_ONLY,
        body: WebhookCreateSchema,
        bodyName: 'Webhook',
      },
      ({ body, cause }) => webhooks.create(body, cause),
    );
    route.http(
      {
        route: 'webhookUpdate',
        access: OWNER_ONLY,
        body: WebhookUpdateSchema,
        bodyName: 'Webhook',
      },
      ({ params, body, cause }) => webhooks.update(params.id, body, cause),
    );
    route.http({ route: 'webhookDelete', access: OWNER_ONLY }, async ({ params, cause }) => {
      await webhooks.delete(params.id, cause);
      return null;
    });
    route.http({ route: 'webhookTest', access: OWNER_ONLY }, ({ params }) =>
      webhooks.test(params.id),
    );
    route.http({ route: 'webhookDeliveries', access: OWNER_ONLY }, ({ params }) =>
      webhooks.deliveries(params.id),
    );
    route.http(
      {
        route: 'webhookPrivateTargets',
        access: OWNER_ONLY,
        body: parseSwitch('Allow private targets'),
      },
      async ({ body, cause }) => {
        await webhooks.setAllowPrivateTargets(body, cause);
        return null;
      },
    );
  };
}
