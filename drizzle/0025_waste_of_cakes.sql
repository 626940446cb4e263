ALTER TABLE `waste_entries` ADD `kind` text DEFAULT 'item' NOT NULL;--> statement-breakpoint
ALTER TABLE `waste_entries` ADD `cake_id` integer REFERENCES cakes(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `waste_entries_cake` ON `waste_entries` (`cake_id`);