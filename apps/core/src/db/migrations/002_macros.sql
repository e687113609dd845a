-- Macro tasks (core-api.md §2.15): one row per task, finished or not. A row without an exit is a
-- task that was running; one found at boot belonged to a core that died, and its process (pid +
-- /proc start time, never read from a writable file) is ended. Task pids never repeat.
CREATE TABLE macro_tasks (
  pid INTEGER PRIMARY KEY,
  instance_uuid TEXT NOT NULL,
  name TEXT NOT NULL,
  creation_time INTEGER NOT NULL,
  started_by TEXT,
  os_pid INTEGER,
  os_start_ticks TEXT,
  exit_type TEXT,
  exit_time INTEGER,
  error_msg TEXT
);
CREATE INDEX macro_tasks_history ON macro_tasks (instance_uuid, exit_time);

-- When each macro last ran (MacroEntry.last_run), kept across restarts.
CREATE TABLE macro_last_run (
  instance_uuid TEXT NOT NULL,
  name TEXT NOT NULL,
  last_run INTEGER NOT NULL,
  PRIMARY KEY (instance_uuid, name)
);
