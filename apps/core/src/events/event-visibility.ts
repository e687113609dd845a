import type { ClientEvent, HearthEvent } from '@hearth/protocol';
import type { PermissionGuard, Principal } from '../auth/permission-guard.ts';

interface ProgressionContext {
  instance: string | null;
  causer: string | null;
}

const MAX_TRACKED = 4096;

/**
 * Who may see which event. Stricter than the reference (which sends user and progression events to
 * everyone who asks): instance events need ViewInstance; user events go to the owner and the user
 * concerned; FS events to the owner; progressions to whoever caused them or can view their instance.
 */
export class EventVisibility {
  private readonly progressions = new Map<string, ProgressionContext>();

  constructor(private readonly guard: PermissionGuard) {}

  /** Remembers what each progression is about so its updates can be filtered like its start. */
  track(event: ClientEvent): void {
    const inner = event.event_inner;
    if (inner.type !== 'ProgressionEvent') return;
    const p = inner.progression_event_inner;
    if (p.type !== 'ProgressionStart') return;
    this.progressions.set(inner.event_id, {
      instance: p.inner?.instance_uuid ?? null,
      causer: event.caused_by.type === 'User' ? event.caused_by.user_id : null,
    });
    if (this.progressions.size > MAX_TRACKED) {
      const oldest = this.progressions.keys().next().value;
      if (oldest !== undefined) this.progressions.delete(oldest);
    }
  }

  /** Hearth's signals go to whoever may use what they are about. */
  canViewHearth(user: Principal, event: HearthEvent): boolean {
    switch (event.type) {
      case 'MacrosChanged':
        return this.guard.can(user, { type: 'AccessMacro', instance: event.instance_uuid });
    }
  }

  canView(user: Principal, event: ClientEvent): boolean {
    if (user.isOwner) return true;
    const inner = event.event_inner;
    switch (inner.type) {
      case 'InstanceEvent':
        return this.guard.can(user, { type: 'ViewInstance', instance: inner.instance_uuid });
      case 'UserEvent':
        return inner.user_id === user.uid;
      case 'FSEvent':
        return false;
      case 'MacroEvent':
        return (
          inner.instance_uuid !== null &&
          this.guard.can(user, { type: 'AccessMacro', instance: inner.instance_uuid })
        );
      case 'PlayitggRunnerEvent':
        return true;
      case 'ProgressionEvent': {
        if (event.caused_by.type === 'User' && event.caused_by.user_id === user.uid) return true;
        const p = inner.progression_event_inner;
        let instance: string | null = null;
        if (p.type === 'ProgressionStart') instance = p.inner?.instance_uuid ?? null;
        else if (p.type === 'ProgressionEnd' && p.inner) {
          instance = p.inner.type === 'InstanceCreation' ? p.inner.uuid : p.inner.instance_uuid;
        }
        const ctx = this.progressions.get(inner.event_id);
        if (ctx?.causer === user.uid) return true;
        instance ??= ctx?.instance ?? null;
        if (instance === null) return false;
        return this.guard.can(user, { type: 'ViewInstance', instance });
      }
    }
  }
}
