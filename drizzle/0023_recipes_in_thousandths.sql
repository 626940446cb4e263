ALTER TABLE `cakes` ADD `shelf_life_days` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `cakes` ADD `shelf_target` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Recipes move to thousandths of the item's unit like stock (docs/decisions.md, Baking from
-- recipes): 2 eggs become 2000, so 0.25 kg of flour can be 250.
UPDATE `cake_ingredients` SET `quantity` = `quantity` * 1000;--> statement-breakpoint
-- A cake edit still waiting for approval asked for whole units: its recipe moves too, and so
-- does the recipe it was asked against ("3x2, 5x1" becomes "3x2000, 5x1000"), or approving
-- it would read as changed since.
UPDATE `action_requests` SET `payload` = json_set(`payload`, '$.cake.ingredients', (
  SELECT json_group_array(json_set(`value`, '$.quantity', json_extract(`value`, '$.quantity') * 1000))
  FROM json_each(`payload`, '$.cake.ingredients')))
WHERE `module` = 'Cakes' AND `request_type` = 'update' AND `status` = 'pending'
  AND json_valid(`payload`) AND json_type(`payload`, '$.cake.ingredients') = 'array';--> statement-breakpoint
UPDATE `action_requests` SET `payload` = json_set(`payload`, '$.before.ingredients',
  replace(json_extract(`payload`, '$.before.ingredients'), ', ', '000, ') || '000')
WHERE `module` = 'Cakes' AND `request_type` = 'update' AND `status` = 'pending'
  AND json_valid(`payload`) AND json_type(`payload`, '$.before.ingredients') = 'text'
  AND json_extract(`payload`, '$.before.ingredients') <> '';
