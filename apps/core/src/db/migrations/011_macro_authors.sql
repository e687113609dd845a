-- Who last changed each top-level entry under an instance's macros/ folder through Hearth's API
-- (issue 22): a macro task acts with only the rights its starter and its code's authors all have.
-- `digest` is a SHA-256 over the entry's files at that time (NULL: it held something that cannot be
-- vouched for, such as a link); `vouched` is the JSON map {entry: digest} of the other entries as
-- they were then, which this author's code may import. An entry whose files no longer match its
-- digest was changed outside the API and has no known author.
CREATE TABLE macro_authors (
  instance_uuid TEXT NOT NULL,
  entry TEXT NOT NULL,
  author_uid TEXT NOT NULL,
  changed_at INTEGER NOT NULL,
  digest TEXT,
  vouched TEXT NOT NULL,
  PRIMARY KEY (instance_uuid, entry)
);
