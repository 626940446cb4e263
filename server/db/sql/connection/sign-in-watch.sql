-- Tells this process that a user or a session was written, so the session check asks again
-- instead of using what it remembered (server/domains/auth/viewer.ts). TEMP: the triggers
-- live only on a connection that registered sign_ins_changed() (server/db/signInWatch.ts),
-- so no other program's connection needs that function. Inserts count too: INSERT OR
-- REPLACE removes a row without firing a delete trigger.
CREATE TEMP TRIGGER IF NOT EXISTS sign_in_watch_users_insert AFTER INSERT ON main.users BEGIN
  SELECT sign_ins_changed();
END;
CREATE TEMP TRIGGER IF NOT EXISTS sign_in_watch_users_update AFTER UPDATE ON main.users BEGIN
  SELECT sign_ins_changed();
END;
CREATE TEMP TRIGGER IF NOT EXISTS sign_in_watch_users_delete AFTER DELETE ON main.users BEGIN
  SELECT sign_ins_changed();
END;
CREATE TEMP TRIGGER IF NOT EXISTS sign_in_watch_sessions_insert AFTER INSERT ON main.sessions BEGIN
  SELECT sign_ins_changed();
END;
CREATE TEMP TRIGGER IF NOT EXISTS sign_in_watch_sessions_update AFTER UPDATE ON main.sessions BEGIN
  SELECT sign_ins_changed();
END;
CREATE TEMP TRIGGER IF NOT EXISTS sign_in_watch_sessions_delete AFTER DELETE ON main.sessions BEGIN
  SELECT sign_ins_changed();
END;
