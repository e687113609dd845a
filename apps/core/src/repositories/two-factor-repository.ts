import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

/** A user's TOTP record (migration 014); the secret stays sealed here (auth/secret-box.ts). */
export interface TwoFactorRecord {
  uid: string;
  sealedSecret: string;
  createdAt: number;
  /** Null while a setup waits for its first code. */
  enabledAt: number | null;
  /** The newest 30 s step whose code was taken. */
  lastStep: number;
}

interface Row {
  uid: string;
  sealed_secret: string;
  created_at: number;
  enabled_at: number | null;
  last_step: number;
}

const fromRow = (row: Row): TwoFactorRecord => ({
  uid: row.uid,
  sealedSecret: row.sealed_secret,
  createdAt: row.created_at,
  enabledAt: row.enabled_at,
  lastStep: row.last_step,
});

/** TOTP secrets and recovery-code hashes. Every write is a user's change (`DbWrites.now`). */
export class TwoFactorRepository {
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  get(uid: string): TwoFactorRecord | null {
    const row = this.db.prepare('SELECT * FROM two_factor WHERE uid = ?').get(uid) as
      Row | undefined;
    return row ? fromRow(row) : null;
  }

  enabledUsers(): Set<string> {
    const rows = this.db
      .prepare('SELECT uid FROM two_factor WHERE enabled_at IS NOT NULL')
      .all() as { uid: string }[];
    return new Set(rows.map((r) => r.uid));
  }

  /** A new setup: replaces a setup that was never confirmed, never an enabled one. */
  async begin(uid: string, sealedSecret: string, at: number): Promise<boolean> {
    return this.writes.now(
      () =>
        this.db
          .prepare(
            `INSERT INTO two_factor (uid, sealed_secret, created_at, enabled_at, last_step) VALUES (?, ?, ?, NULL, 0)
             ON CONFLICT (uid) DO UPDATE SET sealed_secret = excluded.sealed_secret, created_at = excluded.created_at, last_step = 0
             WHERE two_factor.enabled_at IS NULL`,
          )
          .run(uid, sealedSecret, at).changes > 0,
    );
  }

  /**
   * Takes the code of `step` if no code of that step or a later one was taken: the database's
   * conditional update is the judge, so two requests with one code cannot both pass.
   */
  async takeStep(uid: string, step: number): Promise<boolean> {
    return this.writes.now(
      () =>
        this.db
          .prepare('UPDATE two_factor SET last_step = ? WHERE uid = ? AND last_step < ?')
          .run(step, uid, step).changes > 0,
    );
  }

  /** Turns a confirmed setup on with its recovery codes, in one transaction. */
  async enable(uid: string, at: number, codeHashes: readonly string[]): Promise<void> {
    await this.writes.now(() =>
      this.db.transaction(() => {
        this.db.prepare('UPDATE two_factor SET enabled_at = ? WHERE uid = ?').run(at, uid);
        this.replaceCodes(uid, codeHashes);
      })(),
    );
  }

  async replaceRecoveryCodes(uid: string, codeHashes: readonly string[]): Promise<void> {
    await this.writes.now(() => this.db.transaction(() => this.replaceCodes(uid, codeHashes))());
  }

  /** Deletes a recovery code; true when it was there (so each works once). */
  async useRecoveryCode(uid: string, hash: string): Promise<boolean> {
    return this.writes.now(
      () =>
        this.db.prepare('DELETE FROM recovery_codes WHERE uid = ? AND hash = ?').run(uid, hash)
          .changes > 0,
    );
  }

  recoveryCodesLeft(uid: string): number {
    return (
      this.db.prepare('SELECT COUNT(*) AS n FROM recovery_codes WHERE uid = ?').get(uid) as {
        n: number;
      }
    ).n;
  }

  /** Turns two-factor sign-in off: the secret and the recovery codes go. */
  async remove(uid: string): Promise<boolean> {
    return this.writes.now(() =>
      this.db.transaction(() => {
        this.db.prepare('DELETE FROM recovery_codes WHERE uid = ?').run(uid);
        return this.db.prepare('DELETE FROM two_factor WHERE uid = ?').run(uid).changes > 0;
      })(),
    );
  }

  private replaceCodes(uid: string, codeHashes: readonly string[]): void {
    this.db.prepare('DELETE FROM recovery_codes WHERE uid = ?').run(uid);
    const insert = this.db.prepare('INSERT INTO recovery_codes (uid, hash) VALUES (?, ?)');
    for (const hash of codeHashes) insert.run(uid, hash);
  }
}
