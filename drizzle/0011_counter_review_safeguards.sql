ALTER TABLE `end_of_day` ADD `request_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `end_of_day_request_key_unique` ON `end_of_day` (`request_key`);--> statement-breakpoint
ALTER TABLE `sales` ADD `z_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `refund_z_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `backdate_reason` text;--> statement-breakpoint
CREATE INDEX `sales_z_pending` ON `sales` (`id`) WHERE z_pending = 1;--> statement-breakpoint
CREATE INDEX `sales_refund_z_pending` ON `sales` (`id`) WHERE refund_z_pending = 1;--> statement-breakpoint
-- What no Z reading has counted yet still waits for the next one, as before.
UPDATE `sales` SET `z_pending` = 1 WHERE `z_number` IS NULL;--> statement-breakpoint
UPDATE `sales` SET `refund_z_pending` = 1 WHERE `status` = 'refunded' AND `refund_z_number` IS NULL;
