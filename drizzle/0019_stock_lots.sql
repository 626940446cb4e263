CREATE TABLE `sale_line_lots` (
	`sale_line_id` integer NOT NULL,
	`lot_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cost` integer NOT NULL,
	PRIMARY KEY(`sale_line_id`, `lot_id`),
	FOREIGN KEY (`sale_line_id`) REFERENCES `sale_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lot_id`) REFERENCES `stock_lots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sale_line_lots_lot` ON `sale_line_lots` (`lot_id`);--> statement-breakpoint
CREATE TABLE `stock_lots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`lot_code` text NOT NULL,
	`source` text NOT NULL,
	`quantity` integer NOT NULL,
	`remaining` integer NOT NULL,
	`unit_cost` integer NOT NULL,
	`expiration_date` text,
	`supplier_id` integer,
	`purchase_order_id` integer,
	`received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`received_by` integer,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`received_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stock_lots_remaining" CHECK("stock_lots"."remaining" >= 0 and "stock_lots"."remaining" <= "stock_lots"."quantity")
);
--> statement-breakpoint
CREATE INDEX `stock_lots_fefo` ON `stock_lots` (`item_id`,`expiration_date`,`id`) WHERE remaining > 0;--> statement-breakpoint
CREATE INDEX `stock_lots_item` ON `stock_lots` (`item_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_lots_expiry` ON `stock_lots` (`expiration_date`) WHERE remaining > 0;--> statement-breakpoint
-- Sales from before lots keep purchase price x quantity as their cost.
ALTER TABLE `sale_lines` ADD `cost` integer NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE `sale_lines` SET `cost` = `purchase_price` * `quantity`;--> statement-breakpoint
-- Every item's stock becomes one opening lot: its stock, expiry, purchase price and supplier.
INSERT INTO `stock_lots` (`item_id`, `lot_code`, `source`, `quantity`, `remaining`, `unit_cost`, `expiration_date`, `supplier_id`, `received_at`, `received_by`)
  SELECT `id`, '', 'opening', `stock`, `stock`, `purchase_price`, `expiration_date`, `supplier_id`, `created_at`, `created_by`
  FROM `inventory_items` WHERE `stock` > 0;--> statement-breakpoint
UPDATE `stock_lots` SET `lot_code` = printf('LOT-%06d', `id`);