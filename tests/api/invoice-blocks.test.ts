import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { invoiceNumber, TERMINAL_TEXT } from '../../shared/texts/bir';
import { BLOCK_SIZE_MAX, OFFLINE_TEXT } from '../../shared/texts/offline';
import { SALES_TEXT } from '../../shared/texts/sales';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { closeEveryShift } from '../helpers/counter';
import { changedTables, digestOf } from '../helpers/fuzzInputs';
import { rest } from '../helpers/rest';

// Blocks of a terminal's invoice numbers set aside for a device (docs/decisions.md, Selling
// offline): no number is in two blocks or in a block and an ordinary sale, and a terminal
// whose blocks are used up has its series 1..n with no gap and no number twice.

let shop: TestShop;
let admin: Session;
let manager: Session;
let staff: Session;
let two: number;

const ITEM = { itemId: 'INV-BLK1', name: 'Block Flour', stock: 10_000_000, unitPrice: 5_000 };

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  manager = await shop.signedIn('manager');
  staff = await shop.signedIn('staff');
  shop.db.insert(inventoryItems).values(ITEM).run();
  const made = await rest(shop, 'POST', '/api/terminals', admin.accessToken, {
    name: 'Counter 2',
    invoicePrefix: 'B2-',
  });
  two = made.json().terminal._id;
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

const reserve = (terminalId: number | string, body?: unknown, token = manager.accessToken) =>
  rest(shop, 'POST', `/api/terminals/${terminalId}/invoice-blocks`, token, body);
/** An ordinary checkout the server numbers (no invoiceSeq), or one the device numbered. */
const checkout = (terminalId: number, extra: Record<string, unknown> = {}) =>
  rest(shop, 'POST', '/api/sales', manager.accessToken, {
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    items: [{ itemId: ITEM.itemId, quantity: 1 }],
    terminalId,
    ...extra,
  });
let saleNo = 0;
/** A one-line offline sale numbered `invoiceSeq` at `terminalId`, made by the manager. */
const offline = (terminalId: number, invoiceSeq: number, quantity = 1) =>
  rest(shop, 'POST', '/api/sales/offline', manager.accessToken, {
    saleId: `SALE-BLK${String(++saleNo).padStart(5, '0')}`,
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    items: [{ itemId: ITEM.itemId, quantity, price: 50 }],
    subtotal: 50 * quantity,
    taxAmount: 0,
    totalAmount: 50 * quantity,
    soldAt: new Date().toISOString(),
    terminalId,
    invoiceSeq,
    cashierId: manager.user.id,
  });

const terminalRow = (id: number) =>
  shop.db.$client
    .prepare('select last_invoice as lastInvoice, grand_total as grandTotal from terminals where id = ?')
    .get(id) as { lastInvoice: number; grandTotal: number };
const blocksOf = (id: number) =>
  shop.db.$client
    .prepare(
      'select first, last, reserved_by as reservedBy from invoice_blocks where terminal_id = ? order by first',
    )
    .all(id) as { first: number; last: number; reservedBy: number | null }[];
const salesOf = (id: number) =>
  shop.db.$client
    .prepare(
      `select invoice_seq as seq, invoice_number as number, total_amount as total, sale_id as saleId
       from sales where terminal_id = ? order by invoice_seq`,
    )
    .all(id) as { seq: number; number: string; total: number; saleId: string }[];
const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);
const digest = () => digestOf(shop.db.$client, new Set(['throttle_hits']));

