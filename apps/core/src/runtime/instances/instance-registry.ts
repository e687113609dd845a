import { PORT_MAX, PORT_MIN } from '@hearth/protocol';
import { badRequest, notFound } from '../../errors.ts';
import { canBind } from '../../lib/can-bind.ts';
import type { InstanceRecord } from '../../repositories/instance-repository.ts';
import type { GameHandler, HandlerInstance } from '../handlers/game-handler.ts';
import type { InstanceRuntime } from '../instance-runtime.ts';

/** One known instance: where it lives, what it is, and its live runtime. */
export interface InstanceEntry {
  uuid: string;
  dir: string;
  record: InstanceRecord;
  handler: GameHandler;
  runtime: InstanceRuntime;
  /** A long operation that excludes starting (deleting, changing version), or null. */
  busy: string | null;
  /** Cached player limit from the game's own settings (undefined = not read yet). */
  maxPlayers: number | null | undefined;
}

export function handlerView(
  entry: Pick<InstanceEntry, 'uuid' | 'dir' | 'record'>,
): HandlerInstance {
  const r = entry.record;
  return {
    uuid: entry.uuid,
    dir: entry.dir,
    name: r.name,
    description: r.description,
    port: r.port,
    autoStart: r.auto_start,
    restartOnCrash: r.restart_on_crash,
    data: r.data,
    limits: r.limits,
  };
}

/** Live instances plus the names and ports that creations in progress have reserved. */
export class InstanceRegistry {
  private readonly entries = new Map<string, InstanceEntry>();
  private readonly reserved = new Map<string, { name: string; port: number | null }>();

  get(uuid: string): InstanceEntry {
    const entry = this.entries.get(uuid);
    if (!entry) throw notFound('Instance not found');
    return entry;
  }

  find(uuid: string): InstanceEntry | undefined {
    return this.entries.get(uuid);
  }

  has(uuid: string): boolean {
    return this.entries.has(uuid);
  }

  all(): InstanceEntry[] {
    return [...this.entries.values()].sort(
      (a, b) => a.record.creation_time - b.record.creation_time || a.uuid.localeCompare(b.uuid),
    );
  }

  add(entry: InstanceEntry): void {
    this.entries.set(entry.uuid, entry);
  }

  remove(uuid: string): void {
    this.entries.delete(uuid);
  }

  reserve(uuid: string, name: string, port: number | null): void {
    this.reserved.set(uuid, { name, port });
  }

  release(uuid: string): void {
    this.reserved.delete(uuid);
  }

  isPortAllocated(port: number, except?: string): boolean {
    // Port 0 means "listens on nothing" (a generic game without a port): never a conflict.
    if (port === 0) return false;
    for (const entry of this.entries.values())
      if (entry.uuid !== except && entry.record.port === port) return true;
    for (const [uuid, r] of this.reserved) if (uuid !== except && r.port === port) return true;
    return false;
  }

  isNameTaken(name: string): boolean {
    const wanted = name.trim().toLowerCase();
    for (const entry of this.entries.values())
      if (entry.record.name.trim().toLowerCase() === wanted) return true;
    for (const r of this.reserved.values()) if (r.name.trim().toLowerCase() === wanted) return true;
    return false;
  }

  /** A port a new or changed instance may use: in range, not another instance's, free right now. */
  async checkPort(port: number, except?: string): Promise<void> {
    if (!Number.isInteger(port) || port < PORT_MIN || port > PORT_MAX) {
      throw badRequest(`Port must be between ${PORT_MIN} and ${PORT_MAX}`);
    }
    if (this.isPortAllocated(port, except))
      throw badRequest(`Port ${port} is already used by another instance`);
    if (!(await canBind(port))) throw badRequest(`Port ${port} is in use`);
  }
}
