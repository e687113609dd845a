import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** A query that failed with a 4xx answer will fail the same way again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== null && error.status < 500) return false;
  return failureCount < 2;
}

/** dashboard.md §9: queries are never stale and do not refetch on window focus. */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: options.retry === false ? false : shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
