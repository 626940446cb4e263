import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/open';
import { periodDays } from '../../server/domains/reports/period';
import { reportSummary } from '../../server/domains/reports/summary';

// A shop that sold before the reports landed: the migrations must fill the roll-ups
// from the sales already made, give old lines their product's category, and give them the
// cost the roll-ups counted (purchase price x quantity) so a later refund takes it away.

const dir = mkdtempSync(path.join(tmpdir(), 'shop-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations as they stood before the reports (up to 0004_sales). */
function migrationsBeforeReports(): string {
  const folder = path.join(dir, 'drizzle-before');
  cpSync(path.resolve(import.meta.dirname, '../../drizzle'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === '0004_sales');
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('the report migrations', () => {
  it('fill the roll-ups from earlier sales, refunds left out', () => {
    const file = path.join(dir, 'shop.db');
    const before = openDb(file, migrationsBeforeReports());
    before.run(sql`insert into categories (id, name, type) values (1, 'Flour', 'inventory')`);
    before.run(sql`insert into inventory_items (id, item_id, name, stock, unit_price, purchase_price, category_id)
      values (1, 'INV-000001', 'Bread Flour', 10, 10000, 6000, 1), (2, 'INV-000002', 'Liners', 10, 1000, 300, null)`);
    const sale = (id: number, at: string, status: string, lines: [number, number][]) => {
      const subtotal = lines.reduce((sum, [item, qty]) => sum + (item === 1 ? 10000 : 1000) * qty, 0);
      before.run(sql`insert into sales (id, sale_id, customer_name, order_type, subtotal, tax_rate, tax_amount, total_amount,
        payment_method, status, lines_key, sold_at) values (${id}, ${`SALE-0000000${id}`}, 'Unregistered', 'Walk-in',
        ${subtotal}, 0, 0, ${subtotal}, 'Cash', ${status}, ${`k${id}`}, ${new Date(`${at}+08:00`).getTime()})`);
      for (const [item, qty] of lines)
        before.run(sql`insert into sale_lines (sale_id, kind, item_id, code, name, price, purchase_price, quantity, line_total)
          values (${id}, 'item', ${item}, ${`INV-00000${item}`}, 'x', ${item === 1 ? 10000 : 1000}, ${item === 1 ? 6000 : 300}, ${qty},
          ${(item === 1 ? 10000 : 1000) * qty})`);
    };
    sale(1, '2026-05-01T23:59:00', 'completed', [
      [1, 2],
      [2, 5],
    ]);
    sale(2, '2026-05-02T00:01:00', 'completed', [[1, 1]]);
    sale(3, '2026-05-02T10:00:00', 'refunded', [[1, 9]]);
    before.$client.close();

    const after = openDb(file);
    const lines = after.all<{ cost: number; expected: number }>(
      sql`select cost, purchase_price * quantity as expected from sale_lines order by id`,
    );
    expect(lines.map((l) => l.cost)).toEqual([12000, 1500, 6000, 54000]);
    expect(lines.map((l) => l.cost)).toEqual(lines.map((l) => l.expected));
    // Its stock, now in thousandths, sits in one opening lot per item at the purchase price.
    expect(
      after.all(sql`select item_id as itemId, source, quantity, remaining, unit_cost as unitCost
        from stock_lots order by item_id`),
    ).toEqual([
      { itemId: 1, source: 'opening', quantity: 10_000, remaining: 10_000, unitCost: 6000 },
      { itemId: 2, source: 'opening', quantity: 10_000, remaining: 10_000, unitCost: 300 },
    ]);
    const first = reportSummary(
      after,
      periodDays(after, { range: 'custom', from: '2026-05-01', to: '2026-05-01' }),
    );
    expect(first).toMatchObject({ totalSales: 25000, revenue: 25000, cost: 13500, totalTransactions: 1 });
    expect(first.categories).toEqual([
      { category: 'Flour', quantity: 2, revenue: 20000 },
      { category: '', quantity: 5, revenue: 5000 },
    ]);
    expect(first.bestSellers.map((b) => [b.code, b.quantity])).toEqual([
      ['INV-000002', 5],
      ['INV-000001', 2],
    ]);
    const second = reportSummary(
      after,
      periodDays(after, { range: 'custom', from: '2026-05-02', to: '2026-05-02' }),
    );
    expect(second).toMatchObject({ totalSales: 10000, cost: 6000, totalTransactions: 1 });
    // The triggers work on the migrated database: refunding sale 2 takes it away.
    after.run(sql`update sales set status = 'refunded' where id = 2`);
    const refunded = reportSummary(
      after,
      periodDays(after, { range: 'custom', from: '2026-05-02', to: '2026-05-02' }),
    );
    expect(refunded).toMatchObject({
      totalSales: 0,
      cost: 0,
      totalTransactions: 0,
      bestSellers: [],
      categories: [],
    });
    after.$client.close();
  });
});
