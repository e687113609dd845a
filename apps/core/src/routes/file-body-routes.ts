import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { declareRoutes } from '../http/route.ts';
import type { UploadPart } from '../services/files/file-jobs.ts';
import { FILE_WRITE, decodeClientPath } from './file-route-helpers.ts';

/**
 * A body that is not read to its end (refused before or while streaming) would otherwise be drained
 * by Node after the answer — possibly gigabytes. Closing the connection instead stops the sender.
 */
export function closeUnreadBodies(scope: FastifyInstance): void {
  scope.addHook('onError', async (req, reply) => {
    if (!req.raw.complete) void reply.header('connection', 'close');
  });
}

/** Aborted when the client goes away before its body is complete. */
export function abortOnDisconnect(req: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  req.raw.once('close', () => {
    if (!req.raw.complete) controller.abort(new Error('The client went away'));
  });
  return controller.signal;
}

/**
 * An upload's multipart limits, the instance's and the global files' alike: files of any size (the
 * disk and its quota bound them), but small and few fields and part headers, which are held in
 * memory.
 */
export const UPLOAD_LIMITS = {
  fileSize: Number.POSITIVE_INFINITY,
  fieldSize: 1024,
  fields: 100,
  files: 10_000,
  parts: 10_000,
  headerPairs: 100,
} as const;

/**
 * The parts of a multipart upload body as the file services take them: a file part's name and
 * stream, or an empty stream for a field part (which they refuse and drain). A body that is not
 * multipart is a 400.
 */
export function uploadParts(req: FastifyRequest): AsyncGenerator<UploadPart> {
  if (!req.isMultipart())
    throw badRequest('Failed to upload file', 'The body must be multipart/form-data');
  return (async function* () {
    for await (const part of req.parts()) {
      yield part.type === 'file'
        ? { filename: part.filename, stream: part.file }
        : { filename: undefined, stream: Readable.from([]) };
    }
  })();
}

function contentLength(req: FastifyRequest): number | null {
  const n = Number(req.headers['content-length']);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * The routes whose body is a stream: `write` (raw bytes of any content type, no size cap, never
 * buffered) and `upload` (multipart, each file streamed to disk). Each sits in its own scope so the
 * JSON parser and body limit of the rest of the API don't apply.
 */
export function fileBodyRoutes(ctx: CoreContext) {
  const { files, jobs } = ctx.files;
  return async (api: FastifyInstance) => {
    await api.register(async (raw) => {
      closeUnreadBodies(raw);
      raw.removeAllContentTypeParsers();
      // Hand the body over unread, whatever its type; the handler streams it to the file.
      raw.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      // The body is read only after the caller was admitted (a refused upload reads nothing).
      declareRoutes(raw, ctx).http(
        { route: 'fsWrite', access: FILE_WRITE, params: { path: decodeClientPath } },
        async ({ user, params, req }) => {
          const body = req.body instanceof Readable ? req.body : req.raw;
          await files.write(user, params.uuid, params.path, body);
          return null;
        },
      );
    });

    await api.register(async (scope) => {
      closeUnreadBodies(scope);
      await scope.register(multipart, { limits: UPLOAD_LIMITS });
      declareRoutes(scope, ctx).http(
        { route: 'fsUpload', access: FILE_WRITE, params: { path: decodeClientPath } },
        async ({ user, params, req }) => {
          const parts = uploadParts(req);
          const signal = abortOnDisconnect(req);
          await jobs.upload(user, params.uuid, params.path, parts, {
            totalBytes: contentLength(req),
            signal,
          });
          return null;
        },
      );
    });
  };
}
