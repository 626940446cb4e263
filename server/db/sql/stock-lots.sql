-- An item written with stock and no lot gets an opening lot holding that stock, at its
-- purchase price, expiry and supplier, so every unit of stock belongs to a lot whoever
-- wrote the row (the app's add, a restore, a hand-run script). The app moves stock
-- afterwards only through server/domains/inventory/lots.ts.

DROP TRIGGER IF EXISTS stock_lots_opening;
CREATE TRIGGER stock_lots_opening AFTER INSERT ON inventory_items
WHEN new.stock > 0 AND NOT EXISTS (SELECT 1 FROM stock_lots WHERE item_id = new.id) BEGIN
  INSERT INTO stock_lots (item_id, lot_code, source, quantity, remaining, unit_cost, expiration_date, supplier_id, received_at, received_by)
  VALUES (new.id, '', 'opening', new.stock, new.stock, new.purchase_price, new.expiration_date, new.supplier_id, new.created_at, new.created_by);
  UPDATE stock_lots SET lot_code = printf('LOT-%06d', id) WHERE id = last_insert_rowid();
END;
