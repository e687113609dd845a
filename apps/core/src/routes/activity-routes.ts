import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LogQuerySchema, type LogQuery } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { tokenFromQueryValue } from '../http/request-auth.ts';
import { declareRoutes } from '../http/route.ts';
import { sendBounded } from '../http/socket-session.ts';
import { parseWith } from '../http/validation.ts';

const ExportFormatSchema = z.enum(['jsonl', 'csv']);

/** The filter and page of the query string (protocol event-log-filter.ts). */
function readQuery(req: FastifyRequest): LogQuery {
  const { token: _token, format: _format, ...rest } = req.query as Record<string, unknown>;
  return parseWith(LogQuerySchema, rest, 'Query');
}

/**
 * Hearth's event log (issue 14): search a page, export everything a filter matches (streamed), and
 * a live socket of new entries — each limited to what the caller may see.
 */
export function activityRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http({ route: 'activitySearch', access: 'user' }, ({ user, req }) =>
      ctx.activity.search(user, readQuery(req)),
    );

    route.http({ route: 'activityExport', access: 'user' }, ({ user, req, reply }) => {
      const { filter } = readQuery(req);
      const format = parseWith(
        ExportFormatSchema,
        (req.query as { format?: unknown }).format ?? 'jsonl',
        'format',
      );
      const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
      return reply
        .header(
          'content-type',
          format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
        )
        .header(
          'content-disposition',
          `attachment; filename="hearth-event-log-${stamp}.${format === 'csv' ? 'csv' : 'jsonl'}"`,
        )
        .send(Readable.from(ctx.activity.export(user, filter, format)));
    });

    route.socket(
      {
        route: 'activityStream',
        token: (req) => tokenFromQueryValue((req.query as { token?: unknown }).token),
        echo: false,
      },
      (socket, req, session) => {
        const { filter } = readQuery(req);
        return ctx.activity.stream((frame) => sendBounded(socket, frame), session.current, filter);
      },
    );
  };
}