describe('reserving a block', () => {
  it('sets aside the terminal’s next 50 numbers by default, and the server numbers on past them', async () => {
    const res = await reserve(1);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: OFFLINE_TEXT.reserved('INV1-000000001', 'INV1-000000050'),
      block: { id: expect.any(Number), terminalId: 1, prefix: 'INV1-', first: 1, last: 50 },
    });
    expect(terminalRow(1).lastInvoice).toBe(50);
    expect(blocksOf(1)).toEqual([{ first: 1, last: 50, reservedBy: manager.user.id }]);
    // The next sale the server numbers takes the number after the block, not one inside it.
    const sale = await checkout(1);
    expect(sale.json().sale.invoiceNumber).toBe(invoiceNumber('INV1-', 51));
    // And the next block starts after that sale.
    const next = await reserve(1, { size: 10 }, staff.accessToken);
    expect(next.json().block).toMatchObject({ first: 52, last: 61 });
  });

  it('takes 1 to 500 numbers; any other size is 400 with the rule, and writes nothing', async () => {
    for (const size of [0, -1, BLOCK_SIZE_MAX + 1, 1.5, '10', null, 'NaN', [], {}]) {
      const before = digest();
      const res = await reserve(two, { size });
      expect(res.statusCode, `size ${JSON.stringify(size)}`).toBe(400);
      expect(res.json().message).toBe(OFFLINE_TEXT.blockSize);
      expect(changedTables(before, digest())).toEqual([]);
    }
    const before = digest();
    const notObject = await reserve(two, '[1]');
    expect(notObject.statusCode).toBe(400);
    expect(changedTables(before, digest())).toEqual([]);
    expect((await reserve(two, { size: 1 })).json().block).toMatchObject({ first: 1, last: 1 });
    expect((await reserve(two, { size: BLOCK_SIZE_MAX })).json().block).toMatchObject({
      first: 2,
      last: 501,
    });
    expect(terminalRow(two).lastInvoice).toBe(501);
  });

  it('answers 404 for a terminal that does not exist, writing nothing', async () => {
    for (const id of ['999', 'abc', '0']) {
      const before = digest();
      const res = await reserve(id, { size: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TERMINAL_TEXT.notFound);
      expect(changedTables(before, digest())).toEqual([]);
    }
  });

  it('is open to every role that sells (staff to admin), not to an account without a role or no one', async () => {
    const owner = await shop.signedIn('owner');
    for (const who of [staff, manager, owner, admin]) {
      const res = await reserve(two, { size: 1 }, who.accessToken);
      expect(res.statusCode, who.user.email).toBe(201);
      expect(blocksOf(two).at(-1)?.reservedBy).toBe(who.user.id);
    }
    const nobody = await shop.signedIn(null);
    const before = digest();
    expect((await reserve(two, { size: 1 }, nobody.accessToken)).statusCode).toBe(403);
    expect((await rest(shop, 'POST', `/api/terminals/${two}/invoice-blocks`)).statusCode).toBe(401);
    expect(changedTables(before, digest())).toEqual([]);
  });
});

