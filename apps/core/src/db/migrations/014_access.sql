-- Issue 28: sessions, API keys and two-factor sign-in. Everything here goes with its user (ON DELETE
-- CASCADE; foreign keys are on, database.ts).

-- Every sign-in is a session; a JWT names its session (`sid`) and is refused once the row is gone.
-- `address` is where it signed in from, then the last address it was seen from.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  uid TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  address TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  two_factor INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_uid ON sessions (uid);

-- API keys: only the SHA-256 of a key is kept (256 random bits: a fast hash is safe, and it can be
-- looked up); `prefix` is its first characters, shown to recognise it. `scope` is an ApiKeyScope as
-- JSON, intersected with the user's rights at every request.
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  uid TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  scope TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER,
  last_used_at INTEGER,
  last_used_address TEXT
);
CREATE INDEX api_keys_uid ON api_keys (uid);

-- A user's TOTP secret, sealed with the key in <data dir>/keys/two-factor.key (auth/secret-box.ts),
-- so a copy of this database alone does not give the secrets away. `enabled_at` is NULL while a
-- setup waits for its first code. `last_step` is the newest 30 s step whose code was accepted:
-- a code is taken only for a later step, so each works once.
CREATE TABLE two_factor (
  uid TEXT PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  sealed_secret TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  enabled_at INTEGER,
  last_step INTEGER NOT NULL DEFAULT 0
);

-- Recovery codes: the SHA-256 of each (80 random bits), deleted when used.
CREATE TABLE recovery_codes (
  uid TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  hash TEXT NOT NULL,
  PRIMARY KEY (uid, hash)
);
