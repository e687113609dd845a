import type { FileSandbox } from '../../lib/file-sandbox.ts';
import type {
  MacroAuthorRecord,
  MacroAuthorRepository,
} from '../../repositories/macro-author-repository.ts';
import { digestMacros } from './macro-digest.ts';

/** Who answers for the code a task may load: known authors, and entries nobody can be named for. */
export interface Authorship {
  /** Uids of the users whose writes through the API made that code what it is now. */
  authors: string[];
  /** Entries under `macros/` changed outside the API (or holding links): no known author. */
  unknown: string[];
}

/** The entries a write touched: named top-level entries of `macros/`, or `macros/` as a whole. */
export type MacroTouch = ReadonlySet<string> | 'all';

export interface MacroAuthorsDeps {
  repository: MacroAuthorRepository;
  now?: () => number;
  /** Told after each recorded write, so the instance's running tasks are bound by the writer too. */
  onWrite?: (instanceUuid: string, uid: string) => void;
}

/**
 * Authorship of macro code (issue 22). A task may load any module under `macros/` (a macro can
 * import its siblings), so every top-level entry there is judged when a macro runs:
 * - the entry being run answers to whoever last wrote it through the API, if its files still match
 *   the digest recorded then;
 * - every other entry is covered by that author if it is as it was when they wrote (they chose to
 *   import it, or not, as it was); otherwise it answers to its own last writer, or to nobody
 *   (`unknown`) when it changed outside the API.
 * Writes under `macros/` and these judgements run one at a time per instance, so a record always
 * describes the files its author left.
 */
export class MacroAuthors {
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: MacroAuthorsDeps) {}

  /** Runs `work` alone among the instance's macro writes and judgements. */
  exclusive<T>(instanceUuid: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(instanceUuid) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.#queues.set(instanceUuid, settled);
    void settled.then(() => {
      if (this.#queues.get(instanceUuid) === settled) this.#queues.delete(instanceUuid);
    });
    return next;
  }

  /**
   * Records `uid` as the author of what a write through the API touched (call it within
   * `exclusive`, after the write): each touched entry gets the digest of its files now and the
   * digests of the others as they are; a touched entry that is gone loses its record.
   */
  async recordWrite(
    instanceUuid: string,
    sandbox: FileSandbox,
    uid: string,
    touched: MacroTouch,
  ): Promise<void> {
    const digests = await digestMacros(sandbox).catch(() => new Map<string, string | null>());
    const known = this.deps.repository.of(instanceUuid);
    const names =
      touched === 'all' ? new Set([...digests.keys(), ...known.keys()]) : new Set(touched);
    const changed: MacroAuthorRecord[] = [];
    const removed: string[] = [];
    const now = (this.deps.now ?? Date.now)();
    for (const entry of names) {
      if (!digests.has(entry)) {
        removed.push(entry);
        continue;
      }
      const vouched: Record<string, string> = {};
      for (const [other, digest] of digests)
        if (other !== entry && digest !== null) vouched[other] = digest;
      changed.push({
        entry,
        authorUid: uid,
        changedAt: now,
        digest: digests.get(entry) ?? null,
        vouched,
      });
    }
    this.deps.repository.update(instanceUuid, changed, removed);
    this.deps.onWrite?.(instanceUuid, uid);
  }

  /** Who answers for a run of the macro whose top-level entry is `entry` (within `exclusive`). */
  async judge(instanceUuid: string, sandbox: FileSandbox, entry: string): Promise<Authorship> {
    const digests = await digestMacros(sandbox);
    const records = this.deps.repository.of(instanceUuid);
    const authors = new Set<string>();
    const unknown: string[] = [];
    const matches = (name: string) => {
      const record = records.get(name);
      const digest = digests.get(name);
      return record !== undefined && record.digest !== null && record.digest === digest
        ? record
        : null;
    };
    const own = matches(entry);
    if (own === null) unknown.push(entry);
    else authors.add(own.authorUid);
    for (const [name, digest] of digests) {
      if (name === entry) continue;
      if (own !== null && digest !== null && own.vouched[name] === digest) continue;
      const record = matches(name);
      if (record === null) unknown.push(name);
      else authors.add(record.authorUid);
    }
    return { authors: [...authors], unknown };
  }

  forgetInstance(instanceUuid: string): void {
    this.deps.repository.forgetInstance(instanceUuid);
  }
}

/**
 * The Started entry's detail: whose code ran, when that is not only the starter's. Empty when the
 * starter wrote all of it.
 */
export function authorshipNote(
  starter: string,
  authorNames: readonly string[],
  unknown: readonly string[],
): string {
  const others = authorNames.filter((name) => name !== starter);
  const parts: string[] = [];
  if (others.length > 0) {
    const everyone = [starter, ...others];
    const list = (names: readonly string[]) =>
      names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    parts.push(
      `Code written by ${list(others)}: the task has only the rights ${list(everyone)} ${everyone.length === 2 ? 'both' : 'all'} have`,
    );
  }
  if (unknown.length > 0)
    parts.push(
      `${unknown.map((name) => `macros/${name}`).join(', ')} changed outside Hearth: the task has only view and file rights on this instance`,
    );
  return parts.join('; ');
}
