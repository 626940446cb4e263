CREATE TABLE `cake_ingredients` (
	`cake_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	PRIMARY KEY(`cake_id`, `item_id`),
	FOREIGN KEY (`cake_id`) REFERENCES `cakes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cake_ingredients_item` ON `cake_ingredients` (`item_id`);--> statement-breakpoint
CREATE TABLE `cake_sizes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cake_sizes_name` ON `cake_sizes` (lower("name"));--> statement-breakpoint
CREATE TABLE `cakes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cake_id` text NOT NULL,
	`name` text NOT NULL,
	`category_id` integer,
	`size_id` integer,
	`stock` integer DEFAULT 0 NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`amount` real DEFAULT 0 NOT NULL,
	`availability` text DEFAULT 'Always' NOT NULL,
	`season_start` text,
	`season_end` text,
	`expiration_date` text,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`size_id`) REFERENCES `cake_sizes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cakes_cake_id` ON `cakes` (lower("cake_id"));--> statement-breakpoint
CREATE INDEX `cakes_name` ON `cakes` (lower("name"),`id`);--> statement-breakpoint
CREATE INDEX `cakes_category` ON `cakes` (`category_id`);--> statement-breakpoint
CREATE INDEX `cakes_size` ON `cakes` (`size_id`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_type_name` ON `categories` (`type`,lower("name"));--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_customer_id` ON `customers` (lower("customer_id"));--> statement-breakpoint
CREATE INDEX `customers_name` ON `customers` (lower("name"),`id`);--> statement-breakpoint
CREATE TABLE `inventory_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` text NOT NULL,
	`name` text NOT NULL,
	`stock` integer DEFAULT 0 NOT NULL,
	`category_id` integer,
	`purchase_price` integer DEFAULT 0 NOT NULL,
	`unit_price` integer DEFAULT 0 NOT NULL,
	`amount` real DEFAULT 0 NOT NULL,
	`unit_id` integer,
	`supplier_id` integer,
	`restock_threshold` integer DEFAULT 0 NOT NULL,
	`expiration_date` text,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	`category_key` text,
	`supplier_key` text,
	`unit_key` text,
	`stock_state` integer GENERATED ALWAYS AS ((case when "stock" = 0 then 2 when "stock" <= "restock_threshold" then 1 else 3 end)) VIRTUAL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`unit_id`) REFERENCES `units`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inventory_items_item_id` ON `inventory_items` (lower("item_id"));--> statement-breakpoint
CREATE INDEX `inventory_items_name` ON `inventory_items` (lower("name"),`id`);--> statement-breakpoint
CREATE INDEX `inventory_items_stock` ON `inventory_items` (`stock`,`id`);--> statement-breakpoint
CREATE INDEX `inventory_items_purchase_price` ON `inventory_items` (`purchase_price`,`id`);--> statement-breakpoint
CREATE INDEX `inventory_items_unit_price` ON `inventory_items` (`unit_price`,`id`);--> statement-breakpoint
CREATE INDEX `inventory_items_expiration` ON `inventory_items` (`expiration_date`,`id`);--> statement-breakpoint
CREATE INDEX `inventory_items_category` ON `inventory_items` (`category_id`);--> statement-breakpoint
CREATE INDEX `inventory_items_supplier` ON `inventory_items` (`supplier_id`);--> statement-breakpoint
CREATE INDEX `inventory_items_unit` ON `inventory_items` (`unit_id`);--> statement-breakpoint
CREATE INDEX `inventory_items_category_key` ON `inventory_items` (`category_key`,`id`);--> statement-breakpoint
CREATE INDEX `inventory_items_supplier_key` ON `inventory_items` (`supplier_key`,`id`);--> statement-breakpoint
CREATE INDEX `inventory_items_unit_key` ON `inventory_items` (`unit_key`,`id`);--> statement-breakpoint
CREATE INDEX `inventory_items_stock_state` ON `inventory_items` (`stock_state`,`id`,`expiration_date`);--> statement-breakpoint
CREATE TABLE `stock_alerts` (
	`item_id` integer NOT NULL,
	`kind` text NOT NULL,
	`on_date` text NOT NULL,
	PRIMARY KEY(`item_id`, `kind`, `on_date`),
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer,
	`cake_id` integer,
	`record` text NOT NULL,
	`reason` text NOT NULL,
	`change` integer NOT NULL,
	`stock_before` integer NOT NULL,
	`stock_after` integer NOT NULL,
	`reference` text,
	`user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cake_id`) REFERENCES `cakes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stock_movements_item` ON `stock_movements` (`item_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `stock_movements_cake` ON `stock_movements` (`cake_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_id` text NOT NULL,
	`name` text NOT NULL,
	`contact` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `suppliers_supplier_id` ON `suppliers` (lower("supplier_id"));--> statement-breakpoint
CREATE INDEX `suppliers_name` ON `suppliers` (lower("name"),`id`);--> statement-breakpoint
CREATE TABLE `units` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `units_name` ON `units` (lower("name"));--> statement-breakpoint
-- Inventory search: an FTS5 trigram index over item id and name, kept by triggers, so
-- "flour" is found as a substring without scanning every row (see docs/decisions.md).
CREATE VIRTUAL TABLE `inventory_search` USING fts5(item_id, name, content='inventory_items', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `inventory_search_insert` AFTER INSERT ON `inventory_items` BEGIN
  INSERT INTO inventory_search(rowid, item_id, name) VALUES (new.id, new.item_id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `inventory_search_delete` AFTER DELETE ON `inventory_items` BEGIN
  INSERT INTO inventory_search(inventory_search, rowid, item_id, name) VALUES ('delete', old.id, old.item_id, old.name);
END;
--> statement-breakpoint
CREATE TRIGGER `inventory_search_update` AFTER UPDATE OF item_id, name ON `inventory_items` BEGIN
  INSERT INTO inventory_search(inventory_search, rowid, item_id, name) VALUES ('delete', old.id, old.item_id, old.name);
  INSERT INTO inventory_search(rowid, item_id, name) VALUES (new.id, new.item_id, new.name);
END;
--> statement-breakpoint
-- Units every baking-supplies shop counts in (the issue's seeded list).
INSERT INTO `units` (`name`) VALUES ('kg'), ('g'), ('L'), ('mL'), ('pc'), ('pack'), ('tray'), ('box');
--> statement-breakpoint
-- Sort keys of an item's category, supplier and unit (lower-case names), kept here so
-- every writer (the app, a restore, a hand-run script) leaves them right.
CREATE TRIGGER `inventory_items_keys_insert` AFTER INSERT ON `inventory_items` BEGIN
  UPDATE inventory_items SET
    category_key = (SELECT lower(name) FROM categories WHERE id = new.category_id),
    supplier_key = (SELECT lower(name) FROM suppliers WHERE id = new.supplier_id),
    unit_key = (SELECT lower(name) FROM units WHERE id = new.unit_id)
  WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `inventory_items_keys_update` AFTER UPDATE OF category_id, supplier_id, unit_id ON `inventory_items` BEGIN
  UPDATE inventory_items SET
    category_key = (SELECT lower(name) FROM categories WHERE id = new.category_id),
    supplier_key = (SELECT lower(name) FROM suppliers WHERE id = new.supplier_id),
    unit_key = (SELECT lower(name) FROM units WHERE id = new.unit_id)
  WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_rename` AFTER UPDATE OF name ON `categories` BEGIN
  UPDATE inventory_items SET category_key = lower(new.name) WHERE category_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `suppliers_rename` AFTER UPDATE OF name ON `suppliers` BEGIN
  UPDATE inventory_items SET supplier_key = lower(new.name) WHERE supplier_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `units_rename` AFTER UPDATE OF name ON `units` BEGIN
  UPDATE inventory_items SET unit_key = lower(new.name) WHERE unit_id = new.id;
END;
--> statement-breakpoint
-- A counter that moves whenever the set of items, their searchable text or their expiry changes, so a
-- list's total can be remembered between requests instead of recounted (queries.ts).
CREATE TABLE `inventory_version` (`id` integer PRIMARY KEY CHECK (id = 1), `n` integer NOT NULL);
--> statement-breakpoint
INSERT INTO `inventory_version` VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `inventory_version_insert` AFTER INSERT ON `inventory_items` BEGIN
  UPDATE inventory_version SET n = n + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `inventory_version_delete` AFTER DELETE ON `inventory_items` BEGIN
  UPDATE inventory_version SET n = n + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `inventory_version_update` AFTER UPDATE OF item_id, name, expiration_date ON `inventory_items` BEGIN
  UPDATE inventory_version SET n = n + 1 WHERE id = 1;
END;
