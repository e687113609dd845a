import { emptyLogFilter, logFilterFromParams, logQueryParams } from '@hearth/protocol';
import type { LogFilter } from '@hearth/protocol';

// The filter lives in the page's URL so a view can be shared. The keys are the API's own
// (protocol event-log-filter.ts) except the instance filter: `instance` already names the
// selected instance, so the owner-wide view keeps its instance choice in `in`.

const KEYS = ['level', 'kind', 'who', 'from', 'to', 'q', 'in'] as const;

/** The filter a URL describes; an instance tab's instance is always the instance filter. */
export function filterFromSearch(search: URLSearchParams, fixedInstance: string | null): LogFilter {
  const params = new URLSearchParams(search);
  params.delete('instance');
  const chosen = params.get('in');
  if (chosen !== null) params.set('instance', chosen);
  const filter = logFilterFromParams(params);
  return { ...filter, instances: fixedInstance ? [fixedInstance] : filter.instances };
}

/** `search` with the filter's keys replaced (everything else, e.g. the selected instance, kept). */
export function searchWithFilter(
  search: URLSearchParams,
  filter: LogFilter,
  fixedInstance: string | null,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of KEYS) next.delete(key);
  const own = logQueryParams({ ...filter, instances: fixedInstance ? null : filter.instances });
  for (const [key, value] of own) next.set(key === 'instance' ? 'in' : key, value);
  return next;
}

/** Whether anything narrows the view (beyond a tab's own instance). */
export function isFiltered(filter: LogFilter, fixedInstance: string | null): boolean {
  const { instances, ...rest } = filter;
  const { instances: _none, ...empty } = emptyLogFilter();
  const otherInstances = fixedInstance === null && instances !== null;
  return otherInstances || JSON.stringify(rest) !== JSON.stringify(empty);
}
