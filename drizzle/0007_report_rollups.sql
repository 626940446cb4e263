-- The roll-ups change shape (server/db/tables/reports.ts): one row per product and day, and categories
-- apart, so a month's best sellers and categories no longer read every product sold. All three are
-- WITHOUT ROWID: a range of days reads the rows in key order with no second lookup. (Drizzle's
-- table builder cannot say WITHOUT ROWID; a future change to these tables must keep it by hand.) The triggers that
-- keep them are dropped first and made again below; the roll-ups are then rebuilt from the sales.
DROP TRIGGER IF EXISTS `sales_by_day_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sale_lines_by_day_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sales_by_day_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sales_by_day_delete`;
--> statement-breakpoint
CREATE TABLE `category_sales_by_day` (
	`day` text NOT NULL,
	`category` text NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `category`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `product_sales_by_day` (
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	`cost` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `kind`, `code`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `product_sales_by_day_rank` ON `product_sales_by_day` (`day`,`quantity`,`kind`,`code`);--> statement-breakpoint
CREATE INDEX `product_sales_by_day_product` ON `product_sales_by_day` (`kind`,`code`,`day`,`quantity`,`revenue`);--> statement-breakpoint
DROP TABLE `line_sales_by_day`;
--> statement-breakpoint
DROP TABLE `sales_by_day`;
--> statement-breakpoint
CREATE TABLE `sales_by_day` (
	`day` text NOT NULL,
	`payment_method` text NOT NULL,
	`sales` integer DEFAULT 0 NOT NULL,
	`total_amount` integer DEFAULT 0 NOT NULL,
	`subtotal` integer DEFAULT 0 NOT NULL,
	`tax_amount` integer DEFAULT 0 NOT NULL,
	`cost` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `payment_method`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `sales_by_day` (day, payment_method, sales, total_amount, subtotal, tax_amount, cost)
SELECT date(s.sold_at / 1000 + 28800, 'unixepoch'), s.payment_method, count(*), sum(s.total_amount), sum(s.subtotal), sum(s.tax_amount),
  sum((SELECT coalesce(sum(l.purchase_price * l.quantity), 0) FROM sale_lines l WHERE l.sale_id = s.id))
FROM sales s WHERE s.status = 'completed' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `product_sales_by_day` (day, kind, code, name, quantity, revenue, cost)
SELECT day, kind, code, name, quantity, revenue, cost FROM (
  SELECT date(s.sold_at / 1000 + 28800, 'unixepoch') AS day, l.kind AS kind, l.code AS code, l.name AS name, max(l.id),
    sum(l.quantity) AS quantity, sum(l.line_total) AS revenue, sum(l.purchase_price * l.quantity) AS cost
  FROM sale_lines l JOIN sales s ON s.id = l.sale_id WHERE s.status = 'completed' GROUP BY 1, 2, 3);
--> statement-breakpoint
INSERT INTO `category_sales_by_day` (day, category, quantity, revenue)
SELECT date(s.sold_at / 1000 + 28800, 'unixepoch'), coalesce(l.category, ''), sum(l.quantity), sum(l.line_total)
FROM sale_lines l JOIN sales s ON s.id = l.sale_id WHERE s.status = 'completed' GROUP BY 1, 2;
--> statement-breakpoint
-- A completed sale adds to its day; each line adds its cost there and to its product's and category's rows.
CREATE TRIGGER `sales_by_day_insert` AFTER INSERT ON `sales` WHEN new.status = 'completed' BEGIN
  INSERT INTO sales_by_day (day, payment_method, sales, total_amount, subtotal, tax_amount, cost)
  VALUES (date(new.sold_at / 1000 + 28800, 'unixepoch'), new.payment_method, 1, new.total_amount, new.subtotal, new.tax_amount, 0)
  ON CONFLICT (day, payment_method) DO UPDATE SET sales = sales + 1, total_amount = total_amount + excluded.total_amount,
    subtotal = subtotal + excluded.subtotal, tax_amount = tax_amount + excluded.tax_amount;
END;
--> statement-breakpoint
CREATE TRIGGER `sale_lines_by_day_insert` AFTER INSERT ON `sale_lines`
WHEN (SELECT status FROM sales WHERE id = new.sale_id) = 'completed' BEGIN
  UPDATE sales_by_day SET cost = cost + new.purchase_price * new.quantity
  WHERE (day, payment_method) = (SELECT date(sold_at / 1000 + 28800, 'unixepoch'), payment_method FROM sales WHERE id = new.sale_id);
  INSERT INTO product_sales_by_day (day, kind, code, name, quantity, revenue, cost)
  SELECT date(sold_at / 1000 + 28800, 'unixepoch'), new.kind, new.code, new.name, new.quantity, new.line_total, new.purchase_price * new.quantity
  FROM sales WHERE id = new.sale_id
  ON CONFLICT (day, kind, code) DO UPDATE SET quantity = quantity + excluded.quantity,
    revenue = revenue + excluded.revenue, cost = cost + excluded.cost, name = excluded.name;
  INSERT INTO category_sales_by_day (day, category, quantity, revenue)
  SELECT date(sold_at / 1000 + 28800, 'unixepoch'), coalesce(new.category, ''), new.quantity, new.line_total
  FROM sales WHERE id = new.sale_id
  ON CONFLICT (day, category) DO UPDATE SET quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;
END;
--> statement-breakpoint
-- A refund (or any change of a sale's day, method, amounts or status) takes the old sale away and adds the new one.
CREATE TRIGGER `sales_by_day_update` AFTER UPDATE OF status, sold_at, payment_method, subtotal, tax_amount, total_amount ON `sales`
WHEN old.status = 'completed' OR new.status = 'completed' BEGIN
  UPDATE sales_by_day SET sales = sales - 1, total_amount = total_amount - old.total_amount, subtotal = subtotal - old.subtotal,
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
  SELECT date(new.sold_at / 1000 + 28800, 'unixepoch'), new.payment_method, 1, new.total_amount, new.subtotal, new.tax_amount,
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
-- A deleted sale (a restore may delete) takes itself away while its lines are still there.
CREATE TRIGGER `sales_by_day_delete` BEFORE DELETE ON `sales` WHEN old.status = 'completed' BEGIN
  UPDATE sales_by_day SET sales = sales - 1, total_amount = total_amount - old.total_amount, subtotal = subtotal - old.subtotal,
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
