import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SftpInfoSchema, SshKeyListSchema, SshKeySchema } from '@hearth/protocol';
import type { SftpInfo, SftpSettings, SshKey, SshKeyAdd } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import { coreKey } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

/** GET /sftp: the server's state and the caller's accounts (one per instance they may read). */
export function getSftpInfoQueryOptions(core: CoreConnection) {
  return queryOptions({
    queryKey: ['sftp', coreKey(core)] as const,
    queryFn: ({ signal }): Promise<SftpInfo> =>
      apiCall('sftpInfo', {}, { core, schema: SftpInfoSchema, signal }),
  });
}

export function useSftpInfo(core: CoreConnection, enabled = true) {
  return useQuery({ ...getSftpInfoQueryOptions(core), enabled });
}

/** PUT /sftp/settings (owner): on/off and port, applied at once (a port that is taken is a 400). */
export function useUpdateSftpSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; settings: SftpSettings }) =>
      apiCall('sftpSettings', {}, { core: input.core, body: input.settings }),
    onSettled: (_data, _err, input) =>
      queryClient.invalidateQueries({ queryKey: getSftpInfoQueryOptions(input.core).queryKey }),
  });
}

/** GET /ssh_keys: the caller's own SSH public keys. */
export function getSshKeysQueryOptions(core: CoreConnection) {
  return queryOptions({
    queryKey: ['ssh-keys', coreKey(core)] as const,
    queryFn: ({ signal }): Promise<SshKey[]> =>
      apiCall('sshKeyList', {}, { core, schema: SshKeyListSchema, signal }),
  });
}

export function useSshKeys(core: CoreConnection, enabled = true) {
  return useQuery({ ...getSshKeysQueryOptions(core), enabled });
}

/** POST /ssh_keys: a name and one line of a `.pub` file. */
export function useAddSshKeyMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; key: SshKeyAdd }) =>
      apiCall('sshKeyAdd', {}, { core: input.core, body: input.key, schema: SshKeySchema }),
    invalidates: (input) => [getSshKeysQueryOptions(input.core)],
  });
}

/** DELETE /ssh_keys/:id: the sessions the key signed in end too. */
export function useRemoveSshKeyMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; id: string }) =>
      apiCall('sshKeyDelete', { id: input.id }, { core: input.core }),
    invalidates: (input) => [getSshKeysQueryOptions(input.core)],
  });
}
