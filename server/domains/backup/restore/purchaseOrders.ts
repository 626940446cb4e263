import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { fromMilli, toMilli } from '../../../../shared/quantity';
import { calendarDate, MONEY_MAX_CENTAVOS, STOCK_MAX } from '../../../../shared/schemas/fields';
import {
  PO_LINES_MAX,
  PO_NOTES_MAX,
  PO_STATUSES,
  PURCHASING_TEXT,
} from '../../../../shared/texts/purchasing';
import type { Tx } from '../../../db/open';
import { prepared } from '../../../db/prepared';
import { inventoryItems, purchaseOrderLines, purchaseOrders, suppliers } from '../../../db/schema';
import type { Book, SheetRow } from './read';
import {
  cellText,
  changedFields,
  checkedRows,
  idLookup,
  instantCell,
  numberCell,
  orNull,
  pesosCell,
  readRow,
  type Tally,
  tableWriter,
  userLookup,
} from './rows';

// The purchase-orders backup as the restore reads it: orders by poNumber, their lines by
// poNumber and itemId, the supplier and the items already on file.

export const PURCHASE_ORDERS_LAYOUT = {
  'purchase-orders': [
    'poNumber',
    'status',
    'supplierId',
    'expectedDate',
    'notes',
    'createdBy?',
    'createdAt',
    'orderedAt',
    'cancelledAt',
  ],
  lines: ['poNumber', 'itemId', 'quantity', 'received', 'unitCost'],
} as const;

const SHEET = 'purchase-orders';

/** PO-000001, as the shop numbers them (upper-case: the unique index compares exactly). */
const poNumberCell = cellText.pipe(
  z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^PO-\d{6,15}$/, 'must be a PO number like PO-000001')),
);

const businessIdCell = cellText.pipe(z.string().trim().min(1, 'is required').max(40, 'is too long'));

/** Units with at most three decimals, as thousandths; never more than an item's stock can hold. */
const quantityCell = (least: 0 | 1, message: string) =>
  numberCell.pipe(
    z.number().transform((units, ctx) => {
      const milli = toMilli(units);
      if (milli === null || milli < least || milli > STOCK_MAX * 1000) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return milli;
    }),
  );

const orderRow = z.object({
  poNumber: poNumberCell,
  status: cellText.pipe(z.enum(PO_STATUSES, { error: `must be one of ${PO_STATUSES.join(', ')}` })),
  supplierId: businessIdCell,
  expectedDate: orNull(cellText.pipe(calendarDate('Expected date'))),
  notes: cellText.pipe(z.string().trim().max(PO_NOTES_MAX, `must be at most ${PO_NOTES_MAX} characters`)),
  createdBy: orNull(cellText),
  createdAt: instantCell,
  orderedAt: orNull(instantCell),
  cancelledAt: orNull(instantCell),
});

const lineRow = z.object({
  poNumber: poNumberCell,
  itemId: businessIdCell,
  quantity: quantityCell(1, PURCHASING_TEXT.quantity),
  received: quantityCell(0, 'must be 0 or more, with at most three decimals'),
  unitCost: pesosCell.pipe(
    z.number().min(0, PURCHASING_TEXT.unitCost).max(MONEY_MAX_CENTAVOS, 'is too large'),
  ),
});

type Line = z.infer<typeof lineRow> & { row: number; item: number };

/** The orders a sheet's rows name, whether or not the rows can be read otherwise. */
const poNumbersOf = (rows: readonly SheetRow[]) =>
  new Set(
    rows.flatMap((r) => {
      const poNumber = poNumberCell.safeParse(r.cells.poNumber);
      return poNumber.success ? [poNumber.data] : [];
    }),
  );

/**
 * The lines sheet by order, each row checked on its own: its fields, received within the
 * quantity, an item on file, and each item once per order.
 */
function linesByOrder(tx: Tx, rows: readonly SheetRow[], tally: Tally): Map<string, Line[]> {
  const item = idLookup(tx, inventoryItems, inventoryItems.itemId);
  const byOrder = new Map<string, Line[]>();
  for (const row of rows) {
    const read = readRow(lineRow, row);
    const refuse = (reason: string) => tally.reject(row.row, reason, 'lines');
    if ('reason' in read) {
      refuse(read.reason);
      continue;
    }
    const line = read.value;
    if (line.received > line.quantity) {
      refuse(
        `received: ${fromMilli(line.received)} is more than the quantity ordered (${fromMilli(line.quantity)}).`,
      );
      continue;
    }
    if (line.quantity * line.unitCost > MONEY_MAX_CENTAVOS * 1000) {
      refuse(PURCHASING_TEXT.lineTooLarge(line.itemId));
      continue;
    }
    const id = item(line.itemId);
    if (id === undefined) {
      refuse(`itemId: ${line.itemId} is not on file; restore the inventory backup first.`);
      continue;
    }
    const its = byOrder.get(line.poNumber) ?? [];
    const twin = its.find((l) => l.item === id);
    if (twin) {
      refuse(`itemId ${line.itemId} is also on row ${twin.row} for ${line.poNumber}.`);
      continue;
    }
    its.push({ ...line, row: row.row, item: id });
    byOrder.set(line.poNumber, its);
  }
  return byOrder;
}

