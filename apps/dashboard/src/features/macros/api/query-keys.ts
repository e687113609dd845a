import { queryOptions } from '@tanstack/react-query';

// One key root per instance of one core, so a resync can refetch everything macros show at once.

export const macroKeys = {
  instance: (coreId: string | null, uuid: string) => ['macros', coreId, uuid] as const,
};

/** The options of one of the Macros tab's lists of an instance, keyed under its root. */
export function macroListQueryOptions<const TPart extends string, TData>(
  coreId: string | null,
  uuid: string,
  part: TPart,
  read: (uuid: string, signal: AbortSignal) => Promise<TData>,
) {
  return queryOptions({
    queryKey: [...macroKeys.instance(coreId, uuid), part] as const,
    queryFn: ({ signal }) => read(uuid, signal),
  });
}
