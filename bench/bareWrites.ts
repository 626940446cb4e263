// The bare baseline's writes (bench/bare.ts), by hand on plain better-sqlite3: what the
// app's checkout and refund transactions write, without auth, validation or an ORM. Each
// function is the body of one transaction; the caller wraps it (bare.ts, floor.ts).
import type Database from 'better-sqlite3';
import { type DiscountType, lineDiscount, saleTotals } from '../shared/totals';

export interface Body {
  saleId: string;
  customerName: string;
  orderType: string;
  items: { itemId: number; kind?: 'item' | 'cake'; quantity: number }[];
  taxRate: number;
  paymentMethod?: string;
  discount?: { type: DiscountType; name: string; idNumber: string } | null;
  payments?: { method: string; amount: number; reference?: string }[];
}

type Product = {
  id: number;
  code: string;
  name: string;
  price: number;
  purchasePrice: number;
  stock: number;
  scPwdEligible: number;
  category: string | null;
};

export function bareWrites(sqlite: Database.Database) {
  const userId = sqlite.prepare('select min(id) from users').pluck().get() as number;

  const product = {
    item: sqlite.prepare(
      `select i.id, i.item_id as code, i.name, i.unit_price as price, i.purchase_price as purchasePrice, i.stock,
         i.sc_pwd_eligible as scPwdEligible, c.name as category
       from inventory_items i left join categories c on c.id = i.category_id where i.id = ?`,
    ),
    cake: sqlite.prepare(
      `select k.id, k.cake_id as code, k.name, k.price, 0 as purchasePrice, k.stock, k.sc_pwd_eligible as scPwdEligible,
         c.name as category from cakes k left join categories c on c.id = k.category_id where k.id = ?`,
    ),
  };
  const earlier = sqlite.prepare('select id from sales where sale_id = ?');
  const shift = sqlite.prepare('select id from shifts where cashier_id = ? and closed_at is null');
  const insertSale = sqlite.prepare(
    `insert into sales (sale_id, customer_name, order_type, subtotal, discount_amount, vat_exempt_amount, discount_type,
       discount_name, discount_id_number, tax_rate, tax_amount, total_amount, payment_method, lines_key, sold_by,
       sold_at, shift_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  const insertLine = sqlite.prepare(
    `insert into sale_lines (sale_id, kind, item_id, cake_id, code, name, price, purchase_price, quantity, line_total,
       category, discount) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPayment = sqlite.prepare(
    'insert into sale_payments (sale_id, method, amount, reference) values (?, ?, ?, ?)',
  );
  const take = {
    item: sqlite.prepare(
      'update inventory_items set stock = stock + ? where id = ? and stock + ? >= 0 returning stock',
    ),
    cake: sqlite.prepare(
      'update cakes set stock = stock + ? where id = ? and stock + ? >= 0 returning stock',
    ),
  };
  const ledger = sqlite.prepare(
    `insert into stock_movements (item_id, cake_id, record, reason, change, stock_before, stock_after, reference, user_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const activity = sqlite.prepare(
    "insert into activity_logs (user_id, action, module, description) values (?, ?, 'Sales Management', ?)",
  );
  const notification = sqlite.prepare("insert into notifications (type, message) values ('info', ?)");

  function move(
    kind: 'item' | 'cake',
    id: number,
    code: string,
    change: number,
    reason: string,
    ref: string,
  ) {
    const after = take[kind].get(change, id, change) as { stock: number } | undefined;
    if (!after) throw new Error(`Not enough stock of ${code}.`);
    ledger.run(
      kind === 'item' ? id : null,
      kind === 'cake' ? id : null,
      code,
      reason,
      change,
      after.stock - change,
      after.stock,
      ref,
      userId,
    );
  }

  function sale(b: Body) {
    if (earlier.get(b.saleId)) return { saleId: b.saleId, repeated: true };
    const lines = b.items.map((l) => {
      const kind = l.kind ?? 'item';
      return { kind, ...(product[kind].get(l.itemId) as Product), quantity: l.quantity };
    });
    const discount = b.discount?.type ?? null;
    const totals = saleTotals(
      lines.map((l) => ({ ...l, scPwdEligible: l.scPwdEligible === 1 })),
      b.taxRate,
      discount,
    );
    const payments = b.payments
      ? b.payments.map((p) => ({ ...p, amount: Math.round(p.amount * 100) }))
      : [{ method: b.paymentMethod as string, amount: totals.totalAmount, reference: undefined }];
    const key = lines
      .map((l) => `${l.kind}:${l.id}x${l.quantity}`)
      .sort()
      .join(',');
    const { id } = insertSale.get(
      b.saleId,
      b.customerName,
      b.orderType,
      totals.subtotal,
      totals.discountAmount,
      totals.vatExemptAmount,
      discount,
      b.discount?.name ?? null,
      b.discount?.idNumber ?? null,
      b.taxRate,
      totals.taxAmount,
      totals.totalAmount,
      payments.map((p) => p.method).join(' + '),
      key,
      userId,
      Date.now(),
      (shift.get(userId) as { id: number } | undefined)?.id ?? null,
    ) as { id: number };
    for (const l of lines) {
      const off = lineDiscount({ ...l, scPwdEligible: l.scPwdEligible === 1 }, discount);
      insertLine.run(
        id,
        l.kind,
        l.kind === 'item' ? l.id : null,
        l.kind === 'cake' ? l.id : null,
        l.code,
        l.name,
        l.price,
        l.purchasePrice,
        l.quantity,
        l.price * l.quantity - off,
        l.category,
        off,
      );
    }
    for (const p of payments) insertPayment.run(id, p.method, p.amount, p.reference ?? null);
    for (const l of lines) move(l.kind, l.id, l.code, -l.quantity, 'sale', b.saleId);
    activity.run(userId, 'Create Sale', `Sold ${b.saleId} to ${b.customerName}`);
    return { saleId: b.saleId, totalAmount: totals.totalAmount / 100 };
  }

  const saleOf = sqlite.prepare(
    'select id, sale_id as saleId, status, total_amount as total from sales where id = ?',
  );
  const linesOf = sqlite.prepare(
    'select kind, item_id, cake_id, code, quantity from sale_lines where sale_id = ?',
  );
  const markRefunded = sqlite.prepare(
    "update sales set status = 'refunded', refunded_at = ?, refunded_by = ?, refund_shift_id = ? where id = ?",
  );
  function refund(id: number) {
    const sale = saleOf.get(id) as { id: number; saleId: string; status: string; total: number } | undefined;
    if (!sale || sale.status === 'refunded') throw new Error('Not refundable');
    const lines = linesOf.all(id) as {
      kind: 'item' | 'cake';
      item_id: number | null;
      cake_id: number | null;
      code: string;
      quantity: number;
    }[];
    markRefunded.run(Date.now(), userId, (shift.get(userId) as { id: number } | undefined)?.id ?? null, id);
    for (const l of lines)
      move(l.kind, (l.item_id ?? l.cake_id) as number, l.code, l.quantity, 'refund', sale.saleId);
    activity.run(userId, 'Refund Sale', `Refunded ${sale.saleId}`);
    notification.run(`Sale ${sale.saleId} was refunded.`);
    return { saleId: sale.saleId, status: 'refunded' };
  }
  return { sale, refund };
}
