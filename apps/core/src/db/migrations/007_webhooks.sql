-- Webhook targets (issue 14). `url` and `secret` never leave the core: the API answers with a
-- masked URL and tells only whether a target signs its bodies.
CREATE TABLE webhook_targets (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  url TEXT NOT NULL,
  secret TEXT,
  events TEXT NOT NULL,
  instance_uuids TEXT,
  enabled INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);

-- The delivery log: the last deliveries of each target with their outcome.
CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  target_id TEXT NOT NULL REFERENCES webhook_targets (id) ON DELETE CASCADE,
  event TEXT NOT NULL,
  summary TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  http_status INTEGER,
  message TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_target ON webhook_deliveries (target_id, id);
