-- Sort keys of an item's category, supplier and unit (inventory_items.category_key,
-- supplier_key, unit_key: lower-case names), kept here so every writer (the app, a restore,
-- a hand-run script) leaves them right.

DROP TRIGGER IF EXISTS inventory_items_keys_insert;
CREATE TRIGGER inventory_items_keys_insert AFTER INSERT ON inventory_items BEGIN
  UPDATE inventory_items SET
    category_key = (SELECT lower(name) FROM categories WHERE id = new.category_id),
    supplier_key = (SELECT lower(name) FROM suppliers WHERE id = new.supplier_id),
    unit_key = (SELECT lower(name) FROM units WHERE id = new.unit_id)
  WHERE id = new.id;
END;

DROP TRIGGER IF EXISTS inventory_items_keys_update;
CREATE TRIGGER inventory_items_keys_update AFTER UPDATE OF category_id, supplier_id, unit_id ON inventory_items BEGIN
  UPDATE inventory_items SET
    category_key = (SELECT lower(name) FROM categories WHERE id = new.category_id),
    supplier_key = (SELECT lower(name) FROM suppliers WHERE id = new.supplier_id),
    unit_key = (SELECT lower(name) FROM units WHERE id = new.unit_id)
  WHERE id = new.id;
END;

DROP TRIGGER IF EXISTS categories_rename;
CREATE TRIGGER categories_rename AFTER UPDATE OF name ON categories BEGIN
  UPDATE inventory_items SET category_key = lower(new.name) WHERE category_id = new.id;
END;

DROP TRIGGER IF EXISTS suppliers_rename;
CREATE TRIGGER suppliers_rename AFTER UPDATE OF name ON suppliers BEGIN
  UPDATE inventory_items SET supplier_key = lower(new.name) WHERE supplier_id = new.id;
END;

DROP TRIGGER IF EXISTS units_rename;
CREATE TRIGGER units_rename AFTER UPDATE OF name ON units BEGIN
  UPDATE inventory_items SET unit_key = lower(new.name) WHERE unit_id = new.id;
END;
