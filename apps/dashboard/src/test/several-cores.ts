import { addCore, setToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { TEST_CORE, validJwt } from './fixtures.ts';
import { connectTo } from './render-app.tsx';

/** A saved core like the test core at another address (same port, protocol and API version). */
export function otherCore(address: string): CoreConnection {
  return { ...TEST_CORE, address };
}

/** Signs in to the test core (the current one) and saves `others` as cores signed in too. */
export function signInToCores(...others: CoreConnection[]): void {
  connectTo(TEST_CORE, validJwt());
  for (const other of others) {
    addCore(other);
    setToken(other, validJwt());
  }
}
