import { TEMP_PREFIX } from './atomic-write.ts';

/**
 * Temp files and folders (`tempName()`) are the core's alone: clients can never name one, and
 * nothing carrying the prefix is listed, served or archived. So one found at boot is the leftover
 * of a core that died mid-write (temp-sweep.ts).
 */
export function isTempName(name: string): boolean {
  return name.startsWith(TEMP_PREFIX);
}

export function tempNameReserved(): string {
  return `Names starting with ${TEMP_PREFIX} are reserved`;
}
