import { describe, expect, it } from 'vitest';
import { emptyPermissions } from '@hearth/protocol';
import { PermissionGuard } from '../../auth/permission-guard.ts';
import { CoreError } from '../../errors.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import { SftpService, parseSftpSettings, type SftpServiceDeps } from './sftp-service.ts';

const owner: StoredUser = {
  uid: 'USER_owner',
  username: 'owner',
  hashedPassword: '',
  isOwner: true,
  isAdmin: false,
  permissions: emptyPermissions(),
  secret: '',
};

/** The service over stored settings `stored` (nothing listens: start() is never called). */
function service(stored: unknown): SftpService {
  const deps = {
    dataDir: '/nonexistent',
    host: '127.0.0.1',
    settings: { get: () => stored, save: async () => undefined },
    record: () => undefined,
    events: { subscribeGeneral: () => () => undefined },
    guard: new PermissionGuard(() => true),
    keys: { onRemoved: () => () => undefined },
    instances: () => [{ uuid: 'INSTANCE_0123456789ab', name: 'Survival' }],
    log: { info: () => undefined, warn: () => undefined },
  } as unknown as SftpServiceDeps;
  return new SftpService(deps);
}

describe('the SFTP setting', () => {
  it('is off on port 2022 until the owner turns it on', () => {
    expect(service(undefined).info(owner)).toEqual({
      enabled: false,
      port: 2022,
      listening: false,
      problem: null,
      host_key_fingerprint: null,
      accounts: [
        {
          instance_uuid: 'INSTANCE_0123456789ab',
          instance_name: 'Survival',
          username: 'owner.01234567',
          writable: true,
        },
      ],
    });
    expect(service({ enabled: true, port: 2200 }).info(owner)).toMatchObject({
      enabled: true,
      port: 2200,
      listening: false,
    });
  });

  it('takes a whole port from 1 to 65535 and a switch', () => {
    expect(parseSftpSettings({ enabled: true, port: 22 })).toEqual({ enabled: true, port: 22 });
    for (const bad of [
      { enabled: true, port: 0 },
      { enabled: true, port: 65536 },
      { enabled: true, port: 21.5 },
      { enabled: 'yes', port: 2022 },
      { port: 2022 },
      null,
    ])
      expect(() => parseSftpSettings(bad)).toThrow(CoreError);
  });
});
