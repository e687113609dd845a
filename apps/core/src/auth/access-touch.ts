import { ACCESS_TOUCH_INTERVAL_MS } from '@hearth/protocol';

/**
 * Whether a use at `at` is written to the database now (and if so, remembered in `written`): when
 * it comes from another address, or once ACCESS_TOUCH_INTERVAL_MS has passed since the last write.
 * The session and API-key caches share this rule; `written` is each one's key → last write time.
 */
export function touchDue(
  written: Map<string, number>,
  key: string,
  at: number,
  moved: boolean,
): boolean {
  if (!moved && at - (written.get(key) ?? 0) < ACCESS_TOUCH_INTERVAL_MS) return false;
  written.set(key, at);
  return true;
}
