CREATE TABLE `invoice_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`terminal_id` integer NOT NULL,
	`first` integer NOT NULL,
	`last` integer NOT NULL,
	`reserved_by` integer,
	`reserved_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`terminal_id`) REFERENCES `terminals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reserved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_blocks_first` ON `invoice_blocks` (`terminal_id`,`first`);--> statement-breakpoint
CREATE TABLE `printers` (
	`terminal_id` integer PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`port` integer DEFAULT 9100 NOT NULL,
	`paper_width` integer DEFAULT 80 NOT NULL,
	`chars_per_line` integer DEFAULT 48 NOT NULL,
	`auto_print` integer DEFAULT false NOT NULL,
	`open_drawer` integer DEFAULT false NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`terminal_id`) REFERENCES `terminals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `sale_lines` ADD `catalog_price` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `sold_offline` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `received_at` integer;