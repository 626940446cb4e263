import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/open';
import { type TestShop, testApp } from '../helpers/app';

// A shop whose recipes were kept in whole units: the migration moves them to thousandths
// (2 eggs become 2000), gives every cake the shelf defaults, and moves a cake edit still
// waiting for approval along, so approving it asks for what the staff member meant.

const dir = mkdtempSync(path.join(tmpdir(), 'shop-recipes-'));
let shop: TestShop | undefined;
afterAll(async () => {
  await shop?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The migrations as they stood before recipes took thousandths (up to 0022_cake_orders). */
function migrationsBeforeRecipes(): string {
  const folder = path.join(dir, 'drizzle-before');
  cpSync(path.resolve(import.meta.dirname, '../../drizzle'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === '0022_cake_orders');
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('the recipes migration', () => {
  it('turns whole-unit recipes into thousandths, pending edits included, and adds the shelf defaults', async () => {
    const dataDir = path.join(dir, 'data');
    const before = openDb(loadConfig({ DATA_DIR: dataDir }).dbFile, migrationsBeforeRecipes());
    before.run(sql`insert into users (id, username, email, password_hash, role)
      values (1, 'oldstaff', 'oldstaff@bakeshop.test', 'x', 'staff')`);
    before.run(sql`insert into categories (id, name, type) values (1, 'Birthday', 'cake')`);
    before.run(sql`insert into cake_sizes (id, name) values (1, '8 inch')`);
    before.run(sql`insert into inventory_items (id, item_id, name, purchase_price)
      values (1, 'INV-000001', 'Cake Flour', 4550), (2, 'INV-000002', 'Eggs (tray)', 21025)`);
    before.run(sql`insert into cakes (id, cake_id, name, category_id, size_id, price)
      values (1, 'CK-000001', 'Chiffon', 1, 1, 65000), (2, 'CK-000002', 'Flan', 1, 1, 55000)`);
    before.run(
      sql`insert into cake_ingredients (cake_id, item_id, quantity) values (1, 1, 2), (1, 2, 1), (2, 2, 12)`,
    );
    // A staff edit asked before the migration: 3 kg of flour instead, against the recipe "1x2, 2x1".
    const payload = {
      id: 1,
      cake: {
        cakeId: 'CK-000001',
        name: 'Chiffon',
        categoryId: 1,
        sizeId: 1,
        availability: 'Always',
        price: 65000,
        stock: 0,
        ingredients: [{ itemId: 1, quantity: 3 }],
      },
      before: { ingredients: '1x2, 2x1' },
    };
    before.run(sql`insert into action_requests (id, module, request_type, target_id, details, payload, requested_by)
      values (1, 'Cakes', 'update', 'CK-000001', '{}', ${JSON.stringify(payload)}, 1)`);
    before.$client.close();

    shop = await testApp({ DATA_DIR: dataDir });
    expect(
      shop.db.all(
        sql`select cake_id as cakeId, item_id as itemId, quantity from cake_ingredients order by cake_id, item_id`,
      ),
    ).toEqual([
      { cakeId: 1, itemId: 1, quantity: 2000 },
      { cakeId: 1, itemId: 2, quantity: 1000 },
      { cakeId: 2, itemId: 2, quantity: 12_000 },
    ]);
    expect(shop.db.all(sql`select shelf_life_days as days, shelf_target as target from cakes`)).toEqual([
      { days: 3, target: 0 },
      { days: 3, target: 0 },
    ]);
    const admin = await shop.adminSession();
    // The base cost reads as it did: 2 × ₱45.50 + ₱210.25.
    expect((await admin.api.cakes.get({ id: 1 })).baseCost).toBe(2 * 4550 + 21025);

    await admin.api.actionRequests.approve({ id: 1 });
    const approved = await admin.api.cakes.get({ id: 1 });
    expect(approved.ingredients.map((i) => [i.itemId, i.quantity])).toEqual([[1, 3000]]);
    expect(approved.baseCost).toBe(3 * 4550);
  });
});
