import { STOCK_MAX } from '../../../shared/schemas/fields';
import { PO_LINES_MAX } from '../../../shared/texts/purchasing';
import {
  REORDER_COVER_DAYS,
  REORDER_RUN_OUT_MARGIN_DAYS,
  REORDER_SALES_DAYS,
  REORDER_TEXT,
} from '../../../shared/texts/reorder';
import { addDays, manilaDate, manilaDayStart } from '../../../shared/time';
import type { Db } from '../../db/open';
import { prepared } from '../../db/prepared';
import { fail } from '../../lib/errors';
import type { Viewer } from '../auth/viewer';
import { type PoSaved, supplierByRef } from '../purchaseOrders/queries';
import { createPurchaseOrder } from '../purchaseOrders/service';

// Reorder suggestions: per supplier, the items that will run out within the supplier's lead
// time plus a week at the last 28 days' sales, or are at or below their restock threshold,
// with what to order. Quantities are thousandths of the unit.

/** One item to reorder. */
interface ReorderItem {
  id: number;
  itemId: string;
  name: string;
  unit: string | null;
  /** Thousandths, as are the sold and suggested quantities. */
  stock: number;
  soldLast28Days: number;
  /** Stock over the daily rate, rounded down to a tenth of a day; null when nothing sold. */
  daysLeft: number | null;
  suggestedQuantity: number;
  /** The item's purchase price in centavos: a draft's unit cost. */
  unitCost: number;
}

interface ReorderSupplier {
  id: number;
  supplierId: string;
  name: string;
  leadTimeDays: number;
  items: ReorderItem[];
}

interface Row {
  supplierRef: number;
  supplierId: string;
  supplierName: string;
  leadTimeDays: number;
  id: number;
  itemId: string;
  name: string;
  unit: string | null;
  stock: number;
  threshold: number;
  unitCost: number;
  /** Thousandths sold in the last 28 days (lines sell whole units). */
  sold: number;
  /** Thousandths still to arrive on Ordered and Partly received purchase orders. */
  onOrder: number;
}

/**
 * One statement: the lines of completed sales since `since` (walked from the sales' status and
 * date index, then each sale's lines) summed per item, together with the items at or below
 * their threshold (the stock-state index), kept when the item has a supplier and is low or
 * will not last the lead time plus the margin; what is on order is summed only for those.
 */
const statement = (db: Db) =>
  prepared(db, 'reorder.suggestions', () =>
    db.$client.prepare<{ since: number; supplier: number | null }, Row>(
      `select p.id as supplierRef, p.supplier_id as supplierId, p.name as supplierName,
         p.lead_time_days as leadTimeDays, i.id, i.item_id as itemId, i.name, u.name as unit,
         i.stock, i.restock_threshold as threshold, i.purchase_price as unitCost, c.units * 1000 as sold,
         coalesce((select sum(max(pl.quantity - pl.received, 0)) from purchase_order_lines as pl
           join purchase_orders as o on o.id = pl.purchase_order_id
           where pl.item_id = i.id and o.status in ('Ordered', 'Partly received')), 0) as onOrder
       from (
         select id, sum(units) as units from (
           select l.item_id as id, l.quantity as units
           from sales as s join sale_lines as l on l.sale_id = s.id
           where s.status = 'completed' and s.sold_at >= @since and l.kind = 'item' and l.item_id is not null
           union all
           select id, 0 from inventory_items where stock_state in (1, 2)
         ) group by id
       ) as c
       join inventory_items as i on i.id = c.id
       join suppliers as p on p.id = i.supplier_id
       left join units as u on u.id = i.unit_id
       where (@supplier is null or p.id = @supplier)
         and (i.stock <= i.restock_threshold
           or i.stock * ${REORDER_SALES_DAYS} <= c.units * 1000 * (p.lead_time_days + ${REORDER_RUN_OUT_MARGIN_DAYS}))`,
    ),
  );

/** The instant the 28 Manila days ending today began (today is the 28th). */
export function salesWindowStart(now = new Date()): Date {
  return manilaDayStart(addDays(manilaDate(now), 1 - REORDER_SALES_DAYS));
}

