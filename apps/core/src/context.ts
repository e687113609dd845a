import type { Db } from './db/database.ts';
import type { Authenticate } from './http/request-auth.ts';
import type { CoreServices } from './services/compose.ts';

/** Everything a route needs, built once by buildCore. */
export interface CoreContext extends CoreServices {
  authenticate: Authenticate;
  /** The database itself: for tests that set up state directly; routes go through services. */
  db: Db;
  /** Callbacks run (in reverse order) when the core shuts down, before the database closes. */
  onShutdown: (fn: () => Promise<void> | void) => void;
}
