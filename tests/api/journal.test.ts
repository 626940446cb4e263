import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, JOURNAL_KINDS } from '../../server/db/schema';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { takeOrder } from '../helpers/cakeOrders';
import { atCounter, closeEveryShift } from '../helpers/counter';
import { rest } from '../helpers/rest';

// The journal after a day's work: its chain verifies, a row changed or removed behind the
// app's back is named, the database refuses changes, and the text export can be checked again
// from the file alone (docs/decisions.md, BIR records).

let shop: TestShop;
let admin: Session;
let two: number;

/** One line of the text export: a row exactly as stored and hashed. */
type Line = {
  sequence: number;
  at: string;
  terminalId: number | null;
  kind: string;
  documentNumber: string;
  amount: number;
  document: string;
  previousHash: string;
  hash: string;
};

const GENESIS = '0'.repeat(64);

/** The row's hash recomputed from the export's fields alone (server/domains/journal/chain.ts). */
const hashOfLine = (line: Line) =>
  createHash('sha256')
    .update(line.previousHash)
    .update('\n')
    .update(
      JSON.stringify([
        line.sequence,
        new Date(line.at).getTime(),
        line.terminalId,
        line.kind,
        line.documentNumber,
        line.amount,
        line.document,
      ]),
    )
    .digest('hex');

const verify = async () => (await rest(shop, 'GET', '/api/journal/verify', admin.accessToken)).json();
const client = () => shop.db.$client;
const dropTriggers = () => client().exec('drop trigger journal_no_update; drop trigger journal_no_delete;');
const rowOf = (sequence: number) =>
  client().prepare('select * from journal where sequence = ?').get(sequence) as Record<string, unknown>;

