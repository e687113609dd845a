-- The event log (issue 14): what each stored row is filed under, who caused it and the words the
-- text search looks in. Rows with a NULL category (console output, file reads) are never in the
-- log, so the log's indexes are partial and cost nothing for them. Hearth activity (what no
-- Lodestone event says, e.g. a setting changed) is stored here too with event_type 'Activity' and a
-- LogEntry as its value; the Lodestone search never returns those rows.
ALTER TABLE client_events ADD COLUMN category TEXT;
ALTER TABLE client_events ADD COLUMN actor_id TEXT;
ALTER TABLE client_events ADD COLUMN search_text TEXT;

-- Rows stored before this migration: the same filing as the core's (protocol eventCategory), the
-- raw JSON as their search text.
UPDATE client_events SET
  actor_id = json_extract(event_value, '$.caused_by.user_id'),
  category = CASE event_type
    WHEN 'InstanceEvent' THEN CASE json_extract(event_value, '$.event_inner.instance_event_inner.type')
      WHEN 'StateTransition' THEN 'state'
      WHEN 'InstanceError' THEN 'state'
      WHEN 'InstanceWarning' THEN 'state'
      WHEN 'InstanceInput' THEN 'console'
      WHEN 'PlayerChange' THEN 'players'
      END
    WHEN 'UserEvent' THEN 'users'
    WHEN 'MacroEvent' THEN 'macros'
    WHEN 'FSEvent' THEN CASE WHEN json_extract(event_value, '$.event_inner.operation') = 'Read' THEN NULL ELSE 'files' END
    WHEN 'ProgressionEvent' THEN CASE json_extract(event_value, '$.event_inner.progression_event_inner.type')
      WHEN 'ProgressionUpdate' THEN NULL ELSE 'tasks' END
    WHEN 'PlayitggRunnerEvent' THEN 'tunnels'
    END;
UPDATE client_events SET search_text = lower(event_value) WHERE category IS NOT NULL;

CREATE INDEX client_events_log ON client_events (snowflake_num) WHERE category IS NOT NULL;
CREATE INDEX client_events_log_instance ON client_events (instance_id, snowflake_num)
  WHERE category IS NOT NULL;
CREATE INDEX client_events_log_category ON client_events (category, snowflake_num)
  WHERE category IS NOT NULL;
CREATE INDEX client_events_log_actor ON client_events (actor_id, snowflake_num)
  WHERE category IS NOT NULL;
CREATE INDEX client_events_log_level ON client_events (level, snowflake_num)
  WHERE category IS NOT NULL;
