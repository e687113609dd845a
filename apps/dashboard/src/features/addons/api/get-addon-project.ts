import { queryOptions, useQuery } from '@tanstack/react-query';
import { AddonProjectSchema, encodeQuery } from '@hearth/protocol';
import type { AddonKind, AddonProject } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

/** GET /instance/:uuid/addons/project/:project: the project with the versions that fit, newest first. */
export function getAddonProject(
  instanceUuid: string,
  project: string,
  kind: AddonKind,
  signal?: AbortSignal,
): Promise<AddonProject> {
  return apiCall(
    'addonProject',
    { uuid: instanceUuid, project },
    {
      query: encodeQuery({ kind }),
      schema: AddonProjectSchema,
      timeoutMs: 20_000,
      signal,
    },
  );
}

export function getAddonProjectQueryOptions(
  instanceUuid: string,
  project: string,
  kind: AddonKind,
) {
  return queryOptions({
    queryKey: ['instance', instanceUuid, 'addons', 'project', kind, project] as const,
    queryFn: ({ signal }) => getAddonProject(instanceUuid, project, kind, signal),
  });
}

export function useAddonProject(instanceUuid: string, project: string, kind: AddonKind) {
  return useQuery(getAddonProjectQueryOptions(instanceUuid, project, kind));
}
