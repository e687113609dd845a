import type { PermissionGuard } from './auth/permission-guard.ts';
import type { TokenService } from './auth/token-service.ts';
import type { CoreConfig } from './config.ts';
import type { Db } from './db/database.ts';
import type { EventBus } from './events/event-bus.ts';
import type { EventVisibility } from './events/event-visibility.ts';
import type { Authenticate } from './http/request-auth.ts';
import type { EventRepository } from './repositories/event-repository.ts';
import type { InstanceService } from './services/instance-service.ts';
import type { SettingsService } from './services/settings-service.ts';
import type { SystemService } from './services/system-service.ts';
import type { UserService } from './services/user-service.ts';

/** What routes may ask about instances without depending on the runtime. */
export interface InstanceDirectory {
  isPortAllocated(port: number): boolean;
  isNameTaken(name: string): boolean;
}

/** Everything a route needs, built once by buildCore. */
export interface CoreContext {
  config: CoreConfig;
  db: Db;
  events: EventBus;
  eventRepository: EventRepository;
  visibility: EventVisibility;
  tokens: TokenService;
  guard: PermissionGuard;
  users: UserService;
  settings: SettingsService;
  system: SystemService;
  authenticate: Authenticate;
  instanceDirectory: InstanceDirectory;
  /** Instances: registry, supervisor, console, players, monitor, settings, creation. */
  instances: InstanceService;
  /** Callbacks run (in reverse order) when the core shuts down, before the database closes. */
  onShutdown: (fn: () => Promise<void> | void) => void;
}
