import { coreKey } from './session.ts';
import type { CoreConnection } from './session.ts';

// Changing your own password revokes every token of yours (core-api.md §1.4.3): the core emits
// UserLoggedOut for you before it answers. While the dashboard itself is swapping in a fresh
// token, that event must not send the user back to sign-in with an "Invalid token" toast.

const rotating = new Map<string, number>();

export function isRotatingToken(core: CoreConnection | null): boolean {
  return core !== null && (rotating.get(coreKey(core)) ?? 0) > 0;
}

/** Runs `work` (change the password, then sign in again) with the core marked as rotating. */
export async function withTokenRotation<T>(
  core: CoreConnection,
  work: () => Promise<T>,
): Promise<T> {
  const key = coreKey(core);
  rotating.set(key, (rotating.get(key) ?? 0) + 1);
  try {
    return await work();
  } finally {
    const left = (rotating.get(key) ?? 1) - 1;
    if (left > 0) rotating.set(key, left);
    else rotating.delete(key);
  }
}
