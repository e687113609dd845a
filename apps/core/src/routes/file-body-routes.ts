import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import type { UploadPart } from '../services/files/file-jobs.ts';
import { decodeClientPath, fileCaller, type FileRouteServices } from './file-route-helpers.ts';

type Fs = { Params: { uuid: string; path: string } };

/**
 * A body that is not read to its end (refused before streaming) would otherwise be drained by Node
 * after the answer — possibly gigabytes. Closing the connection instead stops the sender.
 */
async function closingOnError<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!req.raw.complete) void reply.header('connection', 'close');
    throw err;
  }
}

/** Aborted when the client goes away before its body is complete. */
function abortOnDisconnect(req: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  req.raw.once('close', () => {
    if (!req.raw.complete) controller.abort(new Error('The client went away'));
  });
  return controller.signal;
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
export function fileBodyRoutes(ctx: CoreContext, s: FileRouteServices) {
  return async (api: FastifyInstance) => {
    await api.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      // Hand the body over unread, whatever its type; the handler streams it to the file.
      raw.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      raw.put<Fs>('/instance/:uuid/fs/:path/write', async (req, reply) =>
        closingOnError(req, reply, async () => {
          const user = await fileCaller(ctx, req, req.params.uuid, 'WriteInstanceFile');
          const path = decodeClientPath(req.params.path);
          const body = req.body instanceof Readable ? req.body : req.raw;
          await s.files.write(user, req.params.uuid, path, body);
          return reply.type('application/json; charset=utf-8').send('null');
        }),
      );
    });

    await api.register(async (scope) => {
      await scope.register(multipart, {
        limits: {
          fileSize: Number.POSITIVE_INFINITY,
          fieldSize: 1024,
          fields: 100,
          files: 10_000,
          parts: 10_000,
          headerPairs: 100,
        },
      });
      scope.put<Fs>('/instance/:uuid/fs/:path/upload', async (req, reply) =>
        closingOnError(req, reply, async () => {
          const user = await fileCaller(ctx, req, req.params.uuid, 'WriteInstanceFile');
          const dir = decodeClientPath(req.params.path);
          if (!req.isMultipart())
            throw badRequest('Failed to upload file', 'The body must be multipart/form-data');
          const signal = abortOnDisconnect(req);
          const parts = (async function* (): AsyncGenerator<UploadPart> {
            for await (const part of req.parts()) {
              yield part.type === 'file'
                ? { filename: part.filename, stream: part.file }
                : { filename: undefined, stream: Readable.from([]) };
            }
          })();
          await s.jobs.upload(user, req.params.uuid, dir, parts, {
            totalBytes: contentLength(req),
            signal,
          });
          return reply.type('application/json; charset=utf-8').send('null');
        }),
      );
    });
  };
}
