CREATE TABLE `batch_ingredients` (
	`batch_id` integer NOT NULL,
	`item_id` integer,
	`record` text NOT NULL,
	`name` text NOT NULL,
	`quantity` integer NOT NULL,
	`cost` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `production_batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `batch_ingredients_batch` ON `batch_ingredients` (`batch_id`);--> statement-breakpoint
CREATE TABLE `cake_lots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cake_id` integer NOT NULL,
	`source` text NOT NULL,
	`batch_id` integer,
	`order_id` integer,
	`quantity` integer NOT NULL,
	`remaining` integer NOT NULL,
	`unit_cost` integer,
	`expiration_date` text,
	`made_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`made_by` integer,
	FOREIGN KEY (`cake_id`) REFERENCES `cakes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `production_batches`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `cake_orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`made_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "cake_lots_remaining" CHECK("cake_lots"."remaining" >= 0 and "cake_lots"."remaining" <= "cake_lots"."quantity")
);
--> statement-breakpoint
CREATE INDEX `cake_lots_fefo` ON `cake_lots` (`cake_id`,`expiration_date`,`id`) WHERE remaining > 0;--> statement-breakpoint
CREATE INDEX `cake_lots_order` ON `cake_lots` (`order_id`) WHERE order_id is not null;--> statement-breakpoint
CREATE TABLE `production_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` integer NOT NULL,
	`cake_id` integer,
	`record` text NOT NULL,
	`name` text NOT NULL,
	`quantity` integer NOT NULL,
	`baked_on` text NOT NULL,
	`expiration_date` text NOT NULL,
	`cost` integer NOT NULL,
	`unit_cost` integer NOT NULL,
	`order_id` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`cake_id`) REFERENCES `cakes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `cake_orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `production_batches_number_unique` ON `production_batches` (`number`);--> statement-breakpoint
CREATE INDEX `production_batches_baked` ON `production_batches` (`baked_on`,`id`);--> statement-breakpoint
CREATE INDEX `production_batches_cake` ON `production_batches` (`cake_id`,`id`);--> statement-breakpoint
CREATE TABLE `sale_line_cake_lots` (
	`sale_line_id` integer NOT NULL,
	`lot_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cost` integer NOT NULL,
	PRIMARY KEY(`sale_line_id`, `lot_id`),
	FOREIGN KEY (`sale_line_id`) REFERENCES `sale_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lot_id`) REFERENCES `cake_lots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Every cake on the shelf belongs to a lot: existing stock becomes one opening lot at the cake's
-- base cost now (recipe thousandths × purchase price, rounded half up as costOf) and its date.
INSERT INTO `cake_lots` (`cake_id`, `source`, `quantity`, `remaining`, `unit_cost`, `expiration_date`, `made_at`)
SELECT c.`id`, 'opening', c.`stock`, c.`stock`,
  coalesce((SELECT sum((ci.`quantity` * ii.`purchase_price` + 500) / 1000) FROM `cake_ingredients` ci
    JOIN `inventory_items` ii ON ii.`id` = ci.`item_id` WHERE ci.`cake_id` = c.`id`), 0),
  c.`expiration_date`, c.`created_at`
FROM `cakes` c WHERE c.`stock` > 0;
