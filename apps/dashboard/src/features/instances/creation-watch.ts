import type { ClientEvent } from '@hearth/protocol';

// After Create the wizard closes and the install runs on the core; when it ends the new instance
// opens (issue 15 #2). Pure, so the matching is tested without React.

/** What Create answered: the uuid (Hearth, create/:game), or only the name (Lodestone's null). */
export interface CreationTarget {
  uuid: string | null;
  name: string;
}

export type CreationOutcome =
  | { kind: 'started'; eventId: string; uuid: string }
  | { kind: 'created'; uuid: string; name: string }
  | { kind: 'failed'; eventId: string };

/** What a progression event says about instance creations, if anything. */
export function creationOutcome(event: ClientEvent): CreationOutcome | null {
  const inner = event.event_inner;
  if (inner.type !== 'ProgressionEvent') return null;
  const progression = inner.progression_event_inner;
  if (progression.type === 'ProgressionStart') {
    return progression.inner?.type === 'InstanceCreation'
      ? { kind: 'started', eventId: inner.event_id, uuid: progression.inner.instance_uuid }
      : null;
  }
  if (progression.type !== 'ProgressionEnd') return null;
  if (progression.success && progression.inner?.type === 'InstanceCreation')
    return { kind: 'created', uuid: progression.inner.uuid, name: progression.inner.name };
  if (!progression.success) return { kind: 'failed', eventId: inner.event_id };
  return null;
}

/**
 * Follows one creation: `started` events tie a progression to the target's uuid (a failed end has
 * no instance in it), `created` names the instance to open.
 */
export class CreationWatch {
  /** Progressions of the target seen so far (a failure is recognised by one of them). */
  readonly #progressions = new Set<string>();

  constructor(readonly target: CreationTarget) {}

  /** `open` with the uuid when it was created, `stop` when it failed, null otherwise. */
  apply(outcome: CreationOutcome): { open: string } | 'stop' | null {
    const { uuid, name } = this.target;
    switch (outcome.kind) {
      case 'started':
        if (uuid === outcome.uuid) this.#progressions.add(outcome.eventId);
        return null;
      case 'created':
        if (uuid === outcome.uuid || (uuid === null && name === outcome.name))
          return { open: outcome.uuid };
        return null;
      case 'failed':
        return this.#progressions.has(outcome.eventId) ? 'stop' : null;
    }
  }
}
