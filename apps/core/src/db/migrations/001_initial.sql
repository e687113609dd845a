-- Users: argon2 hashes, a per-user JWT secret, permissions as JSON (core-api.md §2.11).
CREATE TABLE users (
  uid TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  hashed_psw TEXT NOT NULL,
  is_owner INTEGER NOT NULL DEFAULT 0,
  is_admin INTEGER NOT NULL DEFAULT 0,
  permissions TEXT NOT NULL,
  secret TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- Global settings (core-api.md §2.17) as one JSON document per key.
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Event history (core-api.md §3.16): every event except ProgressionUpdate.
CREATE TABLE client_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  snowflake TEXT NOT NULL,
  snowflake_num INTEGER NOT NULL,
  level TEXT NOT NULL,
  event_type TEXT NOT NULL,
  instance_id TEXT,
  user_id TEXT,
  event_value TEXT NOT NULL
);
CREATE INDEX client_events_snowflake ON client_events (snowflake_num);
CREATE INDEX client_events_instance ON client_events (instance_id, snowflake_num);
