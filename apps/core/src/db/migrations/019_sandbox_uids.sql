-- The uid each instance's sandbox runs as under a root core (runtime/sandbox/sandbox-uids.ts:
-- SANDBOX_UID_BASE + slot). AUTOINCREMENT: a slot is handed out once and never again, even after
-- its row is gone, so no file a deleted instance left anywhere can belong to a later one. `owner`
-- is the instance uuid (a row may precede the instance record: an install runs in its sandbox
-- before the instance is registered). A row goes once its instance is deleted and its folder gone.
CREATE TABLE sandbox_uids (
  slot INTEGER PRIMARY KEY AUTOINCREMENT,
  owner TEXT NOT NULL UNIQUE,
  allocated_at INTEGER NOT NULL
);
