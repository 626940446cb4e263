CREATE TABLE `end_of_day` (
	`number` integer PRIMARY KEY NOT NULL,
	`taken_at` integer NOT NULL,
	`taken_by` integer,
	`totals` text NOT NULL,
	`grand_total` integer NOT NULL,
	FOREIGN KEY (`taken_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `shift_cash` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shift_id` integer NOT NULL,
	`type` text NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`shift_id`) REFERENCES `shifts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `shift_cash_shift` ON `shift_cash` (`shift_id`);--> statement-breakpoint
CREATE TABLE `shifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cashier_id` integer NOT NULL,
	`opening_cash` integer NOT NULL,
	`opened_at` integer NOT NULL,
	`closed_at` integer,
	`counted_cash` integer,
	`expected_cash` integer,
	`variance` integer,
	FOREIGN KEY (`cashier_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shifts_one_open` ON `shifts` (`cashier_id`) WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX `shifts_opened` ON `shifts` (`opened_at`);--> statement-breakpoint
CREATE TABLE `payments_by_day` (
	`day` text NOT NULL,
	`method` text NOT NULL,
	`payments` integer DEFAULT 0 NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `method`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `sale_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` integer NOT NULL,
	`method` text NOT NULL,
	`amount` integer NOT NULL,
	`reference` text,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sale_payments_sale` ON `sale_payments` (`sale_id`);--> statement-breakpoint
ALTER TABLE `cakes` ADD `sc_pwd_eligible` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `inventory_items` ADD `sc_pwd_eligible` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_lines` ADD `discount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `discount_type` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `discount_name` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `discount_id_number` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `discount_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `vat_exempt_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `shift_id` integer REFERENCES shifts(id);--> statement-breakpoint
ALTER TABLE `sales` ADD `refund_shift_id` integer REFERENCES shifts(id);--> statement-breakpoint
ALTER TABLE `sales` ADD `z_number` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `refund_z_number` integer;--> statement-breakpoint
CREATE INDEX `sales_shift` ON `sales` (`shift_id`);--> statement-breakpoint
CREATE INDEX `sales_refund_shift` ON `sales` (`refund_shift_id`);--> statement-breakpoint
CREATE INDEX `sales_z` ON `sales` (`z_number`);--> statement-breakpoint
CREATE INDEX `sales_refund_z` ON `sales` (`refund_z_number`);--> statement-breakpoint
CREATE INDEX `sales_discount` ON `sales` (`discount_type`,`sold_at`);--> statement-breakpoint
-- Every sale so far was paid by one method: one payment of its total.
INSERT INTO `sale_payments` (sale_id, method, amount, reference)
SELECT id, payment_method, total_amount, payment_reference FROM `sales` ORDER BY id;
--> statement-breakpoint
INSERT INTO `payments_by_day` (day, method, payments, amount)
SELECT date(s.sold_at / 1000 + 28800, 'unixepoch'), p.method, count(*), sum(p.amount)
FROM `sale_payments` p JOIN `sales` s ON s.id = p.sale_id WHERE s.status = 'completed'
GROUP BY 1, 2;
--> statement-breakpoint
-- A payment of a completed sale counts on the sale's Manila day.
CREATE TRIGGER `payments_by_day_insert` AFTER INSERT ON `sale_payments`
WHEN (SELECT status FROM sales WHERE id = new.sale_id) = 'completed' BEGIN
  INSERT INTO payments_by_day (day, method, payments, amount)
  SELECT date(sold_at / 1000 + 28800, 'unixepoch'), new.method, 1, new.amount FROM sales WHERE id = new.sale_id
  ON CONFLICT (day, method) DO UPDATE SET payments = payments + 1, amount = amount + excluded.amount;
END;
--> statement-breakpoint
-- A refund (or a change of the sale's day or status) takes its payments away and adds them back as they now are.
CREATE TRIGGER `payments_by_day_update` AFTER UPDATE OF status, sold_at ON `sales`
WHEN old.status = 'completed' OR new.status = 'completed' BEGIN
  INSERT INTO payments_by_day (day, method, payments, amount)
  SELECT date(old.sold_at / 1000 + 28800, 'unixepoch'), method, -count(*), -sum(amount)
  FROM sale_payments WHERE old.status = 'completed' AND sale_id = old.id GROUP BY method
  ON CONFLICT (day, method) DO UPDATE SET payments = payments + excluded.payments, amount = amount + excluded.amount;
  INSERT INTO payments_by_day (day, method, payments, amount)
  SELECT date(new.sold_at / 1000 + 28800, 'unixepoch'), method, count(*), sum(amount)
  FROM sale_payments WHERE new.status = 'completed' AND sale_id = new.id GROUP BY method
  ON CONFLICT (day, method) DO UPDATE SET payments = payments + excluded.payments, amount = amount + excluded.amount;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_by_day_delete` BEFORE DELETE ON `sales` WHEN old.status = 'completed' BEGIN
  INSERT INTO payments_by_day (day, method, payments, amount)
  SELECT date(old.sold_at / 1000 + 28800, 'unixepoch'), method, -count(*), -sum(amount)
  FROM sale_payments WHERE sale_id = old.id GROUP BY method
  ON CONFLICT (day, method) DO UPDATE SET payments = payments + excluded.payments, amount = amount + excluded.amount;
END;
--> statement-breakpoint
-- Revenue is now net of SC/PWD discounts: the sale-level roll-up takes subtotal - discount_amount.
-- (A line's line_total is already what was charged for it, after its discount.)
DROP TRIGGER `sales_by_day_insert`;
--> statement-breakpoint
CREATE TRIGGER `sales_by_day_insert` AFTER INSERT ON `sales` WHEN new.status = 'completed' BEGIN
  INSERT INTO sales_by_day (day, payment_method, sales, total_amount, subtotal, tax_amount, cost)
  VALUES (date(new.sold_at / 1000 + 28800, 'unixepoch'), new.payment_method, 1, new.total_amount, new.subtotal - new.discount_amount, new.tax_amount, 0)
  ON CONFLICT (day, payment_method) DO UPDATE SET sales = sales + 1, total_amount = total_amount + excluded.total_amount,
    subtotal = subtotal + excluded.subtotal, tax_amount = tax_amount + excluded.tax_amount;
END;
--> statement-breakpoint
DROP TRIGGER `sales_by_day_update`;
--> statement-breakpoint
CREATE TRIGGER `sales_by_day_update` AFTER UPDATE OF status, sold_at, payment_method, subtotal, discount_amount, tax_amount, total_amount ON `sales`
WHEN old.status = 'completed' OR new.status = 'completed' BEGIN
  UPDATE sales_by_day SET sales = sales - 1, total_amount = total_amount - old.total_amount, subtotal = subtotal - (old.subtotal - old.discount_amount),
    tax_amount = tax_amount - old.tax_amount, cost = cost - (SELECT coalesce(sum(purchase_price * quantity), 0) FROM sale_lines WHERE sale_id = old.id)
  WHERE old.status = 'completed' AND day = date(old.sold_at / 1000 + 28800, 'unixepoch') AND payment_method = old.payment_method;
  INSERT INTO product_sales_by_day (day, kind, code, name, quantity, revenue, cost)
  SELECT date(old.sold_at / 1000 + 28800, 'unixepoch'), kind, code, name, -quantity, -line_total, -(purchase_price * quantity)
  FROM sale_lines WHERE old.status = 'completed' AND sale_id = old.id
  ON CONFLICT (day, kind, code) DO UPDATE SET quantity = quantity + excluded.quantity,
    revenue = revenue + excluded.revenue, cost = cost + excluded.cost;
  INSERT INTO category_sales_by_day (day, category, quantity, revenue)
  SELECT date(old.sold_at / 1000 + 28800, 'unixepoch'), coalesce(category, ''), -sum(quantity), -sum(line_total)
  FROM sale_lines WHERE old.status = 'completed' AND sale_id = old.id GROUP BY coalesce(category, '')
  ON CONFLICT (day, category) DO UPDATE SET quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;
  INSERT INTO sales_by_day (day, payment_method, sales, total_amount, subtotal, tax_amount, cost)
  SELECT date(new.sold_at / 1000 + 28800, 'unixepoch'), new.payment_method, 1, new.total_amount, new.subtotal - new.discount_amount, new.tax_amount,
    (SELECT coalesce(sum(purchase_price * quantity), 0) FROM sale_lines WHERE sale_id = new.id)
  WHERE new.status = 'completed'
  ON CONFLICT (day, payment_method) DO UPDATE SET sales = sales + 1, total_amount = total_amount + excluded.total_amount,
    subtotal = subtotal + excluded.subtotal, tax_amount = tax_amount + excluded.tax_amount, cost = cost + excluded.cost;
  INSERT INTO product_sales_by_day (day, kind, code, name, quantity, revenue, cost)
  SELECT date(new.sold_at / 1000 + 28800, 'unixepoch'), kind, code, name, quantity, line_total, (purchase_price * quantity)
  FROM sale_lines WHERE new.status = 'completed' AND sale_id = new.id
  ON CONFLICT (day, kind, code) DO UPDATE SET quantity = quantity + excluded.quantity,
    revenue = revenue + excluded.revenue, cost = cost + excluded.cost, name = excluded.name;
  INSERT INTO category_sales_by_day (day, category, quantity, revenue)
  SELECT date(new.sold_at / 1000 + 28800, 'unixepoch'), coalesce(category, ''), sum(quantity), sum(line_total)
  FROM sale_lines WHERE new.status = 'completed' AND sale_id = new.id GROUP BY coalesce(category, '')
  ON CONFLICT (day, category) DO UPDATE SET quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;
END;
--> statement-breakpoint
DROP TRIGGER `sales_by_day_delete`;
--> statement-breakpoint
CREATE TRIGGER `sales_by_day_delete` BEFORE DELETE ON `sales` WHEN old.status = 'completed' BEGIN
  UPDATE sales_by_day SET sales = sales - 1, total_amount = total_amount - old.total_amount, subtotal = subtotal - (old.subtotal - old.discount_amount),
    tax_amount = tax_amount - old.tax_amount, cost = cost - (SELECT coalesce(sum(purchase_price * quantity), 0) FROM sale_lines WHERE sale_id = old.id)
  WHERE day = date(old.sold_at / 1000 + 28800, 'unixepoch') AND payment_method = old.payment_method;
  INSERT INTO product_sales_by_day (day, kind, code, name, quantity, revenue, cost)
  SELECT date(old.sold_at / 1000 + 28800, 'unixepoch'), kind, code, name, -quantity, -line_total, -(purchase_price * quantity)
  FROM sale_lines WHERE sale_id = old.id
  ON CONFLICT (day, kind, code) DO UPDATE SET quantity = quantity + excluded.quantity,
    revenue = revenue + excluded.revenue, cost = cost + excluded.cost;
  INSERT INTO category_sales_by_day (day, category, quantity, revenue)
  SELECT date(old.sold_at / 1000 + 28800, 'unixepoch'), coalesce(category, ''), -sum(quantity), -sum(line_total)
  FROM sale_lines WHERE sale_id = old.id GROUP BY coalesce(category, '')
  ON CONFLICT (day, category) DO UPDATE SET quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;
END;
