-- Who put each file under an instance's macros/ folder there through Hearth's API (issue 22): a
-- macro task acts with only the rights its starter and the authors of the instance's macro files
-- all have. `digest` is the file's SHA-256 when it was recorded; a file that no longer matches it
-- was changed outside the API and has no known author. `authors` is a JSON array of uids (a file
-- copied or moved keeps the authors of its bytes).
CREATE TABLE macro_authors (
  instance_uuid TEXT NOT NULL,
  path TEXT NOT NULL,
  authors TEXT NOT NULL,
  digest TEXT NOT NULL,
  changed_at INTEGER NOT NULL,
  PRIMARY KEY (instance_uuid, path)
);