/** Why an order's lines cannot be what it holds, or null. */
function linesProblem(order: z.infer<typeof orderRow>, lines: Line[]): string | null {
  if (lines.length === 0) return `${order.poNumber}: no lines in the lines sheet.`;
  if (lines.length > PO_LINES_MAX) return `${order.poNumber}: ${PURCHASING_TEXT.linesMax}`;
  // A Draft was never sent and a cancelled order was cancelled before anything arrived.
  if ((order.status === 'Draft' || order.status === 'Cancelled') && lines.some((l) => l.received > 0))
    return `${order.poNumber}: a ${order.status} purchase order has received nothing, but its lines say otherwise.`;
  return null;
}

const ORDER_FIELDS = [
  'poNumber',
  'status',
  'supplierId',
  'expectedDate',
  'notes',
  'createdBy',
  'createdAt',
  'orderedAt',
  'cancelledAt',
] as const;

/**
 * Purchase orders by poNumber, with their lines: a missing one is added, one on file is set
 * to the file's values, its lines to the file's lines. Stock is the inventory backup's to
 * restore, so none moves here; and a delivery on file is never taken back (a line may not
 * receive less than it has, nor go while it holds a receipt).
 */
export function restorePurchaseOrders(tx: Tx, book: Book, tally: Tally): void {
  const lines = linesByOrder(tx, book.lines ?? [], tally);
  const supplier = idLookup(tx, suppliers, suppliers.supplierId);
  const user = userLookup(tx);
  const orders = tableWriter<typeof purchaseOrders.$inferSelect>(
    tx,
    'purchase-orders',
    purchaseOrders,
    purchaseOrders.poNumber,
    ORDER_FIELDS,
    'exact',
  );
  const lineRows = tableWriter(tx, 'purchase-order-lines', purchaseOrderLines, purchaseOrderLines.id, [
    'purchaseOrderId',
    'itemId',
    'quantity',
    'received',
    'unitCost',
  ]);
  const linesOnFile = prepared(tx, 'restore.purchase-order-lines.of', () =>
    tx
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchaseOrderId, sql.placeholder('order')))
      .prepare(),
  );
  // Every order the sheet names, read or refused: its lines are then that row's to answer for.
  const inFile = poNumbersOf(book[SHEET] ?? []);
  const linesNamed = poNumbersOf(book.lines ?? []);
  for (const { row, value: order } of checkedRows(book[SHEET] ?? [], orderRow, 'poNumber', tally)) {
    const supplierId = supplier(order.supplierId);
    if (supplierId === undefined) {
      tally.reject(row, `supplierId: ${order.supplierId} is not on file; restore the supplier backup first.`);
      continue;
    }
    const its = lines.get(order.poNumber) ?? [];
    // Lines all refused already say what is wrong; the order has nothing more to add.
    if (its.length === 0 && linesNamed.has(order.poNumber)) continue;
    const problem = linesProblem(order, its);
    if (problem) {
      tally.reject(row, problem);
      continue;
    }
    // Who drafted it is history: an account no longer here leaves it blank, as a deletion does.
    const wanted = { ...order, supplierId, createdBy: user(order.createdBy) };
    const wantedLines = its.map((l) => ({
      itemId: l.item,
      quantity: l.quantity,
      received: l.received,
      unitCost: l.unitCost,
    }));
    const existing = orders.find(order.poNumber);
    if (!existing) {
      const purchaseOrderId = orders.insert(wanted);
      for (const line of wantedLines) lineRows.insert({ ...line, purchaseOrderId });
      tally.added++;
      continue;
    }
    const onFile = linesOnFile.all({ order: existing.id });
    const taken = onFile.find(
      (l) => l.received > (wantedLines.find((w) => w.itemId === l.itemId)?.received ?? 0),
    );
    if (taken) {
      const code = tx
        .select({ itemId: inventoryItems.itemId })
        .from(inventoryItems)
        .where(eq(inventoryItems.id, taken.itemId))
        .get()?.itemId;
      tally.reject(
        row,
        `${order.poNumber}: ${code} has ${fromMilli(taken.received)} received on file, more than the file says; a restore never takes back a delivery.`,
      );
      continue;
    }
    const sameLines =
      onFile.length === wantedLines.length &&
      wantedLines.every((w) => {
        const line = onFile.find((l) => l.itemId === w.itemId);
        return line !== undefined && changedFields(line, w).length === 0;
      });
    if (sameLines && changedFields(existing, wanted).length === 0) {
      tally.unchanged++;
      continue;
    }
    orders.update(existing.id, wanted);
    // Lines kept keep their ids (a delivery may point at them); the others come and go.
    for (const line of onFile)
      if (!wantedLines.some((w) => w.itemId === line.itemId))
        tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.id, line.id)).run();
    for (const w of wantedLines) {
      const line = onFile.find((l) => l.itemId === w.itemId);
      if (!line) lineRows.insert({ ...w, purchaseOrderId: existing.id });
      else if (changedFields(line, w).length > 0)
        tx.update(purchaseOrderLines).set(w).where(eq(purchaseOrderLines.id, line.id)).run();
    }
    tally.updated++;
  }
  for (const [poNumber, its] of lines) {
    if (inFile.has(poNumber)) continue;
    for (const line of its)
      tally.reject(line.row, `poNumber ${poNumber} is not in the purchase-orders sheet.`, 'lines');
  }
}
