import type { FastifyInstance } from 'fastify';
import { SshKeyAddSchema } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';
import { parseSftpSettings } from '../services/sftp/sftp-service.ts';

const OWNER_ONLY = { owner: 'Only the owner can change core settings' };

/**
 * Hearth SFTP (issue 28): the server's state and the caller's accounts (any user), the owner's
 * on/off and port, and the caller's own SSH public keys (nobody manages another user's keys).
 */
export function sftpRoutes(ctx: CoreContext) {
  const { sftp, sshKeys } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    route.http({ route: 'sftpInfo', access: 'user' }, ({ user }) => sftp.info(user));
    route.http(
      { route: 'sftpSettings', access: OWNER_ONLY, body: parseSftpSettings },
      ({ body, cause }) => sftp.update(body, cause),
    );
    route.http({ route: 'sshKeyList', access: 'user' }, ({ user }) => sshKeys.list(user));
    route.http(
      { route: 'sshKeyAdd', access: 'user', body: SshKeyAddSchema, bodyName: 'SSH key' },
      ({ user, body }) => sshKeys.add(user, body),
    );
    route.http({ route: 'sshKeyDelete', access: 'user' }, ({ user, params }) =>
      sshKeys.remove(user, params.id),
    );
  };
}
