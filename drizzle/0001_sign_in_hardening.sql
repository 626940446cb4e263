CREATE TABLE `throttle_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `throttle_hits_key` ON `throttle_hits` (`kind`,`key`,`at`);--> statement-breakpoint
CREATE INDEX `throttle_hits_at` ON `throttle_hits` (`at`);--> statement-breakpoint
ALTER TABLE `refresh_tokens` ADD `successor_sealed` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `must_set_password` integer DEFAULT false NOT NULL;--> statement-breakpoint
DROP TABLE `login_failures`;
