import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

/**
 * SQL for the sandbox slot of each instance (`sandbox_uids`, migration 019): a root core runs an
 * instance's sandbox as `SANDBOX_UID_BASE + slot` (runtime/sandbox/sandbox-uids.ts). A slot is
 * allocated on first use, is the same for the instance's whole life (restarts included), belongs
 * to one owner only (UNIQUE), and is never handed out again (AUTOINCREMENT), even once released.
 */
export class SandboxUidRepository {
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  /** The owner's slot, allocated now if it has none yet. */
  async slotOf(owner: string): Promise<number> {
    const known = this.find(owner);
    if (known !== null) return known;
    await this.writes.now(() =>
      this.db
        .prepare('INSERT OR IGNORE INTO sandbox_uids (owner, allocated_at) VALUES (?, ?)')
        .run(owner, Date.now()),
    );
    const slot = this.find(owner);
    if (slot === null) throw new Error(`No sandbox slot could be stored for ${owner}`);
    return slot;
  }

  /** The owner's slot, or null when it never had one. */
  find(owner: string): number | null {
    const row = this.db.prepare('SELECT slot FROM sandbox_uids WHERE owner = ?').get(owner) as
      { slot: number } | undefined;
    return row?.slot ?? null;
  }

  /**
   * Forgets the owner's slot: call once its folder is gone (nothing of it is left to own). A
   * background write: the slot is never handed out again anyway, so a late removal is harmless.
   */
  release(owner: string): void {
    this.writes.later(
      'sandbox slot',
      () => this.db.prepare('DELETE FROM sandbox_uids WHERE owner = ?').run(owner),
      `sandbox slot ${owner}`,
    );
  }
}
