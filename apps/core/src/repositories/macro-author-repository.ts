import type { Db } from '../db/database.ts';

/** Who last changed one top-level entry under `macros/` through the API, and what it was then. */
export interface MacroAuthorRecord {
  /** A name directly under `macros/`: a macro's folder or a loose module file. */
  entry: string;
  authorUid: string;
  /** Unix milliseconds. */
  changedAt: number;
  /** SHA-256 over the entry's files then; null when it could not be vouched for. */
  digest: string | null;
  /** The other entries' digests then (what the author's code may have imported). */
  vouched: Record<string, string>;
}

interface Row {
  entry: string;
  author_uid: string;
  changed_at: number;
  digest: string | null;
  vouched: string;
}

function parseVouched(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
    return out;
  } catch {
    return {};
  }
}

/** SQL for macro authorship (`macro_authors`); nothing else. */
export class MacroAuthorRepository {
  constructor(private readonly db: Db) {}

  /** Every record of an instance, by entry. */
  of(instanceUuid: string): Map<string, MacroAuthorRecord> {
    const rows = this.db
      .prepare(
        'SELECT entry, author_uid, changed_at, digest, vouched FROM macro_authors WHERE instance_uuid = ?',
      )
      .all(instanceUuid) as Row[];
    return new Map(
      rows.map((r) => [
        r.entry,
        {
          entry: r.entry,
          authorUid: r.author_uid,
          changedAt: r.changed_at,
          digest: r.digest,
          vouched: parseVouched(r.vouched),
        },
      ]),
    );
  }

  /** Replaces the records of `changed` entries and drops those of `removed`, in one transaction. */
  update(
    instanceUuid: string,
    changed: readonly MacroAuthorRecord[],
    removed: readonly string[],
  ): void {
    const upsert = this.db.prepare(
      `INSERT INTO macro_authors (instance_uuid, entry, author_uid, changed_at, digest, vouched)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (instance_uuid, entry) DO UPDATE SET author_uid = excluded.author_uid,
         changed_at = excluded.changed_at, digest = excluded.digest, vouched = excluded.vouched`,
    );
    const drop = this.db.prepare('DELETE FROM macro_authors WHERE instance_uuid = ? AND entry = ?');
    this.db.transaction(() => {
      for (const r of changed)
        upsert.run(
          instanceUuid,
          r.entry,
          r.authorUid,
          r.changedAt,
          r.digest,
          JSON.stringify(r.vouched),
        );
      for (const entry of removed) drop.run(instanceUuid, entry);
    })();
  }

  /** The instance was deleted. */
  forgetInstance(instanceUuid: string): void {
    this.db.prepare('DELETE FROM macro_authors WHERE instance_uuid = ?').run(instanceUuid);
  }
}
