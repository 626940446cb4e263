import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { checkout } from '../../server/domains/sales/service';
import { listTerminals } from '../../server/domains/terminals/service';
import { checkoutInput } from '../../shared/schemas/sales';
import { invoiceNumber, refundNumber, TERMINAL_TEXT } from '../../shared/texts/bir';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { backupFile, restoreFile } from '../helpers/backupFiles';
import { closeEveryShift } from '../helpers/counter';
import { rest } from '../helpers/rest';

// Invoice and refund numbers under load: each terminal's series is 1..n with no gap, in the
// order the sales were written, whatever arrives together or is refused on the way
// (docs/decisions.md, BIR records).

let shop: TestShop;
let admin: Session;
let two: number;

type Numbered = {
  id: number;
  terminalId: number;
  invoiceSeq: number | null;
  invoiceNumber: string | null;
  refundTerminalId: number | null;
  refundSeq: number | null;
  refundNumber: string | null;
  totalAmount: number;
};

/** The sales as the database holds them, in the order they were written. */
const numbered = () =>
  shop.db.$client
    .prepare(
      `select id, terminal_id as terminalId, invoice_seq as invoiceSeq, invoice_number as invoiceNumber,
         refund_terminal_id as refundTerminalId, refund_seq as refundSeq, refund_number as refundNumber,
         total_amount as totalAmount from sales order by id`,
    )
    .all() as Numbered[];

const terminalRow = (id: number) =>
  shop.db.$client
    .prepare(
      `select invoice_prefix as prefix, last_invoice as lastInvoice, last_refund as lastRefund,
         grand_total as grandTotal from terminals where id = ?`,
    )
    .get(id) as { prefix: string; lastInvoice: number; lastRefund: number; grandTotal: number };

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Each terminal's invoices: 1..n in the order of the sales' ids, spelled with its prefix, its counter at n. */
function expectGapless() {
  const sales = numbered();
  for (const id of new Set(sales.map((s) => s.terminalId))) {
    const mine = sales.filter((s) => s.terminalId === id);
    const t = terminalRow(id);
    expect(
      mine.map((s) => s.invoiceSeq),
      `terminal ${id}`,
    ).toEqual(oneTo(mine.length));
    expect(mine.map((s) => s.invoiceNumber)).toEqual(
      oneTo(mine.length).map((n) => invoiceNumber(t.prefix, n)),
    );
    expect(t.lastInvoice).toBe(mine.length);
    expect(t.grandTotal).toBe(mine.reduce((sum, s) => sum + s.totalAmount, 0));
    const refunds = sales
      .filter((s) => s.refundTerminalId === id)
      .sort((a, b) => (a.refundSeq ?? 0) - (b.refundSeq ?? 0));
    expect(refunds.map((s) => s.refundSeq)).toEqual(oneTo(refunds.length));
    expect(refunds.map((s) => s.refundNumber)).toEqual(
      oneTo(refunds.length).map((n) => refundNumber(t.prefix, n)),
    );
    expect(t.lastRefund).toBe(refunds.length);
  }
  return sales;
}

const ITEMS = [
  { itemId: 'INV-NUM1', name: 'Numbered Flour', stock: 1_000_000, unitPrice: 5_000 },
  { itemId: 'INV-NUM2', name: 'Numbered Sugar', stock: 1_000_000, unitPrice: 7_350 },
  { itemId: 'INV-NUM3', name: 'Scarce Vanilla', stock: 1_000, unitPrice: 12_000 },
];

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.signedIn('admin');
  shop.db.insert(inventoryItems).values(ITEMS).run();
  const made = await rest(shop, 'POST', '/api/terminals', admin.accessToken, {
    name: 'Counter 2',
    invoicePrefix: 'C2-',
  });
  expect(made.statusCode).toBe(201);
  two = made.json().terminal._id;
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

const body = (terminalId: number, items: { itemId: string; quantity: number }[], extra = {}) => ({
  orderType: 'Walk-in',
  paymentMethod: 'Cash',
  items,
  terminalId,
  ...extra,
});

