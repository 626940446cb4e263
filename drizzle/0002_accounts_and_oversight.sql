CREATE TABLE `action_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`module` text NOT NULL,
	`request_type` text NOT NULL,
	`target_id` text NOT NULL,
	`details` text NOT NULL,
	`payload` text NOT NULL,
	`requested_by` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `action_requests_status` ON `action_requests` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `notifications_seen_at` integer;