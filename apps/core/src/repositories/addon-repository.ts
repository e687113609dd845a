import { AddonKindSchema, type AddonKind } from '@hearth/protocol';
import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

/** An add-on Hearth installed from Modrinth, as stored (`addons`, migration 016). */
export interface AddonRecord {
  id: string;
  instance_uuid: string;
  kind: AddonKind;
  project_id: string;
  version_id: string;
  title: string;
  version_number: string;
  /** Client path of the file in the instance folder. */
  path: string;
  sha512: string;
  size: number;
  installed_at: number;
  installed_by: string | null;
}

interface Row extends Omit<AddonRecord, 'kind'> {
  kind: string;
}

const COLUMNS =
  'id, instance_uuid, kind, project_id, version_id, title, version_number, path, sha512, size, installed_at, installed_by';

function toRecord(row: Row): AddonRecord | null {
  const kind = AddonKindSchema.safeParse(row.kind);
  return kind.success ? { ...row, kind: kind.data } : null;
}

/**
 * SQL for installed add-ons; nothing else. A record is written after its file is in place and
 * verified, as a user's change (`DbWrites.now`: a busy database is a 503 and the caller removes the
 * file again), so a record never names a file Hearth did not finish writing.
 */
export class AddonRepository {
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  list(instanceUuid: string): AddonRecord[] {
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM addons WHERE instance_uuid = ? ORDER BY title, id`)
      .all(instanceUuid) as Row[];
    return rows.map(toRecord).filter((r): r is AddonRecord => r !== null);
  }

  get(instanceUuid: string, id: string): AddonRecord | null {
    const row = this.db
      .prepare(`SELECT ${COLUMNS} FROM addons WHERE instance_uuid = ? AND id = ?`)
      .get(instanceUuid, id) as Row | undefined;
    return row === undefined ? null : toRecord(row);
  }

  byProject(instanceUuid: string, projectId: string): AddonRecord | null {
    const row = this.db
      .prepare(`SELECT ${COLUMNS} FROM addons WHERE instance_uuid = ? AND project_id = ?`)
      .get(instanceUuid, projectId) as Row | undefined;
    return row === undefined ? null : toRecord(row);
  }

  /** Stores a new record, or replaces the one with its id (an update keeps the add-on's id). */
  async save(record: AddonRecord): Promise<void> {
    await this.writes.now(() =>
      this.db
        .prepare(
          `INSERT INTO addons (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET version_id = excluded.version_id,
             title = excluded.title, version_number = excluded.version_number,
             path = excluded.path, sha512 = excluded.sha512, size = excluded.size,
             installed_at = excluded.installed_at, installed_by = excluded.installed_by`,
        )
        .run(
          record.id,
          record.instance_uuid,
          record.kind,
          record.project_id,
          record.version_id,
          record.title,
          record.version_number,
          record.path,
          record.sha512,
          record.size,
          record.installed_at,
          record.installed_by,
        ),
    );
  }

  async remove(instanceUuid: string, id: string): Promise<void> {
    await this.writes.now(() =>
      this.db
        .prepare('DELETE FROM addons WHERE instance_uuid = ? AND id = ?')
        .run(instanceUuid, id),
    );
  }
}
