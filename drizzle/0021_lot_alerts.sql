CREATE TABLE `lot_alerts` (
	`lot_id` integer NOT NULL,
	`kind` text NOT NULL,
	PRIMARY KEY(`lot_id`, `kind`),
	FOREIGN KEY (`lot_id`) REFERENCES `stock_lots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `purchase_order_alerts` (
	`purchase_order_id` integer PRIMARY KEY NOT NULL,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
