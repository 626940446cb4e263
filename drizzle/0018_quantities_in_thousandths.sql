-- Item stock, restock thresholds and the stock ledger move to thousandths of a unit
-- (docs/decisions.md, Quantities in thousandths): 40 packs become 40000.
UPDATE `inventory_items` SET `stock` = `stock` * 1000, `restock_threshold` = `restock_threshold` * 1000;
--> statement-breakpoint
UPDATE `stock_movements` SET `change` = `change` * 1000, `stock_before` = `stock_before` * 1000, `stock_after` = `stock_after` * 1000;
