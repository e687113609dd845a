-- Issue 25: a backup that fails (a full disk, the core stopped during it) stays in the list as a
-- 'Failed' row with its reason until the user dismisses it; NULL for every other row.
ALTER TABLE backups ADD COLUMN failure TEXT;

-- Who started a restore (CausedBy as JSON), so a restore the core did not finish is reported in
-- Event Logs under their name at the next boot. NULL for journals written before this column.
ALTER TABLE backup_restores ADD COLUMN caused_by TEXT;
