-- Inventory search: an FTS5 trigram index over item id and name, so "flour" is found as a
-- substring without scanning every row (docs/decisions.md). The index reads its text from
-- inventory_items (content=) and holds nothing else, so whenever this file runs (its text
-- changed, or the index went missing) it is made again and refilled from the items: a
-- change of its columns or tokenizer is made here and nowhere else. The triggers keep it in
-- step with every writer.
DROP TABLE IF EXISTS inventory_search;
CREATE VIRTUAL TABLE inventory_search USING fts5(item_id, name, content='inventory_items', content_rowid='id', tokenize='trigram');
INSERT INTO inventory_search(inventory_search) VALUES ('rebuild');

DROP TRIGGER IF EXISTS inventory_search_insert;
CREATE TRIGGER inventory_search_insert AFTER INSERT ON inventory_items BEGIN
  INSERT INTO inventory_search(rowid, item_id, name) VALUES (new.id, new.item_id, new.name);
END;

DROP TRIGGER IF EXISTS inventory_search_delete;
CREATE TRIGGER inventory_search_delete AFTER DELETE ON inventory_items BEGIN
  INSERT INTO inventory_search(inventory_search, rowid, item_id, name) VALUES ('delete', old.id, old.item_id, old.name);
END;

DROP TRIGGER IF EXISTS inventory_search_update;
CREATE TRIGGER inventory_search_update AFTER UPDATE OF item_id, name ON inventory_items BEGIN
  INSERT INTO inventory_search(inventory_search, rowid, item_id, name) VALUES ('delete', old.id, old.item_id, old.name);
  INSERT INTO inventory_search(rowid, item_id, name) VALUES (new.id, new.item_id, new.name);
END;
