-- Activity-log rows per Manila day (activity_by_day), so the dashboard's "Activity Logs
-- Today" reads one row however busy the day.

DROP TRIGGER IF EXISTS activity_by_day_insert;
CREATE TRIGGER activity_by_day_insert AFTER INSERT ON activity_logs BEGIN
  INSERT INTO activity_by_day (day, entries) VALUES (manila_day(new.created_at), 1)
  ON CONFLICT (day) DO UPDATE SET entries = entries + 1;
END;

DROP TRIGGER IF EXISTS activity_by_day_delete;
CREATE TRIGGER activity_by_day_delete AFTER DELETE ON activity_logs BEGIN
  UPDATE activity_by_day SET entries = entries - 1 WHERE day = manila_day(old.created_at);
END;
