-- Add-ons Hearth installed from Modrinth (issue 27): one row per project per instance, naming the
-- file it wrote (a client path of the instance folder) and the file's SHA-512, so an update knows
-- what it replaces, a removal what it removes, and "check for updates" what to ask Modrinth about.
-- The file itself is the game's (its users may remove it through Files); the row is what Hearth did.
CREATE TABLE addons (
  id TEXT PRIMARY KEY,
  instance_uuid TEXT NOT NULL REFERENCES instances (uuid) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  project_id TEXT NOT NULL,
  version_id TEXT NOT NULL,
  title TEXT NOT NULL,
  version_number TEXT NOT NULL,
  path TEXT NOT NULL,
  sha512 TEXT NOT NULL,
  size INTEGER NOT NULL,
  installed_at INTEGER NOT NULL,
  installed_by TEXT,
  UNIQUE (instance_uuid, project_id)
);
