CREATE TABLE `cake_order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`at` integer NOT NULL,
	`user_id` integer,
	`text` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `cake_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `cake_order_events_order` ON `cake_order_events` (`order_id`);--> statement-breakpoint
CREATE TABLE `cake_order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`cake_id` integer,
	`code` text,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`price` integer NOT NULL,
	`line_total` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `cake_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cake_id`) REFERENCES `cakes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `cake_order_lines_order` ON `cake_order_lines` (`order_id`);--> statement-breakpoint
CREATE INDEX `cake_order_lines_cake` ON `cake_order_lines` (`cake_id`);--> statement-breakpoint
CREATE TABLE `cake_order_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`method` text NOT NULL,
	`amount` integer NOT NULL,
	`reference` text,
	`cash_tendered` integer,
	`change` integer,
	`shift_id` integer,
	`z_pending` integer DEFAULT false NOT NULL,
	`z_number` integer,
	`taken_by` integer,
	`taken_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `cake_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shift_id`) REFERENCES `shifts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`taken_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `cake_order_payments_order` ON `cake_order_payments` (`order_id`);--> statement-breakpoint
CREATE INDEX `cake_order_payments_shift` ON `cake_order_payments` (`shift_id`);--> statement-breakpoint
CREATE INDEX `cake_order_payments_z` ON `cake_order_payments` (`z_number`);--> statement-breakpoint
CREATE INDEX `cake_order_payments_z_pending` ON `cake_order_payments` (`id`) WHERE z_pending = 1;--> statement-breakpoint
CREATE TABLE `cake_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` integer NOT NULL,
	`customer_id` integer,
	`customer_name` text NOT NULL,
	`phone` text NOT NULL,
	`pickup_at` integer NOT NULL,
	`pickup_date` text NOT NULL,
	`inscription` text DEFAULT '' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`tax_rate` integer NOT NULL,
	`subtotal` integer NOT NULL,
	`tax_amount` integer NOT NULL,
	`total` integer NOT NULL,
	`status` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sale_id` integer,
	`pickup_key` text,
	`picked_up_at` integer,
	`picked_up_by` integer,
	`cancelled_at` integer,
	`cancelled_by` integer,
	`cancel_reason` text,
	`deposit_refunded` integer,
	`reminded_at` integer,
	`overdue_at` integer,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`picked_up_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cancelled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cake_orders_number_unique` ON `cake_orders` (`number`);--> statement-breakpoint
CREATE INDEX `cake_orders_pickup` ON `cake_orders` (`pickup_date`,`status`);--> statement-breakpoint
CREATE INDEX `cake_orders_status` ON `cake_orders` (`status`,`pickup_at`);--> statement-breakpoint
ALTER TABLE `sale_payments` ADD `applied_deposit` integer DEFAULT false NOT NULL;