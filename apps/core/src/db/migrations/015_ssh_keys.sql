-- Issue 28: the SSH public keys a user adds in their Profile to sign in to SFTP. `public_key` is the
-- key's wire form (base64 of the SSH blob), `fingerprint` its SHA-256 as `ssh-keygen -l` prints it.
-- A user's keys go with the user.
CREATE TABLE ssh_keys (
  id TEXT PRIMARY KEY,
  uid TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  name TEXT NOT NULL,
  algorithm TEXT NOT NULL,
  public_key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  comment TEXT,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  UNIQUE (uid, fingerprint)
);
