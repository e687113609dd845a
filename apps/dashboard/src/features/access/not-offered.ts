import { ApiError } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/i18n/format.ts';

/** A core without Hearth's access routes (a Lodestone core) answers them 404: hide the section. */
export function isNotOffered(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

/** A date as the Profile shows it ("Jan 5, 2025"), in the active language. */
const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

export function formatDay(ms: number): string {
  return formatDate(ms, DAY);
}