describe('invoice numbers under load', () => {
  it('numbers 50 concurrent checkouts on two terminals 1..n each; the refused ones among them take none', async () => {
    const grandBefore = terminalRow(1).grandTotal;
    expect(grandBefore).toBe(0);
    const terminalOf = (i: number) => (Math.floor(i / 2) % 2 === 0 ? 1 : two);
    const calls = Array.from({ length: 62 }, (_, i) => {
      const terminalId = terminalOf(i);
      // Every tenth: a short stock line (refused inside the sale's transaction, after its
      // number was taken) or a bad TIN (refused before it).
      if (i % 10 === 3)
        return rest(
          shop,
          'POST',
          '/api/sales',
          admin.accessToken,
          body(terminalId, [
            { itemId: 'INV-NUM1', quantity: 1 },
            { itemId: 'INV-NUM3', quantity: 50 },
          ]),
        );
      if (i % 10 === 7)
        return rest(
          shop,
          'POST',
          '/api/sales',
          admin.accessToken,
          body(terminalId, [{ itemId: 'INV-NUM2', quantity: 1 }], {
            buyer: { name: 'Juan', address: 'Pasig', tin: 'not a tin' },
          }),
        );
      return rest(
        shop,
        'POST',
        '/api/sales',
        admin.accessToken,
        body(terminalId, [{ itemId: i % 3 === 0 ? 'INV-NUM2' : 'INV-NUM1', quantity: 1 + (i % 4) }]),
      );
    });
    const answers = await Promise.all(calls);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(50);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    expect(codes.filter((c) => c === 400)).toHaveLength(6);
    const sales = expectGapless();
    expect(sales).toHaveLength(50);
    const madeAt = (id: number) => codes.filter((c, i) => c === 201 && terminalOf(i) === id).length;
    expect(sales.filter((s) => s.terminalId === 1)).toHaveLength(madeAt(1));
    expect(sales.filter((s) => s.terminalId === two)).toHaveLength(madeAt(two));
    expect(madeAt(1) + madeAt(two)).toBe(50);
    expect(Math.min(madeAt(1), madeAt(two))).toBeGreaterThan(20);
    // Each answer carries the number the database holds for it.
    for (const a of answers.filter((a) => a.statusCode === 201)) {
      const sale = a.json().sale;
      const row = sales.find((s) => s.id === sale._id)!;
      expect([sale.invoiceNumber, sale.terminalId]).toEqual([row.invoiceNumber, row.terminalId]);
    }
  });

  it('numbers concurrent refunds on each terminal’s own refund series', async () => {
    const sales = numbered().filter((s) => s.refundSeq === null);
    const picked = sales.filter((_, i) => i % 4 === 0);
    const answers = await Promise.all(
      picked.map((s, i) =>
        rest(shop, 'POST', `/api/sales/${s.id}/refund`, admin.accessToken, { terminalId: i % 2 ? two : 1 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(picked.map(() => 200));
    const [refundOnOne, refundOnTwo] = [1, two].map((id) =>
      picked.filter((_, i) => (i % 2 ? two : 1) === id),
    );
    expect(refundOnOne!.length).toBeGreaterThan(0);
    expect(refundOnTwo!.length).toBeGreaterThan(0);
    const after = expectGapless();
    for (const [i, a] of answers.entries()) {
      const row = after.find((s) => s.id === picked[i]!.id)!;
      expect(a.json().refundNumber).toBe(row.refundNumber);
      expect(row.refundTerminalId).toBe(i % 2 ? two : 1);
    }
    // A refund never lowers the grand total: each terminal's is still the sum of all its sales.
    expect(terminalRow(1).grandTotal).toBe(
      after.filter((s) => s.terminalId === 1).reduce((sum, s) => sum + s.totalAmount, 0),
    );
  });

  it('numbers the sales of one group commit in order, a sale rolled back inside it leaving no gap', async () => {
    const viewer = shop.adminViewer();
    const sale = (code: string, quantity: number, terminalId: number) =>
      checkoutInput.parse({
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        lines: [{ kind: 'item', code, quantity }],
        terminalId,
      });
    const before = numbered().length;
    const lastBefore = terminalRow(two).lastInvoice;
    // Count the outer transactions: the group commit opens one for all the writes of a batch.
    const transaction = shop.db.transaction.bind(shop.db);
    let commits = 0;
    shop.db.transaction = ((...args: Parameters<typeof transaction>) => {
      commits++;
      return transaction(...args);
    }) as typeof transaction;
    try {
      const writes = [
        checkout(shop.db, viewer, sale('INV-NUM1', 1, two)),
        checkout(shop.db, viewer, sale('INV-NUM2', 2, 1)),
        // Short stock: it takes terminal 2's next number, then rolls back in its savepoint.
        checkout(shop.db, viewer, sale('INV-NUM3', 500, two)),
        checkout(shop.db, viewer, sale('INV-NUM1', 3, two)),
        checkout(shop.db, viewer, sale('INV-NUM2', 1, two)),
      ];
      const results = await Promise.allSettled(writes);
      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      expect(commits).toBe(1);
      const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.sale] : []));
      expect(made.filter((s) => s.terminalId === two).map((s) => s.invoiceSeq)).toEqual([
        lastBefore + 1,
        lastBefore + 2,
        lastBefore + 3,
      ]);
    } finally {
      shop.db.transaction = transaction;
    }
    expect(numbered()).toHaveLength(before + 4);
    expectGapless();
  });

  it('gives back the number of a sale refused after taking it: the next sale gets it', async () => {
    const last = terminalRow(1).lastInvoice;
    const refused = await rest(
      shop,
      'POST',
      '/api/sales',
      admin.accessToken,
      body(1, [{ itemId: 'INV-NUM3', quantity: 500 }]),
    );
    expect(refused.statusCode).toBe(409);
    expect(terminalRow(1).lastInvoice).toBe(last);
    const next = await rest(
      shop,
      'POST',
      '/api/sales',
      admin.accessToken,
      body(1, [{ itemId: 'INV-NUM1', quantity: 1 }]),
    );
    expect(next.json().sale.invoiceNumber).toBe(invoiceNumber(terminalRow(1).prefix, last + 1));
    expectGapless();
  });

  it('refuses a prefix whose invoice numbers would read as another terminal’s refund numbers', async () => {
    // Terminal 1 (INV1-) numbers its refunds INV1-R000000001…: a terminal prefixed INV1-R
    // would number its first invoice INV1-R000000001 too.
    const clash = async (name: string, invoicePrefix: string) =>
      rest(shop, 'POST', '/api/terminals', admin.accessToken, { name, invoicePrefix });
    const shadow = await clash('Counter R', 'INV1-R');
    expect(shadow.statusCode).toBe(409);
    expect(shadow.json().message).toBe(TERMINAL_TEXT.prefixClash('INV1-R', 'INV1-'));
    // And the other way round: a prefix whose refunds would read as a terminal's invoices.
    expect((await clash('Counter Z', 'ZR')).statusCode).toBe(201);
    const under = await clash('Counter Z2', 'Z');
    expect(under.statusCode).toBe(409);
    expect(under.json().message).toBe(TERMINAL_TEXT.prefixClash('Z', 'ZR'));
    expect(listTerminals(shop.db).map((t) => t.invoicePrefix)).toEqual(['INV1-', 'C2-', 'ZR']);
  });

  it('numbers on after sales restored with their numbers onto another shop', async () => {
    const file = await backupFile(shop, 'sales', admin.accessToken);
    const other = await testApp();
    try {
      other.db.insert(inventoryItems).values(ITEMS).run();
      const owner = await other.signedIn('owner');
      // Its second terminal, as the sales' terminal 2.
      const added = await rest(other, 'POST', '/api/terminals', owner.accessToken, {
        name: 'Counter 2',
        invoicePrefix: 'C2-',
      });
      expect(added.json().terminal._id).toBe(two);
      const restored = await restoreFile(other, 'sales', file, owner.accessToken);
      expect(restored.json()).toMatchObject({ rejected: [], applied: true });
      // The restored sales of terminal 1 hold INV1-000000001 to INV1-<n>: the next is n + 1.
      const held = other.db.$client
        .prepare('select max(invoice_seq) as n from sales where terminal_id = 1')
        .get() as { n: number };
      expect(held.n).toBe(terminalRow(1).lastInvoice);
      const next = await rest(other, 'POST', '/api/sales', owner.accessToken, {
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        items: [{ itemId: 'INV-NUM1', quantity: 1 }],
      });
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json().sale.invoiceNumber).toBe(invoiceNumber('INV1-', held.n + 1));
      const refunded = await rest(
        other,
        'POST',
        `/api/sales/${next.json().sale._id}/refund`,
        owner.accessToken,
      );
      const refunds = other.db.$client
        .prepare('select max(refund_seq) as n from sales where refund_terminal_id = 1')
        .get() as { n: number };
      expect(refunds.n).toBe(terminalRow(1).lastRefund + 1);
      expect(refunded.json().refundNumber).toBe(refundNumber('INV1-', refunds.n));
      const atTwo = await rest(other, 'POST', '/api/sales', owner.accessToken, {
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        items: [{ itemId: 'INV-NUM1', quantity: 1 }],
        terminalId: two,
      });
      expect(atTwo.statusCode, atTwo.body).toBe(201);
      expect(atTwo.json().sale.invoiceNumber).toBe(invoiceNumber('C2-', terminalRow(two).lastInvoice + 1));
    } finally {
      await other.close();
    }
  });
});
