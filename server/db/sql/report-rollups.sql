-- The daily roll-ups of completed sales (server/db/tables/reports.ts): sales_by_day,
-- product_sales_by_day, category_sales_by_day and payments_by_day, kept inside the sale's
-- own transaction whoever writes: a checkout adds, a refund or a deleted sale takes away.
-- Revenue (subtotal) is net of SC/PWD discounts; a line's line_total is already what was
-- charged for it. Custom cakes (cake orders) share one product row, 'Custom cakes' (the
-- CUSTOM_CAKES_ROW text). Filling the roll-ups from existing sales is a numbered migration's job.

-- A completed sale adds to its day; each line adds its cost there and to its product's and category's rows.
DROP TRIGGER IF EXISTS sales_by_day_insert;
CREATE TRIGGER sales_by_day_insert AFTER INSERT ON sales WHEN new.status = 'completed' BEGIN
  INSERT INTO sales_by_day (day, payment_method, sales, total_amount, subtotal, tax_amount, cost)
  VALUES (manila_day(new.sold_at), new.payment_method, 1, new.total_amount, new.subtotal - new.discount_amount, new.tax_amount, 0)
  ON CONFLICT (day, payment_method) DO UPDATE SET sales = sales + 1, total_amount = total_amount + excluded.total_amount,
    subtotal = subtotal + excluded.subtotal, tax_amount = tax_amount + excluded.tax_amount;
END;

DROP TRIGGER IF EXISTS sale_lines_by_day_insert;
CREATE TRIGGER sale_lines_by_day_insert AFTER INSERT ON sale_lines
WHEN (SELECT status FROM sales WHERE id = new.sale_id) = 'completed' BEGIN
  UPDATE sales_by_day SET cost = cost + new.cost
  WHERE (day, payment_method) = (SELECT manila_day(sold_at), payment_method FROM sales WHERE id = new.sale_id);
  INSERT INTO product_sales_by_day (day, kind, code, name, quantity, revenue, cost)
  SELECT manila_day(sold_at), new.kind, new.code, CASE new.kind WHEN 'custom' THEN 'Custom cakes' ELSE new.name END, new.quantity, new.line_total, new.cost
  FROM sales WHERE id = new.sale_id
  ON CONFLICT (day, kind, code) DO UPDATE SET quantity = quantity + excluded.quantity,
    revenue = revenue + excluded.revenue, cost = cost + excluded.cost, name = excluded.name;
  INSERT INTO category_sales_by_day (day, category, quantity, revenue)
  SELECT manila_day(sold_at), coalesce(new.category, ''), new.quantity, new.line_total
  FROM sales WHERE id = new.sale_id
  ON CONFLICT (day, category) DO UPDATE SET quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;
END;

