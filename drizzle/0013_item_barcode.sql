ALTER TABLE `inventory_items` ADD `barcode` text;--> statement-breakpoint
CREATE UNIQUE INDEX `inventory_items_barcode` ON `inventory_items` (`barcode`);