CREATE TABLE `sale_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` integer NOT NULL,
	`kind` text NOT NULL,
	`item_id` integer,
	`cake_id` integer,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`price` integer NOT NULL,
	`purchase_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	`line_total` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cake_id`) REFERENCES `cakes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sale_lines_sale` ON `sale_lines` (`sale_id`);--> statement-breakpoint
CREATE INDEX `sale_lines_item` ON `sale_lines` (`item_id`);--> statement-breakpoint
CREATE INDEX `sale_lines_cake` ON `sale_lines` (`cake_id`);--> statement-breakpoint
CREATE TABLE `sales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` text NOT NULL,
	`customer_name` text NOT NULL,
	`customer_id` integer,
	`order_type` text NOT NULL,
	`subtotal` integer NOT NULL,
	`tax_rate` integer NOT NULL,
	`tax_amount` integer NOT NULL,
	`total_amount` integer NOT NULL,
	`payment_method` text NOT NULL,
	`payment_reference` text,
	`cash_tendered` integer,
	`change` integer,
	`status` text DEFAULT 'completed' NOT NULL,
	`lines_key` text NOT NULL,
	`sold_by` integer,
	`sold_at` integer NOT NULL,
	`refunded_at` integer,
	`refunded_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sold_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`refunded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_sale_id_unique` ON `sales` (`sale_id`);--> statement-breakpoint
CREATE INDEX `sales_sold_at` ON `sales` (`sold_at`,`id`);--> statement-breakpoint
CREATE INDEX `sales_status_sold_at` ON `sales` (`status`,`sold_at`);