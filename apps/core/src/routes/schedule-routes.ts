import type { FastifyInstance } from 'fastify';
import { ScheduleInputSchema } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { permissionDenied } from '../errors.ts';
import { declareRoutes } from '../http/route.ts';
import { booleanBody } from '../services/instance-rules.ts';
import { stepVisibility } from '../services/schedules/instance-executors.ts';
import { isLimitedTask, type StoredUser } from '../services/user-service.ts';

const VIEW = { instance: ['ViewInstance'] } as const;
/** Editing what runs on an instance is an instance setting; each step is checked again at run time. */
const EDIT = { instance: ['AccessSetting'] } as const;

/**
 * A schedule runs later as the user who last changed it, by uid. A macro task whose code not only
 * its starter wrote would hand its starter's full rights to its authors that way (or by pressing
 * Run now as them), so it may not.
 */
function notForOthersCode(user: StoredUser): void {
  if (isLimitedTask(user))
    throw permissionDenied(
      'A macro may change or run schedules only when its starter wrote all of its code',
    );
}

/** Hearth's schedules (issue 13; services/schedules/README.md). */
export function scheduleRoutes(ctx: CoreContext) {
  const { schedules } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    // A viewer sees console commands and macro steps only as the Event Logs would show them.
    route.http({ route: 'scheduleList', access: VIEW }, ({ user, params }) =>
      schedules.list(params.uuid, stepVisibility(ctx.guard, user, params.uuid)),
    );

    route.http({ route: 'scheduleRuns', access: VIEW }, ({ user, params }) =>
      schedules.runs(params.uuid, params.schedule, stepVisibility(ctx.guard, user, params.uuid)),
    );

    route.http(
      { route: 'scheduleCreate', access: EDIT, rule: notForOthersCode, body: ScheduleInputSchema },
      ({ user, params, body }) => schedules.create(params.uuid, user.uid, body),
    );

    route.http(
      { route: 'scheduleUpdate', access: EDIT, rule: notForOthersCode, body: ScheduleInputSchema },
      ({ user, params, body }) => schedules.update(params.uuid, params.schedule, user.uid, body),
    );

    route.http(
      {
        route: 'scheduleEnabled',
        access: EDIT,
        rule: notForOthersCode,
        body: booleanBody('Enabled'),
      },
      ({ user, params, body }) =>
        schedules.setEnabled(params.uuid, params.schedule, user.uid, body),
    );

    route.http({ route: 'scheduleDelete', access: EDIT }, async ({ params }) => {
      await schedules.delete(params.uuid, params.schedule);
      return null;
    });

    route.http({ route: 'scheduleRun', access: EDIT, rule: notForOthersCode }, ({ user, params }) =>
      schedules.runNow(params.uuid, params.schedule, { uid: user.uid, name: user.username }),
    );
  };
}
