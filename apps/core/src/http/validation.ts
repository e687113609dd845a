import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../errors.ts';

// The protocol's schemas are zod/mini, which loads no locale: without one every issue reads
// "Invalid input". Classic zod registers English only when its first schema is built, as a side
// effect of whichever core module happens to build one first. The causes of a 400 are English
// text that clients show and tests read, so the core says so here, once, on purpose.
z.config(z.locales.en());

/**
 * Parses input with a protocol schema (zod/mini) or a core one (classic zod): both are core schemas,
 * parsed by the same function. Failures become a 400 with readable causes.
 */
export function parseWith<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  what = 'Request body',
): z.output<S> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const causes = result.error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : what;
    return `${where}: ${issue.message}`;
  });
  throw badRequest(`${what} is invalid`, ...causes);
}

/** Route params arrive as strings; this reads a port-like integer or fails with 400. */
export function parsePortParam(raw: string): number {
  if (!/^\d{1,5}$/.test(raw)) throw badRequest(`Invalid port: ${raw}`);
  const port = Number(raw);
  if (port < 1 || port > 65535) throw badRequest('Port must be between 1 and 65535');
  return port;
}

/** Fastify sends a returned string as text; the wire wants a JSON string (`"ok"`, a uuid, ...). */
export function sendJsonString(reply: FastifyReply, value: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
}
