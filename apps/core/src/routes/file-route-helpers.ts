import { decodePathSegment } from '@hearth/protocol';
import { badRequest } from '../errors.ts';

/**
 * A `:b64` path segment (core-api.md §1.4.14: base64url without padding) as a client path. Padded or
 * foreign characters are a 400 (the reference answers 500); so are bytes that are not UTF-8.
 */
export function decodeClientPath(segment: string): string {
  try {
    return decodePathSegment(segment);
  } catch (err) {
    if (err instanceof Error && err.message === 'Failed to decode base64')
      throw badRequest('Failed to decode base64');
    throw badRequest('Invalid path', 'The path is not valid UTF-8');
  }
}

export const FILE_READ = { instance: ['ReadInstanceFile'] } as const;
export const FILE_WRITE = { instance: ['WriteInstanceFile'] } as const;