describe('blocks and the terminal’s series', () => {
  /** Each terminal's numbers so far, each from a block or an ordinary sale: 1..lastInvoice, each once. */
  function expectEveryNumberOnce(terminalId: number) {
    const fromBlocks = blocksOf(terminalId).flatMap((b) => range(b.first, b.last));
    const blockSet = new Set(fromBlocks);
    const ordinary = salesOf(terminalId)
      .map((s) => s.seq)
      .filter((seq) => !blockSet.has(seq));
    const issued = [...fromBlocks, ...ordinary].sort((a, b) => a - b);
    expect(issued, `terminal ${terminalId}`).toEqual(range(1, terminalRow(terminalId).lastInvoice));
  }

  it('never puts a number in two blocks or in a block and an ordinary sale, reserved in parallel on two terminals among checkouts', async () => {
    const calls = Array.from({ length: 48 }, (_, i) => {
      const terminalId = i % 2 === 0 ? 1 : two;
      return i % 3 === 0 ? checkout(terminalId) : reserve(terminalId, { size: 1 + (i % 7) });
    });
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.statusCode).filter((c) => c !== 201)).toEqual([]);
    for (const terminalId of [1, two]) {
      const blocks = blocksOf(terminalId);
      for (const [i, b] of blocks.entries()) if (i > 0) expect(b.first).toBeGreaterThan(blocks[i - 1]!.last);
      expectEveryNumberOnce(terminalId);
    }
    // Every block answered is the one on file.
    const answered = answers.flatMap((a) => (a.json().block ? [a.json().block] : []));
    expect(answered).toHaveLength(32);
    for (const b of answered)
      expect(blocksOf(b.terminalId)).toContainEqual(
        expect.objectContaining({ first: b.first, last: b.last }),
      );
  });

  it('leaves no gap once the blocks are used in order: offline sales, the device’s online sales and the server’s, 1..n each once', async () => {
    // Every number of every block still unused, sent as devices would: each terminal's queue in
    // order, the two terminals at once, half online (checkout with the block's number) and half
    // offline, ordinary server-numbered checkouts among them.
    const unused = (terminalId: number) => {
      const used = new Set(salesOf(terminalId).map((s) => s.seq));
      return blocksOf(terminalId)
        .flatMap((b) => range(b.first, b.last))
        .filter((seq) => !used.has(seq));
    };
    const sendQueue = async (terminalId: number) => {
      const codes: number[] = [];
      for (const [i, seq] of unused(terminalId).entries()) {
        const res =
          i % 2 === 0 ? await offline(terminalId, seq) : await checkout(terminalId, { invoiceSeq: seq });
        codes.push(res.statusCode);
        if (i % 50 === 0) codes.push((await checkout(terminalId)).statusCode);
      }
      return codes;
    };
    const codes = (await Promise.all([sendQueue(1), sendQueue(two)])).flat();
    expect(codes.filter((c) => c !== 201)).toEqual([]);
    for (const [terminalId, prefix] of [
      [1, 'INV1-'],
      [two, 'B2-'],
    ] as const) {
      const sold = salesOf(terminalId);
      const n = terminalRow(terminalId).lastInvoice;
      expect(sold.map((s) => s.seq)).toEqual(range(1, n));
      expect(sold.map((s) => s.number)).toEqual(range(1, n).map((k) => invoiceNumber(prefix, k)));
      expect(terminalRow(terminalId).grandTotal).toBe(sold.reduce((sum, s) => sum + s.total, 0));
    }
  });

  it('refuses a device’s number outside its terminal’s blocks, or used, at checkout as offline, writing nothing', async () => {
    const { lastInvoice } = terminalRow(1);
    const cases: [() => ReturnType<typeof checkout>, number, string][] = [
      // Beyond every block: the server has not set it aside.
      [() => checkout(1, { invoiceSeq: lastInvoice + 1 }), 409, OFFLINE_TEXT.notReserved],
      [() => offline(1, lastInvoice + 1), 409, OFFLINE_TEXT.notReserved],
      // Number 1 is in a block, and used.
      [() => checkout(1, { invoiceSeq: 1 }), 409, OFFLINE_TEXT.numberUsed(invoiceNumber('INV1-', 1))],
      [() => offline(1, 1), 409, OFFLINE_TEXT.numberUsed(invoiceNumber('INV1-', 1))],
      // A number the server gave an ordinary sale is in no block.
      [() => offline(1, 51), 409, OFFLINE_TEXT.notReserved],
      // A block's number needs its terminal.
      [() => checkout(null as never, { invoiceSeq: 2 }), 400, SALES_TEXT.invoiceSeqTerminal],
    ];
    for (const [send, status, message] of cases) {
      const before = digest();
      const res = await send();
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
      expect(changedTables(before, digest())).toEqual([]);
    }
  });
});

describe('the journal', () => {
  it('records each reservation and each sale, and its chain still verifies', async () => {
    const journal = shop.db.$client
      .prepare(
        'select terminal_id as terminalId, kind, document_number as number, document from journal order by sequence',
      )
      .all() as { terminalId: number; kind: string; number: string; document: string }[];
    for (const terminalId of [1, two]) {
      const prefix = terminalId === 1 ? 'INV1-' : 'B2-';
      const reserved = journal
        .filter((row) => row.terminalId === terminalId && row.kind === 'terminal')
        .map((row) => JSON.parse(row.document))
        .filter((doc) => doc.change === 'reserved invoice numbers');
      expect(reserved.map((doc) => [doc.first, doc.last])).toEqual(
        blocksOf(terminalId).map((b) => [invoiceNumber(prefix, b.first), invoiceNumber(prefix, b.last)]),
      );
      expect(reserved.every((doc) => typeof doc.by === 'string' && doc.by.length > 0)).toBe(true);
      const sold = journal
        .filter((row) => row.terminalId === terminalId && row.kind === 'sale')
        .map((r) => r.number);
      expect(sold.sort()).toEqual(salesOf(terminalId).map((s) => s.number));
    }
    const verified = await rest(shop, 'GET', '/api/journal/verify', admin.accessToken);
    expect(verified.json()).toMatchObject({ ok: true, firstBadSequence: null });
  });
});
