import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built dashboard at `/`; any non-API GET that matches no file gets index.html (SPA).
 * The build leaves a brotli and a gzip twin beside each text file: the smallest variant the browser
 * accepts is sent as it is (`Vary: Accept-Encoding`). Hashed assets are immutable; index.html is
 * revalidated so a new build is picked up at once.
 */
export async function registerDashboard(
  app: FastifyInstance,
  dir: string | null,
): Promise<boolean> {
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  return true;
}