-- A refund (or any change of a sale's day, method, amounts or status) takes the old sale away and adds the new one.
DROP TRIGGER IF EXISTS sales_by_day_update;
CREATE TRIGGER sales_by_day_update AFTER UPDATE OF status, sold_at, payment_method, subtotal, discount_amount, tax_amount, total_amount ON sales
WHEN old.status = 'completed' OR new.status = 'completed' BEGIN
  UPDATE sales_by_day SET sales = sales - 1, total_amount = total_amount - old.total_amount, subtotal = subtotal - (old.subtotal - old.discount_amount),
    tax_amount = tax_amount - old.tax_amount, cost = cost - (SELECT coalesce(sum(cost), 0) FROM sale_lines WHERE sale_id = old.id)
  WHERE old.status = 'completed' AND day = manila_day(old.sold_at) AND payment_method = old.payment_method;
  INSERT INTO product_sales_by_day (day, kind, code, name, quantity, revenue, cost)
  SELECT manila_day(old.sold_at), kind, code, name, -quantity, -line_total, -cost
  FROM sale_lines WHERE old.status = 'completed' AND sale_id = old.id
  ON CONFLICT (day, kind, code) DO UPDATE SET quantity = quantity + excluded.quantity,
    revenue = revenue + excluded.revenue, cost = cost + excluded.cost;
  INSERT INTO category_sales_by_day (day, category, quantity, revenue)
  SELECT manila_day(old.sold_at), coalesce(category, ''), -sum(quantity), -sum(line_total)
  FROM sale_lines WHERE old.status = 'completed' AND sale_id = old.id GROUP BY coalesce(category, '')
  ON CONFLICT (day, category) DO UPDATE SET quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;
  INSERT INTO sales_by_day (day, payment_method, sales, total_amount, subtotal, tax_amount, cost)
  SELECT manila_day(new.sold_at), new.payment_method, 1, new.total_amount, new.subtotal - new.discount_amount, new.tax_amount,
    (SELECT coalesce(sum(cost), 0) FROM sale_lines WHERE sale_id = new.id)
  WHERE new.status = 'completed'
  ON CONFLICT (day, payment_method) DO UPDATE SET sales = sales + 1, total_amount = total_amount + excluded.total_amount,
    subtotal = subtotal + excluded.subtotal, tax_amount = tax_amount + excluded.tax_amount, cost = cost + excluded.cost;
  INSERT INTO product_sales_by_day (day, kind, code, name, quantity, revenue, cost)
  SELECT manila_day(new.sold_at), kind, code, CASE kind WHEN 'custom' THEN 'Custom cakes' ELSE name END, quantity, line_total, cost
  FROM sale_lines WHERE new.status = 'completed' AND sale_id = new.id
  ON CONFLICT (day, kind, code) DO UPDATE SET quantity = quantity + excluded.quantity,
    revenue = revenue + excluded.revenue, cost = cost + excluded.cost, name = excluded.name;
  INSERT INTO category_sales_by_day (day, category, quantity, revenue)
  SELECT manila_day(new.sold_at), coalesce(category, ''), sum(quantity), sum(line_total)
  FROM sale_lines WHERE new.status = 'completed' AND sale_id = new.id GROUP BY coalesce(category, '')
  ON CONFLICT (day, category) DO UPDATE SET quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;
END;

-- A deleted sale (a restore may delete) takes itself away while its lines are still there.
DROP TRIGGER IF EXISTS sales_by_day_delete;
CREATE TRIGGER sales_by_day_delete BEFORE DELETE ON sales WHEN old.status = 'completed' BEGIN
  UPDATE sales_by_day SET sales = sales - 1, total_amount = total_amount - old.total_amount, subtotal = subtotal - (old.subtotal - old.discount_amount),
    tax_amount = tax_amount - old.tax_amount, cost = cost - (SELECT coalesce(sum(cost), 0) FROM sale_lines WHERE sale_id = old.id)
  WHERE day = manila_day(old.sold_at) AND payment_method = old.payment_method;
  INSERT INTO product_sales_by_day (day, kind, code, name, quantity, revenue, cost)
  SELECT manila_day(old.sold_at), kind, code, name, -quantity, -line_total, -cost
  FROM sale_lines WHERE sale_id = old.id
  ON CONFLICT (day, kind, code) DO UPDATE SET quantity = quantity + excluded.quantity,
    revenue = revenue + excluded.revenue, cost = cost + excluded.cost;
  INSERT INTO category_sales_by_day (day, category, quantity, revenue)
  SELECT manila_day(old.sold_at), coalesce(category, ''), -sum(quantity), -sum(line_total)
  FROM sale_lines WHERE sale_id = old.id GROUP BY coalesce(category, '')
  ON CONFLICT (day, category) DO UPDATE SET quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;
END;

-- A payment of a completed sale counts on the sale's Manila day, under its own method.
DROP TRIGGER IF EXISTS payments_by_day_insert;
CREATE TRIGGER payments_by_day_insert AFTER INSERT ON sale_payments
WHEN (SELECT status FROM sales WHERE id = new.sale_id) = 'completed' BEGIN
  INSERT INTO payments_by_day (day, method, payments, amount)
  SELECT manila_day(sold_at), new.method, 1, new.amount FROM sales WHERE id = new.sale_id
  ON CONFLICT (day, method) DO UPDATE SET payments = payments + 1, amount = amount + excluded.amount;
END;

-- A refund (or a change of the sale's day or status) takes its payments away and adds them back as they now are.
DROP TRIGGER IF EXISTS payments_by_day_update;
CREATE TRIGGER payments_by_day_update AFTER UPDATE OF status, sold_at ON sales
WHEN old.status = 'completed' OR new.status = 'completed' BEGIN
  INSERT INTO payments_by_day (day, method, payments, amount)
  SELECT manila_day(old.sold_at), method, -count(*), -sum(amount)
  FROM sale_payments WHERE old.status = 'completed' AND sale_id = old.id GROUP BY method
  ON CONFLICT (day, method) DO UPDATE SET payments = payments + excluded.payments, amount = amount + excluded.amount;
  INSERT INTO payments_by_day (day, method, payments, amount)
  SELECT manila_day(new.sold_at), method, count(*), sum(amount)
  FROM sale_payments WHERE new.status = 'completed' AND sale_id = new.id GROUP BY method
  ON CONFLICT (day, method) DO UPDATE SET payments = payments + excluded.payments, amount = amount + excluded.amount;
END;

DROP TRIGGER IF EXISTS payments_by_day_delete;
CREATE TRIGGER payments_by_day_delete BEFORE DELETE ON sales WHEN old.status = 'completed' BEGIN
  INSERT INTO payments_by_day (day, method, payments, amount)
  SELECT manila_day(old.sold_at), method, -count(*), -sum(amount)
  FROM sale_payments WHERE sale_id = old.id GROUP BY method
  ON CONFLICT (day, method) DO UPDATE SET payments = payments + excluded.payments, amount = amount + excluded.amount;
END;
