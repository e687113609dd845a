-- Backups (issue 13). The archives live in <dataDir>/backups/<instance uuid>/<id>.tar.gz; these rows
-- describe them. A row in state 'Creating' found at boot belongs to a backup the core never finished.
CREATE TABLE backups (
  id TEXT PRIMARY KEY,
  instance_uuid TEXT NOT NULL,
  name TEXT,
  state TEXT NOT NULL,
  file_name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  duration_ms INTEGER,
  size_bytes INTEGER NOT NULL DEFAULT 0,
  uncompressed_bytes INTEGER NOT NULL DEFAULT 0,
  entries INTEGER NOT NULL DEFAULT 0,
  skipped_entries INTEGER NOT NULL DEFAULT 0,
  sha256 TEXT,
  made_by TEXT NOT NULL,
  locked INTEGER NOT NULL DEFAULT 0,
  live INTEGER NOT NULL DEFAULT 0,
  safety INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX backups_instance ON backups (instance_uuid, created_at);

-- Per-instance exclude list (gitignore text) and retention limits (NULL = no limit).
CREATE TABLE backup_settings (
  instance_uuid TEXT PRIMARY KEY,
  excludes TEXT NOT NULL,
  keep_last INTEGER,
  max_age_days REAL,
  max_total_gib REAL
);

-- A restore in progress: enough to finish or undo its folder swap after a crash (see
-- services/backups/README.md). One per instance at most.
CREATE TABLE backup_restores (
  instance_uuid TEXT PRIMARY KEY,
  backup_id TEXT NOT NULL,
  instance_dir TEXT NOT NULL,
  staging_dir TEXT NOT NULL,
  old_dir TEXT NOT NULL,
  phase TEXT NOT NULL,
  started_at INTEGER NOT NULL
);
