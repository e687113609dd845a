import type { FastifyRequest } from 'fastify';
import { decodePathSegment } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import type { StoredUser } from '../repositories/user-repository.ts';
import type { DownloadKeyStore } from '../services/download-keys.ts';
import type { FileAccess } from '../services/files/file-access.ts';
import type { FileJobs } from '../services/files/file-jobs.ts';
import type { InstanceFiles } from '../services/files/instance-files.ts';

export type FileAction = 'ReadInstanceFile' | 'WriteInstanceFile';

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

/** Authenticates, answers 404 for an unknown instance (before permissions), then checks `action`. */
export async function fileCaller(
  ctx: CoreContext,
  req: FastifyRequest,
  uuid: string,
  action: FileAction,
): Promise<StoredUser> {
  const user = await ctx.authenticate(req);
  ctx.instances.get(uuid);
  ctx.guard.require(user, { type: action, instance: uuid });
  return user;
}

export interface FileRouteServices {
  access: FileAccess;
  files: InstanceFiles;
  jobs: FileJobs;
  keys: DownloadKeyStore;
}