/**
 * What to order, in thousandths, or 0: the daily rate over the lead time plus two weeks, less
 * stock and what is on order, and at least enough to take stock and on order above the
 * threshold. Rounded up to a whole unit, since a shop orders whole packs and sacks.
 */
function suggestion(row: Row): number {
  const have = row.stock + row.onOrder;
  // sold / 28 x (lead + 14) - have, kept whole by multiplying through by 28.
  const byRate = Math.ceil(
    (row.sold * (row.leadTimeDays + REORDER_COVER_DAYS) - REORDER_SALES_DAYS * have) /
      (REORDER_SALES_DAYS * 1000),
  );
  const byThreshold = Math.ceil((row.threshold + 1 - have) / 1000);
  return Math.max(byRate, byThreshold, 0) * 1000;
}

const daysLeftOf = (row: Row) =>
  row.sold > 0 ? Math.floor((row.stock * REORDER_SALES_DAYS * 10) / row.sold) / 10 : null;

/** Most urgent first: fewest days left, then the unsold ones, then by name. */
const urgency = (a: ReorderItem, b: ReorderItem) =>
  (a.daysLeft ?? Number.POSITIVE_INFINITY) - (b.daysLeft ?? Number.POSITIVE_INFINITY) ||
  a.name.localeCompare(b.name) ||
  a.id - b.id;

function suggestions(db: Db, supplier: number | null, now = new Date()): ReorderSupplier[] {
  const bySupplier = new Map<number, ReorderSupplier>();
  // Row by row, not all at once: a large shop has tens of thousands of candidates, and each
  // row is dropped as soon as its item is made (held together, they set the server's peak memory).
  for (const row of statement(db).iterate({ since: salesWindowStart(now).getTime(), supplier })) {
    const suggestedQuantity = suggestion(row);
    if (suggestedQuantity === 0) continue;
    let entry = bySupplier.get(row.supplierRef);
    if (!entry) {
      entry = {
        id: row.supplierRef,
        supplierId: row.supplierId,
        name: row.supplierName,
        leadTimeDays: row.leadTimeDays,
        items: [],
      };
      bySupplier.set(row.supplierRef, entry);
    }
    entry.items.push({
      id: row.id,
      itemId: row.itemId,
      name: row.name,
      unit: row.unit,
      stock: row.stock,
      soldLast28Days: row.sold,
      daysLeft: daysLeftOf(row),
      suggestedQuantity,
      unitCost: row.unitCost,
    });
  }
  const list = [...bySupplier.values()];
  for (const entry of list) entry.items.sort(urgency);
  return list.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** Every supplier with something to reorder, by name; each one's items most urgent first. */
export function reorderSuggestions(db: Db): { suppliers: ReorderSupplier[] } {
  return { suppliers: suggestions(db, null) };
}

/** A line may order at most the most stock an item holds. */
const LINE_MAX = STOCK_MAX * 1000;

/**
 * A Draft purchase order of the supplier's suggested items at their suggested quantities and
 * purchase prices, made by createPurchaseOrder (numbering, activity). 404 for an unknown
 * supplier, 409 when nothing of theirs needs reordering; past one order's lines, the most urgent.
 */
export function draftFromSuggestions(db: Db, viewer: Viewer, supplierId: string): PoSaved {
  const supplier = supplierByRef(db, supplierId);
  if (!supplier) throw fail.notFound(REORDER_TEXT.supplierNotFound);
  const items = suggestions(db, supplier.id)[0]?.items ?? [];
  if (items.length === 0) throw fail.conflict(REORDER_TEXT.nothingToReorder(supplier.name));
  const saved = createPurchaseOrder(db, viewer, {
    supplierId: supplier.id,
    expectedDate: null,
    notes: REORDER_TEXT.draftNotes,
    lines: items.slice(0, PO_LINES_MAX).map((item) => ({
      itemId: item.id,
      quantity: Math.min(item.suggestedQuantity, LINE_MAX),
      unitCost: item.unitCost,
    })),
  });
  return items.length > PO_LINES_MAX
    ? { ...saved, message: REORDER_TEXT.mostUrgent(saved.message, items.length) }
    : saved;
}
