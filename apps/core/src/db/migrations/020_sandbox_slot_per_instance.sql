-- Every instance holds its sandbox slot from its registration on (repositories/instance-repository.ts),
-- so a start never writes and still works while the database is read-only. Instances registered
-- before that get theirs now, oldest first.
INSERT OR IGNORE INTO sandbox_uids (owner, allocated_at)
  SELECT uuid, CAST(strftime('%s', 'now') AS INTEGER) * 1000 FROM instances ORDER BY rowid;
