import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LogQuerySchema, type LogQuery } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { tokenFromQueryValue } from '../http/request-auth.ts';
import { declareRoutes } from '../http/route.ts';
import { sendBounded } from '../http/socket-session.ts';
import { parseWith } from '../http/validation.ts';

const ExportFormatSchema = z.enum(['jsonl', 'csv']);

/** An export's query: the filter (protocol event-log-filter.ts) and the file's format. */
function exportQuery(raw: unknown): { log: LogQuery; format: z.output<typeof ExportFormatSchema> } {
  const format = (raw as { format?: unknown }).format ?? 'jsonl';
  return {
    log: parseWith(LogQuerySchema, raw, 'Query'),
    format: parseWith(ExportFormatSchema, format, 'format'),
  };
}

/**
 * Hearth's event log (issue 14): search a page, export everything a filter matches (streamed), and
 * a live socket of new entries — each limited to what the caller may see.
 */
export function activityRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http(
      { route: 'activitySearch', access: 'user', query: LogQuerySchema },
      ({ user, query }) => ctx.activity.search(user, query),
    );

    route.http(
      { route: 'activityExport', access: 'user', query: exportQuery },
      ({ user, query, reply }) => {
        const { format } = query;
        const { filter } = query.log;
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
      },
    );

    route.socket(
      {
        route: 'activityStream',
        access: 'user',
        token: (req) => tokenFromQueryValue((req.query as { token?: unknown }).token),
        query: LogQuerySchema,
        echo: false,
      },
      (socket, { session, query }) =>
        ctx.activity.stream((frame) => sendBounded(socket, frame), session.current, query.filter),
    );
  };
}
