// The bare baseline's offline sale (bench/drain.ts): what server/domains/sales/offline.ts
// writes, by hand on plain better-sqlite3, with the checkout's statements (bench/bareWrites.ts):
// the number from the device's block (checked to lie in one and be unused), the sale at its
// own time, cashier and shift, the prices charged with the catalogue's where they differ, a
// `shortfall` lot and ledger row for stock the books no longer held, the managers' notice and
// the journal row. Items only (the drain sells no cakes). No auth, no validation, no ORM.
import type Database from 'better-sqlite3';
import { costOf, QUANTITY_SCALE } from '../shared/quantity';
import { saleTotals } from '../shared/totals';
import type { BareParts } from './bareWrites';

export interface OfflineBody {
  saleId: string;
  orderType: string;
  /** Pesos, as the REST route takes them. */
  items: { itemId: number; quantity: number; price: number }[];
  taxRate: number;
  paymentMethod: string;
  reference?: string;
  subtotal: number;
  taxAmount: number;
  totalAmount: number;
  soldAt: string;
  terminalId: number;
  invoiceSeq: number;
  cashierId: number;
  shiftId: number | null;
}

type Item = {
  id: number;
  code: string;
  name: string;
  price: number;
  purchasePrice: number;
  category: string | null;
};

export function bareOffline(sqlite: Database.Database, p: BareParts) {
  const earlier = sqlite.prepare('select id from sales where sale_id = ?').pluck();
  const block = sqlite
    .prepare('select id from invoice_blocks where terminal_id = ? and first <= ? and last >= ?')
    .pluck();
  const used = sqlite.prepare('select id from sales where terminal_id = ? and invoice_seq = ?').pluck();
  const grandTotal = sqlite.prepare(
    'update terminals set grand_total = grand_total + ? where id = ? returning invoice_prefix as prefix',
  );
  const insertSale = sqlite.prepare(
    `insert into sales (sale_id, customer_name, order_type, subtotal, discount_amount, vat_exempt_amount, tax_rate,
       tax_amount, total_amount, payment_method, payment_reference, lines_key, sold_by, sold_at, shift_id, terminal_id,
       invoice_seq, invoice_number, sold_offline, received_at)
     values (?, 'Unregistered', ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) returning id`,
  );
  const catalogPrice = sqlite.prepare('update sale_lines set catalog_price = ? where id = ?');
  const shortfallLot = sqlite.prepare(
    `insert into stock_lots (item_id, lot_code, source, quantity, remaining, unit_cost, expiration_date, received_by)
     values (?, '', 'adjustment', ?, ?, ?, null, ?) returning id`,
  );
  const nameLot = sqlite.prepare("update stock_lots set lot_code = printf('LOT-%06d', id) where id = ?");
  const notice = sqlite.prepare(
    "insert into notifications (type, message, audience) values ('warning', ?, 'salesOversee')",
  );
  const cents = (pesos: number) => Math.round(pesos * 100);

  return function offline(b: OfflineBody) {
    if (earlier.get(b.saleId)) return { saleId: b.saleId, repeated: true };
    if (!block.get(b.terminalId, b.invoiceSeq, b.invoiceSeq)) throw new Error('Not reserved');
    if (used.get(b.terminalId, b.invoiceSeq)) throw new Error('Number used');
    const lines = b.items.map((l) => ({
      ...(p.item.get(l.itemId) as Item & { stock: number }),
      quantity: l.quantity,
      charged: cents(l.price),
    }));
    const totals = saleTotals(
      lines.map((l) => ({ price: l.charged, quantity: l.quantity })),
      b.taxRate,
    );
    if (totals.totalAmount !== cents(b.totalAmount) || totals.subtotal !== cents(b.subtotal))
      throw new Error('Totals differ');
    const { prefix } = grandTotal.get(totals.totalAmount, b.terminalId) as { prefix: string };
    const invoiceNumber = `${prefix}${String(b.invoiceSeq).padStart(9, '0')}`;
    const key = lines
      .map((l) => `item:${l.id}x${l.quantity}`)
      .sort()
      .join(',');
    const { id } = insertSale.get(
      b.saleId,
      b.orderType,
      totals.subtotal,
      totals.vatExemptAmount,
      b.taxRate,
      totals.taxAmount,
      totals.totalAmount,
      b.paymentMethod,
      b.reference ?? null,
      key,
      b.cashierId,
      Date.parse(b.soldAt),
      b.shiftId,
      b.terminalId,
      b.invoiceSeq,
      invoiceNumber,
      Date.now(),
    ) as { id: number };
    const short: string[] = [];
    const sold: unknown[] = [];
    for (const l of lines) {
      const before = p.stockOf.get(l.id) as number;
      const missing = l.quantity * QUANTITY_SCALE - before;
      if (missing > 0) {
        const lot = shortfallLot.get(l.id, missing, missing, l.purchasePrice, p.userId) as { id: number };
        nameLot.run(lot.id);
        p.settleItem(l.id, l.code, before, 'shortfall', b.saleId);
        short.push(`${missing / QUANTITY_SCALE} of ${l.name} (${l.code})`);
      }
      const takes = p.takeItem(l.id, l.code, l.quantity, b.saleId);
      const cost = takes.reduce((sum, t) => sum + costOf(t.quantity, t.unitCost), 0);
      const line = p.insertLine.get(
        id,
        'item',
        l.id,
        null,
        l.code,
        l.name,
        l.charged,
        l.purchasePrice,
        l.quantity,
        l.charged * l.quantity,
        l.category,
        0,
        cost,
      ) as { id: number };
      if (l.charged !== l.price) catalogPrice.run(l.price, line.id);
      for (const t of takes) p.insertLineLot.run(line.id, t.lotId, t.quantity, t.unitCost);
      sold.push({ ...l, lineId: line.id, cost });
    }
    p.insertPayment.run(id, b.paymentMethod, totals.totalAmount, b.reference ?? null);
    p.activity.run(p.userId, 'Create Sale', `Sold ${b.saleId}, made offline at ${b.soldAt}`);
    if (short.length > 0)
      notice.run(`Offline sale ${b.saleId} sold more than the books held: ${short.join(', ')}.`);
    p.journalRow(b.terminalId, 'sale', invoiceNumber, totals.totalAmount, {
      id,
      saleId: b.saleId,
      invoiceNumber,
      ...totals,
      lines: sold,
    });
    return { saleId: b.saleId, invoiceNumber, totalAmount: totals.totalAmount / 100 };
  };
}
