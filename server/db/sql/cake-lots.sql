-- A cake written with stock and no lot gets an opening lot holding that stock, at its date, so
-- every cake on the shelf belongs to a lot whoever wrote the row (the app's add, a restore, a
-- test). Its recipe is written after the cake, so the lot's cost is left unknown (null): the
-- app's add sets it to the base cost then (server/domains/cakes/service.ts), and a lot still
-- without one is costed at the base cost when taken. The app moves cake stock afterwards only
-- through server/domains/cakes/cakeLots.ts.

DROP TRIGGER IF EXISTS cake_lots_opening;
CREATE TRIGGER cake_lots_opening AFTER INSERT ON cakes
WHEN new.stock > 0 AND NOT EXISTS (SELECT 1 FROM cake_lots WHERE cake_id = new.id) BEGIN
  INSERT INTO cake_lots (cake_id, source, quantity, remaining, unit_cost, expiration_date, made_at, made_by)
  VALUES (new.id, 'opening', new.stock, new.stock, NULL, new.expiration_date, new.created_at, new.created_by);
END;
