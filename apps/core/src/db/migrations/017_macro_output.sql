-- Issue 23: a macro task's own output (its stdout and stderr lines, bounded: the newest 1,000
-- lines / 256 KiB), kept with its history entry so GET …/macro/output/:pid answers after a
-- restart. `output` is a JSON array of strings, written when the task ends; NULL for tasks that
-- ended before this column (or whose core died while they ran).
ALTER TABLE macro_tasks ADD COLUMN output TEXT;
ALTER TABLE macro_tasks ADD COLUMN output_truncated INTEGER NOT NULL DEFAULT 0;
