import { ApiError } from '@/lib/api-client.ts';

/** A core without Hearth's access routes (a Lodestone core) answers them 404: hide the section. */
export function isNotOffered(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

/** A date as the Profile shows it ("Jan 5, 2025"). */
export function formatDay(ms: number): string {
  return new Date(ms).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}
