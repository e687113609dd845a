import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

/** Key → JSON document store for core-wide settings. */
export class SettingsRepository {
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  get(key: string): unknown {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  }

  /** A user's change: waits out another process's lock (`DbWrites.now`), else a 503. */
  async save(key: string, value: unknown): Promise<void> {
    await this.writes.now(() => this.write(key, value));
  }

  /** What the core keeps on its own (a default, a runner's state): a background write. */
  set(key: string, value: unknown): void {
    this.writes.later('setting', () => this.write(key, value), `setting ${key}`);
  }

  private write(key: string, value: unknown): void {
    this.db
      .prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run(key, JSON.stringify(value));
  }
}
