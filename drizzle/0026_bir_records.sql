CREATE TABLE `journal` (
	`sequence` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`terminal_id` integer,
	`kind` text NOT NULL,
	`document_number` text NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`document` text NOT NULL,
	`previous_hash` text NOT NULL,
	`hash` text NOT NULL,
	FOREIGN KEY (`terminal_id`) REFERENCES `terminals`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `journal_at` ON `journal` (`at`);--> statement-breakpoint
CREATE TABLE `terminals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`min` text DEFAULT '' NOT NULL,
	`serial_number` text DEFAULT '' NOT NULL,
	`permit_number` text DEFAULT '' NOT NULL,
	`invoice_prefix` text NOT NULL,
	`last_invoice` integer DEFAULT 0 NOT NULL,
	`last_refund` integer DEFAULT 0 NOT NULL,
	`grand_total` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `terminals_name_unique` ON `terminals` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `terminals_invoice_prefix_unique` ON `terminals` (`invoice_prefix`);--> statement-breakpoint
ALTER TABLE `cake_order_payments` ADD `terminal_id` integer REFERENCES terminals(id);--> statement-breakpoint
ALTER TABLE `inventory_items` ADD `basic_necessity` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `terminal_id` integer REFERENCES terminals(id);--> statement-breakpoint
ALTER TABLE `sales` ADD `invoice_seq` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `invoice_number` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `refund_terminal_id` integer REFERENCES terminals(id);--> statement-breakpoint
ALTER TABLE `sales` ADD `refund_seq` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `refund_number` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `reprint_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `buyer_name` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `buyer_address` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `buyer_tin` text;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_invoice` ON `sales` (`terminal_id`,`invoice_seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_refund_number` ON `sales` (`refund_terminal_id`,`refund_seq`);--> statement-breakpoint
CREATE INDEX `sales_terminal_z_pending` ON `sales` (`terminal_id`) WHERE z_pending = 1;--> statement-breakpoint
ALTER TABLE `end_of_day` ADD `terminal_id` integer REFERENCES terminals(id);--> statement-breakpoint
ALTER TABLE `end_of_day` ADD `z_counter` integer;--> statement-breakpoint
ALTER TABLE `shifts` ADD `terminal_id` integer REFERENCES terminals(id);--> statement-breakpoint
ALTER TABLE `shifts` ADD `opening_grand_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The one till every sale so far was made at: terminal 1, carrying the grand total counted by
-- the Z readings so far plus the sales still waiting for one (docs/decisions.md, BIR records).
INSERT INTO `terminals` (`id`, `name`, `invoice_prefix`, `grand_total`) VALUES (1, 'Counter 1', 'INV1-',
  coalesce((SELECT `grand_total` FROM `end_of_day` ORDER BY `number` DESC LIMIT 1), 0)
  + coalesce((SELECT sum(`total_amount`) FROM `sales` WHERE `z_pending` = 1), 0));--> statement-breakpoint
UPDATE `sales` SET `terminal_id` = 1;--> statement-breakpoint
UPDATE `sales` SET `refund_terminal_id` = 1 WHERE `status` = 'refunded';--> statement-breakpoint
UPDATE `shifts` SET `terminal_id` = 1;--> statement-breakpoint
UPDATE `end_of_day` SET `terminal_id` = 1, `z_counter` = `number`;--> statement-breakpoint
UPDATE `cake_order_payments` SET `terminal_id` = 1;
