-- Activity-log rows per Manila day, kept by a trigger, so the dashboard's "Activity Logs Today"
-- reads one row however busy the day (WITHOUT ROWID: see 0007).
CREATE TABLE `activity_by_day` (
	`day` text PRIMARY KEY NOT NULL,
	`entries` integer DEFAULT 0 NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `activity_by_day` (day, entries)
SELECT date(created_at / 1000 + 28800, 'unixepoch'), count(*) FROM activity_logs GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER `activity_by_day_insert` AFTER INSERT ON `activity_logs` BEGIN
  INSERT INTO activity_by_day (day, entries) VALUES (date(new.created_at / 1000 + 28800, 'unixepoch'), 1)
  ON CONFLICT (day) DO UPDATE SET entries = entries + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `activity_by_day_delete` AFTER DELETE ON `activity_logs` BEGIN
  UPDATE activity_by_day SET entries = entries - 1 WHERE day = date(old.created_at / 1000 + 28800, 'unixepoch');
END;