beforeAll(async () => {
  shop = await testApp();
  admin = await atCounter(await shop.signedIn('admin'));
  shop.db
    .insert(inventoryItems)
    .values({ itemId: 'INV-JRN1', name: 'Journal Flour', stock: 100_000, unitPrice: 6_500 })
    .run();
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

const sell = (terminalId: number, quantity = 1) =>
  rest(shop, 'POST', '/api/sales', admin.accessToken, {
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    items: [{ itemId: 'INV-JRN1', quantity }],
    terminalId,
  });

describe("the journal after a day's work", () => {
  let rows = 0;
  let lines: Line[] = [];

  it('verifies with a row for each document: sales on two terminals, a refund, a terminal edit, a pickup, a reprint, the readings', async () => {
    const made = await rest(shop, 'POST', '/api/terminals', admin.accessToken, {
      name: 'Counter 2',
      invoicePrefix: 'J2-',
    });
    expect(made.statusCode).toBe(201);
    two = made.json().terminal._id;
    const sales = [];
    for (const [i, terminalId] of [1, two, 1, two, 1].entries())
      sales.push((await sell(terminalId, i + 1)).json().sale);
    const refunded = await rest(shop, 'POST', `/api/sales/${sales[1]._id}/refund`, admin.accessToken, {
      terminalId: two,
    });
    expect(refunded.statusCode).toBe(200);
    const edited = await rest(shop, 'PUT', `/api/terminals/${two}`, admin.accessToken, {
      name: 'Counter 2 (window)',
      min: '240000000000001',
      serialNumber: 'SN-J2',
      permitNumber: 'FP-2024-J2',
      invoicePrefix: 'J2-',
    });
    expect(edited.statusCode).toBe(200);
    const order = await takeOrder(admin, { price: 150_000 });
    const picked = await admin.api.cakeOrders.pickup({
      id: order.order.id,
      payments: [{ method: 'Cash', amount: 150_000, reference: '' }],
      cashTendered: null,
      terminalId: two,
    });
    expect(picked.sale.invoiceNumber).toBe('J2-000000003');
    const reprinted = await rest(shop, 'POST', `/api/sales/${sales[0]._id}/reprint`, admin.accessToken);
    expect(reprinted.statusCode, reprinted.body).toBe(200);
    // The X reading is the shift's close; then each terminal's Z reading.
    const { shift, reading } = (await rest(shop, 'GET', '/api/shifts/current', admin.accessToken)).json();
    const closed = await rest(shop, 'POST', `/api/shifts/${shift.id}/close`, admin.accessToken, {
      countedCash: reading.expectedCash,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const terminalId of [1, two]) {
      const z = await rest(shop, 'POST', '/api/end-of-day', admin.accessToken, {
        requestKey: `journal-day-${terminalId}`,
        terminalId,
      });
      expect(z.statusCode, z.body).toBe(201);
    }

    // Terminal added, 5 sales, the refund, the edit, the pickup's sale, the reprint, the
    // shift's X reading and the two Z readings.
    rows = 13;
    expect(await verify()).toEqual({ ok: true, rows, firstBadSequence: null });
    const kinds = client()
      .prepare('select kind, count(*) as n from journal group by kind order by kind')
      .all();
    expect(kinds).toEqual([
      { kind: 'refund', n: 1 },
      { kind: 'reprint', n: 1 },
      { kind: 'sale', n: 6 },
      { kind: 'terminal', n: 2 },
      { kind: 'x-reading', n: 1 },
      { kind: 'z-reading', n: 2 },
    ]);
    // Every kind there is.
    expect(kinds.map((k) => (k as { kind: string }).kind).sort()).toEqual([...JOURNAL_KINDS].sort());
    const numbers = client()
      .prepare("select document_number as n from journal where kind = 'sale' order by sequence")
      .all()
      .map((r) => (r as { n: string }).n);
    expect(numbers).toEqual([
      'INV1-000000001',
      'J2-000000001',
      'INV1-000000002',
      'J2-000000002',
      'INV1-000000003',
      'J2-000000003',
    ]);
  });

  it('exports a span as one JSON line a row, each hash recomputable from the file alone', async () => {
    const text = await rest(shop, 'GET', '/api/journal', admin.accessToken);
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body.endsWith('\n')).toBe(true);
    lines = text.body
      .slice(0, -1)
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    expect(lines).toHaveLength(rows);
    let previous = GENESIS;
    for (const [i, line] of lines.entries()) {
      expect(line.sequence).toBe(i + 1);
      expect(line.previousHash).toBe(previous);
      expect(hashOfLine(line)).toBe(line.hash);
      // The document is the JSON text exactly as hashed.
      expect(typeof line.document).toBe('string');
      JSON.parse(line.document);
      previous = line.hash;
    }
    const sale = lines.find((l) => l.kind === 'sale')!;
    expect(JSON.parse(sale.document)).toMatchObject({ invoiceNumber: sale.documentNumber });
    // A span that ends before today holds none of it; today's holds all of it.
    const today = lines[0]!.at.slice(0, 10);
    const todays = await rest(shop, 'GET', `/api/journal?from=${today}&to=${today}`, admin.accessToken);
    // Manila's today may be UTC's tomorrow: the whole day's rows are in one of the two.
    const next = new Date(`${today}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const tomorrow = next.toISOString().slice(0, 10);
    const both = await rest(shop, 'GET', `/api/journal?from=${today}&to=${tomorrow}`, admin.accessToken);
    expect(both.body).toBe(text.body);
    expect(todays.statusCode).toBe(200);
    const before = await rest(shop, 'GET', '/api/journal?from=2020-01-01&to=2020-01-31', admin.accessToken);
    expect([before.statusCode, before.body]).toEqual([200, '']);
  });

  it('refuses UPDATE and DELETE while the triggers are in place', () => {
    expect(() => client().exec('update journal set amount = 1 where sequence = 3')).toThrow(/append-only/);
    expect(() => client().exec("update journal set document = '{}' where sequence = 3")).toThrow(
      /append-only/,
    );
    expect(() => client().exec('delete from journal where sequence = 4')).toThrow(/append-only/);
    expect(() => client().exec('delete from journal')).toThrow(/append-only/);
  });

  it('names the changed row and the missing one once the triggers are dropped by hand', async () => {
    dropTriggers();
    try {
      // The amount of a sale's row.
      const amount = rowOf(4).amount as number;
      client()
        .prepare('update journal set amount = ? where sequence = 4')
        .run(amount + 100);
      expect(await verify()).toEqual({ ok: false, rows, firstBadSequence: 4 });
      client().prepare('update journal set amount = ? where sequence = 4').run(amount);
      expect(await verify()).toEqual({ ok: true, rows, firstBadSequence: null });

      // The document of a later row, an earlier change undone: the later row is named.
      const document = rowOf(7).document as string;
      client()
        .prepare('update journal set document = ? where sequence = 7')
        .run(document.replace('"status":"refunded"', '"status":"completed"'));
      expect(rowOf(7).document).not.toBe(document);
      expect(await verify()).toEqual({ ok: false, rows, firstBadSequence: 7 });
      client().prepare('update journal set document = ? where sequence = 7').run(document);

      // A row changed and its hash recomputed to match: the next row's previous hash names it.
      const line = { ...lines[5]!, amount: lines[5]!.amount + 1 };
      client()
        .prepare('update journal set amount = ?, hash = ? where sequence = 6')
        .run(line.amount, hashOfLine(line));
      const rehashed = await verify();
      expect(rehashed.ok).toBe(false);
      expect(rehashed.firstBadSequence).toBe(7);
      client()
        .prepare('update journal set amount = ?, hash = ? where sequence = 6')
        .run(lines[5]!.amount, lines[5]!.hash);
      expect((await verify()).ok).toBe(true);

      // A middle row removed: the missing sequence is named.
      client().prepare('delete from journal where sequence = 5').run();
      expect(await verify()).toEqual({ ok: false, rows: rows - 1, firstBadSequence: 5 });
    } finally {
      // Put the triggers back so the rest of the file's shop is as the app keeps it.
      client().exec(`
        CREATE TRIGGER IF NOT EXISTS journal_no_update BEFORE UPDATE ON journal BEGIN
          SELECT RAISE(ABORT, 'The journal is append-only: its rows cannot be changed.');
        END;
        CREATE TRIGGER IF NOT EXISTS journal_no_delete BEFORE DELETE ON journal BEGIN
          SELECT RAISE(ABORT, 'The journal is append-only: its rows cannot be deleted.');
        END;`);
    }
  });

  it('lets only admin and owner verify or export it, and refuses bad dates', async () => {
    for (const role of ['staff', 'manager'] as const) {
      const { accessToken } = await shop.signedIn(role);
      for (const url of ['/api/journal/verify', '/api/journal', '/api/journal?from=2026-01-01&to=2026-01-02'])
        expect((await rest(shop, 'GET', url, accessToken)).statusCode, `${role} ${url}`).toBe(403);
    }
    const owner = await shop.signedIn('owner');
    expect((await rest(shop, 'GET', '/api/journal/verify', owner.accessToken)).statusCode).toBe(200);
    expect((await rest(shop, 'GET', '/api/journal', owner.accessToken)).statusCode).toBe(200);
    expect((await rest(shop, 'GET', '/api/journal/verify')).statusCode).toBe(401);
    for (const query of [
      'from=yesterday',
      'to=2026-13-01',
      'from=2026-02-30',
      'from=2026-03-02&to=2026-03-01',
    ]) {
      const bad = await rest(shop, 'GET', `/api/journal?${query}`, admin.accessToken);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message, query).toEqual(expect.any(String));
    }
  });
});
