CREATE TABLE `cake_alerts` (
	`cake_id` integer NOT NULL,
	`on_date` text NOT NULL,
	PRIMARY KEY(`cake_id`, `on_date`),
	FOREIGN KEY (`cake_id`) REFERENCES `cakes`(`id`) ON UPDATE no action ON DELETE cascade
);
