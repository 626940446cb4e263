import type Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../server/db/open';
import { inventoryItems } from '../../server/db/schema';
import { addDays, manilaDate } from '../../shared/time';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { atCounter, sellOverRest } from '../helpers/counter';
import { putLot } from '../helpers/lots';
import { anIngredient, aRecipeCake, bakeOverRest } from '../helpers/production';
import { rest } from '../helpers/rest';

// How the app's SQL meets SQLite (docs/decisions.md, Four tills): a partial index's own
// condition is written into the statements, never bound, or SQLite compiles the statement
// again at every run; and a savepoint's pages stay in memory, not in a temporary file.

/** Each partial index's `column op literal` conditions, as SQLite holds them. */
function partialConditions(sqlite: Database.Database) {
  const indexes = sqlite
    .prepare("select name, sql from sqlite_master where type = 'index' and sql like '% WHERE %'")
    .all() as { name: string; sql: string }[];
  return indexes.flatMap(({ name, sql }) =>
    (sql.split(/ WHERE /i)[1] ?? '').split(/ and /i).flatMap((part) => {
      const m = /^\s*"?(\w+)"?\s*(=|<>|>=|<=|>|<)\s*(-?\d+|'[^']*')\s*$/.exec(part);
      return m ? [{ index: name, column: m[1]!, op: m[2]! }] : [];
    }),
  );
}

/** The part of a statement a query planner reads for its rows: after its first WHERE. */
const whereOf = (sql: string) =>
  sql
    .split(/ where /i)
    .slice(1)
    .join(' where ');

let shop: TestShop;
let manager: Session;
const prepared: string[] = [];

beforeAll(async () => {
  shop = await testApp();
  const sqlite = shop.db.$client;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    prepared.push(source);
    return prepare(source);
  }) as typeof sqlite.prepare;
  manager = await atCounter(await shop.signedIn('manager'));

  // The lots' paths: stock put in lots, sold, written off, baked into a cake's lots.
  const today = manilaDate();
  const flour = anIngredient(shop, 'Statement Flour', 5000);
  putLot(shop, flour.id, { quantity: 9000, unitCost: 5000, expirationDate: addDays(today, 9) });
  putLot(shop, flour.id, { quantity: 9000, unitCost: 5000, expirationDate: addDays(today, 3) });
  const code = shop.db.select().from(inventoryItems).where(eq(inventoryItems.id, flour.id)).get()!.itemId;
  expect((await sellOverRest(shop, code, 1, manager.accessToken)).statusCode).toBe(201);
  const waste = { itemId: code, quantity: 0.5, reason: 'Spoiled' };
  expect((await rest(shop, 'POST', '/api/waste', manager.accessToken, waste)).statusCode).toBe(201);
  const cake = aRecipeCake(shop, [[flour.id, 500]]);
  const baked = await bakeOverRest(shop, manager.accessToken, { cakeId: cake.cakeId, quantity: 2 });
  expect(baked.statusCode).toBe(201);
  const sold = await rest(shop, 'POST', '/api/sales', manager.accessToken, {
    customerName: '',
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    taxRate: 0,
    items: [{ itemId: cake.cakeId, kind: 'cake', quantity: 1 }],
  });
  expect(sold.statusCode).toBe(201);
});
afterAll(() => shop.close());

describe("the app's statements and SQLite", () => {
  it('writes every partial index condition into the SQL, never as a bound value', () => {
    const conditions = partialConditions(shop.db.$client);
    // The lots' indexes (remaining > 0), the sales' and payments' (z_pending = 1), the items'.
    expect(conditions.map((c) => c.index)).toEqual(
      expect.arrayContaining(['stock_lots_fefo', 'cake_lots_fefo', 'sales_z_pending']),
    );
    const bound = prepared.flatMap((source) =>
      conditions
        .filter((c) => new RegExp(`"${c.column}" ${c.op.replace(/[<>]/g, '\\$&')} \\?`).test(whereOf(source)))
        .map((c) => `${c.index} (${c.column} ${c.op}): ${source}`),
    );
    expect(bound).toEqual([]);
    // Not vacuous: the lots were read with the condition written in, both kinds of lots.
    const reads = prepared.filter((s) => /"remaining" > 0/.test(whereOf(s)));
    expect(reads.some((s) => s.includes('from "stock_lots"'))).toBe(true);
    expect(reads.some((s) => s.includes('from "cake_lots"'))).toBe(true);
  });

  it('keeps a savepoint in memory on every connection, and the sign-in watch with it', () => {
    for (const sqlite of [shop.db.$client, connect(shop.config.dbFile)]) {
      // 2: MEMORY. The default (a file) opened, wrote and deleted a file per sale of a shared commit.
      expect(sqlite.pragma('temp_store', { simple: true })).toBe(2);
    }
    // Set before the TEMP triggers that count sign-in writes: changing it would have dropped them.
    const triggers = shop.db.$client
      .prepare(
        "select count(*) from sqlite_temp_master where type = 'trigger' and name like 'sign_in_watch%'",
      )
      .pluck()
      .get();
    expect(triggers).toBeGreaterThan(0);
  });
});
