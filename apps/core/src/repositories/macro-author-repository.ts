import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

/** Who put one file under `macros/` there through the API, and what it held then. */
export interface MacroFileRecord {
  /** Its path under `macros/` (`greeter/index.ts`). */
  path: string;
  /** Uids of its authors (usually one; a copy of bytes several users wrote keeps them all). */
  authors: string[];
  /** SHA-256 of its content then. */
  digest: string;
  /** Unix milliseconds. */
  changedAt: number;
}

interface Row {
  path: string;
  authors: string;
  digest: string;
  changed_at: number;
}

function parseAuthors(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * SQL for macro file authorship (`macro_authors`); nothing else. Writes are background writes
 * (`DbWrites.later`, in order): the file a record describes is already written, and until its
 * record goes in the file has no known author — a task is then bounded more, never less.
 */
export class MacroAuthorRepository {
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  /** Every record of an instance, by path. */
  of(instanceUuid: string): Map<string, MacroFileRecord> {
    const rows = this.db
      .prepare(
        'SELECT path, authors, digest, changed_at FROM macro_authors WHERE instance_uuid = ?',
      )
      .all(instanceUuid) as Row[];
    return new Map(
      rows.map((r) => [
        r.path,
        {
          path: r.path,
          authors: parseAuthors(r.authors),
          digest: r.digest,
          changedAt: r.changed_at,
        },
      ]),
    );
  }

  /** Replaces the records of `changed` files and drops those of `removed`, in one transaction. */
  update(
    instanceUuid: string,
    changed: readonly MacroFileRecord[],
    removed: readonly string[],
  ): void {
    if (changed.length === 0 && removed.length === 0) return;
    this.writes.later('macro authorship', () => {
      const upsert = this.db.prepare(
        `INSERT INTO macro_authors (instance_uuid, path, authors, digest, changed_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (instance_uuid, path) DO UPDATE SET authors = excluded.authors,
           digest = excluded.digest, changed_at = excluded.changed_at`,
      );
      const drop = this.db.prepare(
        'DELETE FROM macro_authors WHERE instance_uuid = ? AND path = ?',
      );
      this.db.transaction(() => {
        for (const r of changed)
          upsert.run(instanceUuid, r.path, JSON.stringify(r.authors), r.digest, r.changedAt);
        for (const path of removed) drop.run(instanceUuid, path);
      })();
    });
  }

  /** The instance was deleted. */
  forgetInstance(instanceUuid: string): void {
    this.writes.later('macro authorship of a deleted instance', () =>
      this.db.prepare('DELETE FROM macro_authors WHERE instance_uuid = ?').run(instanceUuid),
    );
  }
}
