-- Schedules (issue 13): a trigger and an ordered chain of steps per instance, run with the
-- permissions of author_uid at run time. next_run_at is the due time of a time trigger, kept so that
-- runs missed while the core was down are recorded as missed at the next boot.
CREATE TABLE schedules (
  id TEXT PRIMARY KEY,
  instance_uuid TEXT NOT NULL,
  author_uid TEXT NOT NULL,
  description TEXT NOT NULL,
  trigger TEXT NOT NULL,
  steps TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  only_when_running INTEGER NOT NULL,
  continue_on_failure INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  next_run_at INTEGER
);
CREATE INDEX schedules_instance ON schedules (instance_uuid, created_at);

-- Run records, newest kept (SCHEDULE_RUNS_KEPT per schedule); steps is a JSON array of outcomes.
CREATE TABLE schedule_runs (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  schedule_id TEXT NOT NULL REFERENCES schedules (id) ON DELETE CASCADE,
  scheduled_for INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  outcome TEXT NOT NULL,
  reason TEXT,
  cause TEXT NOT NULL,
  steps TEXT NOT NULL
);
CREATE INDEX schedule_runs_schedule ON schedule_runs (schedule_id, seq);
