// The soak's stock checks (bench/soakCheck.ts): every item's and every cake's lots and
// ledger, whatever wrote them (sales, refunds, deliveries, batches, pickups). Items' stock,
// lots and ledger are in thousandths; cakes' stock and lots in whole cakes, their ledger in
// thousandths.
import type Database from 'better-sqlite3';
import { QUANTITY_SCALE } from '../shared/quantity';
import { batchNumber } from '../shared/texts/production';
import { manilaDate } from '../shared/time';
import type { Books, Fail, MoveRow } from './soakBooks';
import type { Known } from './soakTypes';

/**
 * Per lot: within 0 to its quantity. An item's lot lost what completed sales took from it
 * (exactly, lot by lot, for an item no batch bakes with; for an ingredient, what the sales
 * and batches took from its lots adds up to what they lost). A cake's lot lost what
 * completed pickups took from it. Each item's stock is its unexpired lots' sum; each cake's
 * its unexpired lots' no order holds. Each item's and cake's ledger runs from 0 without a
 * break to its stock; a shelf item's starts with its seeded stock; an ingredient's rows add
 * up by reason to its opening stock, its deliveries' lots and its batches' takes; a cake's
 * to its batches and its pickups. No ledger row names a sale, batch or delivery the file lacks.
 */
export function checkStock(db: Database.Database, books: Books, known: Known, fail: Fail) {
  const today = manilaDate();
  const fresh = (expires: string | null) => expires === null || expires >= today;
  const completed = new Set(books.sales.filter((s) => s.status === 'completed').map((s) => s.id));
  const tookFromLot = new Map<number, number>();
  const tookFromCakeLot = new Map<number, number>();
  for (const [sale, lines] of books.lines)
    if (completed.has(sale))
      for (const line of lines) {
        for (const t of books.takes.get(line.id) ?? [])
          tookFromLot.set(t.lot, (tookFromLot.get(t.lot) ?? 0) + t.qty);
        for (const t of books.cakeTakes.get(line.id) ?? [])
          tookFromCakeLot.set(t.lot, (tookFromCakeLot.get(t.lot) ?? 0) + t.qty);
      }
  const baked = new Map<number, number>();
  for (const b of db
    .prepare('select item_id as item, sum(quantity) as qty from batch_ingredients group by item_id')
    .all() as {
    item: number;
    qty: number;
  }[])
    baked.set(b.item, b.qty);

  // ---- Items' lots. ----
  const itemStock = new Map(
    (db.prepare('select id, stock from inventory_items').all() as { id: number; stock: number }[]).map(
      (r) => [r.id, r.stock],
    ),
  );
  const held = new Map<number, number>();
  const lost = new Map<number, { lost: number; took: number }>();
  for (const lot of books.lots) {
    if (lot.remaining < 0 || lot.remaining > lot.quantity)
      fail(`lot ${lot.id} of item ${lot.item} holds ${lot.remaining} of ${lot.quantity}`);
    const took = tookFromLot.get(lot.id) ?? 0;
    if (!baked.has(lot.item) && lot.quantity - lot.remaining !== took)
      fail(
        `lot ${lot.id} of item ${lot.item} lost ${lot.quantity - lot.remaining}; completed sales took ${took}`,
      );
    const sum = lost.get(lot.item) ?? { lost: 0, took: 0 };
    lost.set(lot.item, { lost: sum.lost + lot.quantity - lot.remaining, took: sum.took + took });
    if (fresh(lot.expires)) held.set(lot.item, (held.get(lot.item) ?? 0) + lot.remaining);
  }
  for (const [item, qty] of baked) {
    const sum = lost.get(item) ?? { lost: 0, took: 0 };
    if (sum.lost !== sum.took + qty)
      fail(`item ${item}: its lots lost ${sum.lost}; sales took ${sum.took} and batches ${qty}`);
  }
  for (const [id, now] of itemStock)
    if ((held.get(id) ?? 0) !== now)
      fail(`item ${id}: stock ${now}, its unexpired lots hold ${held.get(id) ?? 0}`);

  // ---- Cakes' lots. ----
  const cakeStock = new Map(
    (db.prepare('select id, stock from cakes').all() as { id: number; stock: number }[]).map((r) => [
      r.id,
      r.stock,
    ]),
  );
  const shelf = new Map<number, number>();
  for (const lot of books.cakeLots) {
    if (lot.remaining < 0 || lot.remaining > lot.quantity)
      fail(`cake lot ${lot.id} of cake ${lot.cake} holds ${lot.remaining} of ${lot.quantity}`);
    const took = tookFromCakeLot.get(lot.id) ?? 0;
    if (lot.quantity - lot.remaining !== took)
      fail(
        `cake lot ${lot.id} of cake ${lot.cake} lost ${lot.quantity - lot.remaining}; completed pickups took ${took}`,
      );
    if (fresh(lot.expires) && lot.order === null)
      shelf.set(lot.cake, (shelf.get(lot.cake) ?? 0) + lot.remaining);
  }
  for (const [id, now] of cakeStock)
    if ((shelf.get(id) ?? 0) !== now)
      fail(`cake ${id}: stock ${now}, its unexpired unreserved lots hold ${shelf.get(id) ?? 0}`);

  // ---- The ledger: unbroken chains ending at the stock, and sums by reason. ----
  const chains = new Map<string, MoveRow[]>();
  for (const m of books.moves) {
    const key = m.item !== null ? `item ${m.item}` : m.cake !== null ? `cake ${m.cake}` : undefined;
    if (!key) continue;
    const chain = chains.get(key);
    if (chain) chain.push(m);
    else chains.set(key, [m]);
  }
  const stockOf = (key: string) => {
    const [kind, id] = key.split(' ');
    return kind === 'item'
      ? itemStock.get(Number(id))
      : (cakeStock.get(Number(id)) ?? Number.NaN) * QUANTITY_SCALE;
  };
  for (const [key, chain] of chains) {
    let level = 0;
    for (const m of chain) {
      if (m.before !== level || m.after !== m.before + m.change || m.after < 0) {
        fail(
          `${key}: ledger row ${m.id} ${m.before}${m.change >= 0 ? '+' : ''}${m.change}=${m.after} after ${level}`,
        );
        level = Number.NaN;
        break;
      }
      level = m.after;
    }
    if (!Number.isNaN(level) && level !== stockOf(key))
      fail(`${key}: the ledger ends at ${level}, the stock is ${stockOf(key)}`);
  }
  for (const product of known.products.values()) {
    const first = chains.get(`item ${product.id}`)?.[0];
    const initial = product.initial * QUANTITY_SCALE;
    if (!first || first.reason !== 'created' || first.before !== 0 || first.after !== initial)
      fail(`item ${product.code}: the ledger does not start with its seeded stock of ${initial}`);
  }
  const sumBy = (key: string) => {
    const sums: Record<string, number> = {};
    for (const m of chains.get(key) ?? []) sums[m.reason] = (sums[m.reason] ?? 0) + m.change;
    return JSON.stringify(Object.fromEntries(Object.entries(sums).sort()));
  };
  for (const ingredient of known.ingredients) {
    const received = books.lots.filter((l) => l.item === ingredient.id && l.source === 'purchase');
    const want = {
      created: ingredient.initial,
      production: -(baked.get(ingredient.id) ?? 0),
      received: received.reduce((sum, l) => sum + l.quantity, 0),
    };
    const wanted = JSON.stringify(Object.fromEntries(Object.entries(want).filter(([, n]) => n !== 0)));
    if (sumBy(`item ${ingredient.id}`) !== wanted)
      fail(
        `ingredient ${ingredient.code}: the ledger adds up to ${sumBy(`item ${ingredient.id}`)}, its lots to ${wanted}`,
      );
  }
  for (const cake of known.cakes) {
    const made = books.cakeLots.filter((l) => l.cake === cake.id && l.source === 'batch');
    const took = books.cakeLots
      .filter((l) => l.cake === cake.id)
      .reduce((sum, l) => sum + (tookFromCakeLot.get(l.id) ?? 0), 0);
    const want = {
      production: made.reduce((sum, l) => sum + l.quantity, 0) * QUANTITY_SCALE,
      sale: -took * QUANTITY_SCALE,
    };
    const wanted = JSON.stringify(Object.fromEntries(Object.entries(want).filter(([, n]) => n !== 0)));
    if (sumBy(`cake ${cake.id}`) !== wanted)
      fail(`cake ${cake.code}: the ledger adds up to ${sumBy(`cake ${cake.id}`)}, its lots to ${wanted}`);
  }

  // ---- No ledger row names what the file lacks. ----
  const saleIds = new Set(books.sales.map((s) => s.saleId));
  const batches = new Set(
    (db.prepare('select number from production_batches').pluck().all() as number[]).map(batchNumber),
  );
  const orphans = books.moves.filter(
    (m) =>
      ((m.reason === 'sale' || m.reason === 'refund') && (m.ref === null || !saleIds.has(m.ref))) ||
      (m.reason === 'production' && (m.ref === null || !batches.has(m.ref))),
  );
  if (orphans.length > 0)
    fail(
      `${orphans.length} ledger rows name sales or batches that are not in the database (row ${orphans[0]!.id})`,
    );
  const others = books.moves.filter(
    (m) => !['created', 'sale', 'refund', 'received', 'production'].includes(m.reason),
  );
  if (others.length > 0)
    fail(`${others.length} ledger rows of reasons the soak never causes, as ${others[0]!.reason}`);
}
