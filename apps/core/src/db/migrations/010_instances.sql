-- Instance records live here, not in the instance folder: that folder is writable by file users and
-- by the game itself, so nothing the core trusts (launch settings, definition bundle, flags) may be
-- read back from it. `folder` is the directory name under <dataDir>/instances.
CREATE TABLE instances (
  uuid TEXT PRIMARY KEY,
  folder TEXT NOT NULL UNIQUE,
  record TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

-- The server process each running instance had, with what identifies it for good (pid + kernel
-- start time + executable); found at boot it means the core died under a running server.
CREATE TABLE instance_processes (
  uuid TEXT PRIMARY KEY REFERENCES instances (uuid) ON DELETE CASCADE,
  pid INTEGER NOT NULL,
  start_ticks TEXT,
  exe TEXT,
  started_at INTEGER NOT NULL
);
