-- A counter that moves whenever the set of items, their searchable text or their expiry
-- changes, so a list's total can be remembered between requests instead of recounted
-- (server/domains/inventory/itemSql.ts). Its one row is never reset here.
CREATE TABLE IF NOT EXISTS inventory_version (id integer PRIMARY KEY CHECK (id = 1), n integer NOT NULL);
INSERT OR IGNORE INTO inventory_version VALUES (1, 0);

DROP TRIGGER IF EXISTS inventory_version_insert;
CREATE TRIGGER inventory_version_insert AFTER INSERT ON inventory_items BEGIN
  UPDATE inventory_version SET n = n + 1 WHERE id = 1;
END;

DROP TRIGGER IF EXISTS inventory_version_delete;
CREATE TRIGGER inventory_version_delete AFTER DELETE ON inventory_items BEGIN
  UPDATE inventory_version SET n = n + 1 WHERE id = 1;
END;

DROP TRIGGER IF EXISTS inventory_version_update;
CREATE TRIGGER inventory_version_update AFTER UPDATE OF item_id, name, expiration_date ON inventory_items BEGIN
  UPDATE inventory_version SET n = n + 1 WHERE id = 1;
END;
