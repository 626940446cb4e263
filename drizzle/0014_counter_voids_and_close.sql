ALTER TABLE `shift_cash` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `shift_cash` ADD `voided_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `shift_cash` ADD `void_reason` text;--> statement-breakpoint
ALTER TABLE `shifts` ADD `close_reason` text;--> statement-breakpoint
ALTER TABLE `shifts` ADD `closed_by` integer REFERENCES users(id);