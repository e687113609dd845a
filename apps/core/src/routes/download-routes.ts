import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';

/**
 * `Content-Disposition: attachment` for any name: a quoted ASCII fallback (quotes, backslashes,
 * controls and non-ASCII replaced) plus the exact name as RFC 5987 `filename*`.
 */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/**
 * core-api.md §1.4.16: `GET /file/:key` — no login, the key is the capability (see InstanceFiles.
 * openDownload for what is re-checked). A directory is zipped while it is sent, never on disk.
 */
export function downloadRoutes(ctx: CoreContext) {
  const { files } = ctx.files;
  const { globalFiles } = ctx;
  return async (api: FastifyInstance) => {
    // No automatic HEAD: Fastify would read (and for a folder, zip) the whole download to discard it.
    declareRoutes(api, ctx).open(
      { route: 'download', options: { exposeHeadRoute: false } },
      async ({ params, reply }) => {
        const opened = globalFiles.ownsKey(params.key)
          ? await globalFiles.openDownload(params.key)
          : await files.openDownload(params.key);
        reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', attachmentHeader(opened.name));
        if (opened.size !== null) reply.header('content-length', String(opened.size));
        reply.raw.once('close', () => opened.done(reply.raw.writableFinished));
        return reply.send(opened.stream);
      },
    );
  };
}
