import type { FileSandbox } from '../../lib/file-sandbox.ts';
import type {
  MacroAuthorRepository,
  MacroFileRecord,
} from '../../repositories/macro-author-repository.ts';
import { MACROS_DIR, digestMacroFiles } from './macro-digest.ts';

/** Who answers for the code a task may load: known authors, and files nobody can be named for. */
export interface Authorship {
  /** Uids of the users whose writes through the API put the macro files there as they are now. */
  authors: string[];
  /** Paths under `macros/` changed outside the API (or that are links, FIFOs…): no known author. */
  unknown: string[];
}

/**
 * What a write touched under `macros/`: paths there (a file, or a folder and all it holds, as
 * `greeter/index.ts` or `greeter`), or `macros/` as a whole.
 */
export type MacroTouch = ReadonlySet<string> | 'all';

export interface MacroAuthorsDeps {
  repository: MacroAuthorRepository;
  now?: () => number;
  /** Told after each recorded write, so the instance's running tasks are bounded by the writer too. */
  onWrite?: (instanceUuid: string, uid: string) => void;
}

function touches(touched: MacroTouch, path: string): boolean {
  if (touched === 'all') return true;
  for (const prefix of touched) if (path === prefix || path.startsWith(`${prefix}/`)) return true;
  return false;
}

/**
 * Authorship of macro code (issue 22), per file under `macros/`, following the bytes:
 * - whoever puts new bytes there through the API (write, upload, unzip, a stored config, a copy
 *   from elsewhere) is their author — unless Hearth already knows who wrote those very bytes;
 * - a copy or a move inside `macros/` carries its bytes' authors along, and bytes nobody could
 *   answer for before stay so (moving a macro someone planted does not make it yours);
 * - a file whose content no longer matches its record was changed outside the API: no known author.
 * A task may load any module under `macros/` (a macro imports its siblings), so every file there
 * bounds every task of the instance. Writes under `macros/` and the judgement at each start run one
 * at a time per instance, so a record always describes the bytes its author left.
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
   * The digests of the bytes under `macros/` nobody can answer for now (taken before a move or copy,
   * so that they stay unanswered for wherever they land).
   */
  async unknownBytes(instanceUuid: string, sandbox: FileSandbox): Promise<Set<string>> {
    const now = await digestMacroFiles(sandbox).catch(() => null);
    const records = this.deps.repository.of(instanceUuid);
    const unknown = new Set<string>();
    for (const [path, digest] of now?.files ?? [])
      if (records.get(path)?.digest !== digest) unknown.add(digest);
    return unknown;
  }

  /**
   * Records `uid` as the author of the new bytes a write through the API put in the `touched` part
   * of `macros/` (call it within `exclusive`, after the write), except bytes in `keepUnknown`.
   * Files it did not touch keep their records, matching or not; records of files that are gone are
   * dropped.
   */
  async recordWrite(
    instanceUuid: string,
    sandbox: FileSandbox,
    uid: string,
    touched: MacroTouch,
    keepUnknown: ReadonlySet<string> = new Set(),
  ): Promise<void> {
    // A `macros` that is a link or a file holds no macro code (runs are refused): nothing to keep.
    const now = await digestMacroFiles(sandbox).catch(() => null);
    const files = now?.files ?? new Map<string, string>();
    const before = this.deps.repository.of(instanceUuid);
    const authorsOf = new Map<string, Set<string>>();
    for (const record of before.values()) {
      const known = authorsOf.get(record.digest) ?? new Set<string>();
      for (const author of record.authors) known.add(author);
      authorsOf.set(record.digest, known);
    }
    const at = (this.deps.now ?? Date.now)();
    const changed: MacroFileRecord[] = [];
    for (const [path, digest] of files) {
      if (before.get(path)?.digest === digest || !touches(touched, path)) continue;
      const authors = authorsOf.get(digest);
      if (authors === undefined && keepUnknown.has(digest)) continue;
      changed.push({ path, digest, changedAt: at, authors: authors ? [...authors] : [uid] });
    }
    const removed = [...before.keys()].filter((path) => !files.has(path));
    this.deps.repository.update(instanceUuid, changed, removed);
    this.deps.onWrite?.(instanceUuid, uid);
  }

  /** Who answers for the macro code of the instance now (within `exclusive`). */
  async judge(instanceUuid: string, sandbox: FileSandbox): Promise<Authorship> {
    const { files, odd } = await digestMacroFiles(sandbox);
    const records = this.deps.repository.of(instanceUuid);
    const authors = new Set<string>();
    const unknown = [...odd];
    for (const [path, digest] of files) {
      const record = records.get(path);
      if (record === undefined || record.digest !== digest) unknown.push(path);
      else for (const author of record.authors) authors.add(author);
    }
    return { authors: [...authors], unknown: unknown.sort() };
  }

  forgetInstance(instanceUuid: string): void {
    this.deps.repository.forgetInstance(instanceUuid);
  }
}

function list(names: readonly string[]): string {
  return names.length <= 1
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** At most three paths, then how many more. */
function somePaths(paths: readonly string[]): string {
  const shown = paths.slice(0, 3).map((p) => (p === MACROS_DIR ? p : `${MACROS_DIR}/${p}`));
  return paths.length > 3 ? `${shown.join(', ')} and ${paths.length - 3} more` : shown.join(', ');
}

/**
 * The Started entry's detail: whose code bounds the task, when not only the starter's. Empty when
 * the starter wrote all of it.
 */
export function authorshipNote(
  starter: string,
  authorNames: readonly string[],
  unknown: readonly string[],
): string {
  const others = [...new Set(authorNames)].filter((name) => name !== starter);
  const parts: string[] = [];
  if (others.length > 0) {
    const everyone = [starter, ...others];
    parts.push(
      `Macro code written by ${list(others)}: the task has only the rights ${list(everyone)} ${everyone.length === 2 ? 'both' : 'all'} have`,
    );
  }
  if (unknown.length > 0)
    parts.push(
      `${somePaths(unknown)} changed outside Hearth: the task has only view and file rights on this instance`,
    );
  return parts.join('; ');
}
