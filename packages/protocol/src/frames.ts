import type { ZodMiniType } from 'zod/mini';

/**
 * One socket frame read with a wire schema: what the schema accepts, null for anything else (text
 * that is not JSON included). Every stream's reader (events, Hearth's signals, monitor, macro
 * output) parses its frames through this.
 */
export function parseFrame<T>(schema: ZodMiniType<T>, data: string): T | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
