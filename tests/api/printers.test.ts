import { type AddressInfo, createServer, type Socket } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, inventoryItems, printers, sales } from '../../server/db/schema';
import { sendToPrinter } from '../../server/domains/printers/send';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { PRINTERS_TEXT as T } from '../../shared/texts/printers';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { takeOrder } from '../helpers/cakeOrders';
import { closeEveryShift } from '../helpers/counter';
import { expectTrpcError } from '../helpers/errors';
import {
  CUT,
  closedPort,
  DRAWER_PULSE,
  type FakePrinter,
  fakePrinter,
  INITIALISE,
  textOf,
} from '../helpers/fakePrinter';
import { rest } from '../helpers/rest';

// Printing straight to the receipt printer: Settings → Printers over REST and tRPC, and the
// bytes a fake printer (a TCP listener here) receives for receipts, the drawer and the other
// documents. A printer that is off never costs a sale.

let shop: TestShop;
let admin: Session;
let owner: Session;
let manager: Session;
let staff: Session;
let printer: FakePrinter;
const SHOP_NAME = 'Sweet Crumbs Bakeshop';
const FLOUR = { itemId: 'INV-PRN1', name: 'Printer Flour', stock: 1_000_000, unitPrice: 12_550 };
let flour = 0;

beforeAll(async () => {
  shop = await testApp();
  [admin, owner, manager, staff] = await Promise.all([
    shop.signedIn('admin'),
    shop.signedIn('owner'),
    shop.signedIn('manager'),
    shop.signedIn('staff'),
  ]);
  await admin.api.settings.saveShopProfile({ businessName: SHOP_NAME, tin: '123-456-789-000' });
  flour = shop.db.insert(inventoryItems).values(FLOUR).returning().get().id;
  printer = await fakePrinter();
});
afterAll(async () => {
  closeEveryShift(shop);
  await printer.close();
  await shop.close();
});

const put = (body: unknown, who: Session = admin, terminal: number | string = 1) =>
  rest(shop, 'PUT', `/api/printers/${terminal}`, who.accessToken, body);
const setUp = (over: Record<string, unknown> = {}) =>
  admin.api.printers.set({ terminalId: 1, host: '127.0.0.1', port: printer.port, ...over } as never);
const printerRows = () => shop.db.select().from(printers).all();
const activityCount = () => shop.db.$count(activityLogs);
const lastActivity = () => shop.db.select().from(activityLogs).orderBy(desc(activityLogs.id)).limit(1).get()!;

/** A sale of two sacks of flour (₱251.00), cash with ₱300 tendered unless told. */
const sell = (who: Session = manager, pay: Record<string, unknown> = {}) =>
  who.api.sales.checkout({
    orderType: 'Walk-in',
    lines: [{ kind: 'item', id: flour, quantity: 2 }],
    paymentMethod: 'Cash',
    cashTendered: 30_000,
    ...pay,
  } as never);
const gcash = { paymentMethod: 'GCash', reference: '1234567890123', cashTendered: null };

/** Where each part occurs in the job, each looked for after the one before (-1: not there). */
function inOrder(job: Buffer, parts: string[]): number[] {
  let from = 0;
  return parts.map((part) => {
    const found = job.indexOf(Buffer.from(part, 'latin1'), from);
    if (found >= 0) from = found + part.length;
    return found;
  });
}

/** Where `part` first occurs in the job, -1 when it does not. */
const at = (job: Buffer, part: string | Buffer) =>
  job.indexOf(typeof part === 'string' ? Buffer.from(part, 'latin1') : part);

describe('Settings → Printers', () => {
  it('an admin sets a printer, with 9100 and the paper’s characters by default, and it is listed with its terminal', async () => {
    const before = await activityCount();
    const res = await put({ host: '192.168.1.50', paperWidth: 58 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: T.saved('Counter 1'),
      printer: expect.objectContaining({
        terminalId: 1,
        terminal: { _id: 1, name: 'Counter 1' },
        host: '192.168.1.50',
        port: 9100,
        paperWidth: 58,
        charsPerLine: 32,
        autoPrint: false,
        openDrawer: false,
      }),
    });
    expect(await activityCount()).toBe(before + 1);
    expect(lastActivity()).toMatchObject({ action: 'Add Printer', module: 'Settings' });
    expect(lastActivity().description).toContain('192.168.1.50:9100, 58 mm, 32 characters per line');

    const edited = await put({ host: 'PRINTER-1.local', port: 9101, paperWidth: 80, autoPrint: true }, owner);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().printer).toMatchObject({ host: 'PRINTER-1.local', port: 9101, charsPerLine: 48 });
    expect(lastActivity()).toMatchObject({ action: 'Edit Printer' });
    expect(lastActivity().description).toContain('(was 192.168.1.50:9100');

    const listed = await rest(shop, 'GET', '/api/printers', owner.accessToken);
    expect(listed.json()).toEqual([
      expect.objectContaining({
        terminal: { _id: 1, name: 'Counter 1' },
        host: 'PRINTER-1.local',
        autoPrint: true,
      }),
    ]);
    // An IPv6 address, bracketed or not.
    expect((await put({ host: '[fe80::1]' })).json().printer.host).toBe('fe80::1');
  });

  it('refuses a bad address, port, paper or choice with 400 and writes nothing', async () => {
    await put({ host: '10.0.0.9', port: 9100 });
    const rows = printerRows();
    const logged = await activityCount();
    const bad: [Record<string, unknown>, string][] = [
      [{}, T.hostRequired],
      [{ host: '   ' }, T.hostRequired],
      [{ host: 'http://192.168.1.50' }, T.hostFormat],
      [{ host: '192.168.1.50:9100' }, T.hostFormat],
      [{ host: '192.168.1.256' }, T.hostFormat],
      [{ host: 'my printer' }, T.hostFormat],
      [{ host: '-printer' }, T.hostFormat],
      [{ host: 42 }, T.hostRequired],
      [{ host: 'a'.repeat(300) }, T.hostFormat],
      [{ host: '10.0.0.9', port: 0 }, T.portRange],
      [{ host: '10.0.0.9', port: 65_536 }, T.portRange],
      [{ host: '10.0.0.9', port: 91.5 }, T.portRange],
      [{ host: '10.0.0.9', port: '9100' }, T.portRange],
      [{ host: '10.0.0.9', paperWidth: 72 }, T.paperWidthChoice],
      [{ host: '10.0.0.9', charsPerLine: 12 }, T.charsRange],
      [{ host: '10.0.0.9', paperWidth: 58, charsPerLine: 48 }, T.chars58],
      [{ host: '10.0.0.9', autoPrint: 'yes' }, T.yesNo(T.autoPrint)],
      [{ host: '10.0.0.9', openDrawer: 1 }, T.yesNo(T.openDrawer)],
    ];
    for (const [body, message] of bad) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await put({ host: '10.0.0.9' }, admin, 'abc')).statusCode).toBe(400);
    expect((await put({ host: '10.0.0.9' }, admin, 999)).statusCode).toBe(404);
    expect(printerRows()).toEqual(rows);
    expect(await activityCount()).toBe(logged);
  });

  it('removes a printer with an activity row; removing none is 404', async () => {
    await put({ host: '10.0.0.9' });
    const res = await rest(shop, 'DELETE', '/api/printers/1', admin.accessToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: T.removed('Counter 1') });
    expect(printerRows()).toEqual([]);
    expect(lastActivity()).toMatchObject({ action: 'Remove Printer', module: 'Settings' });
    const again = await rest(shop, 'DELETE', '/api/printers/1', admin.accessToken);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(T.none('Counter 1'));
  });

  it('is admin’s and owner’s: staff and managers are refused every route and procedure', async () => {
    await put({ host: '10.0.0.9' });
    const rows = printerRows();
    for (const who of [staff, manager]) {
      for (const [method, url] of [
        ['GET', '/api/printers'],
        ['PUT', '/api/printers/1'],
        ['DELETE', '/api/printers/1'],
        ['POST', '/api/printers/1/test'],
      ] as const) {
        const res = await rest(
          shop,
          method,
          url,
          who.accessToken,
          method === 'GET' ? undefined : { host: 'x.local' },
        );
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      await expectTrpcError(who.api.printers.list(), 'FORBIDDEN', AUTH_TEXT.forbidden);
      await expectTrpcError(
        who.api.printers.set({ terminalId: 1, host: 'x.local' } as never),
        'FORBIDDEN',
        AUTH_TEXT.forbidden,
      );
    }
    expect(printerRows()).toEqual(rows);
    expect((await rest(shop, 'GET', '/api/printers')).statusCode).toBe(401);
  });
});

describe('the receipt on the printer', () => {
  it('prints at checkout: initialise first, the shop, the invoice number and the total in order, the cut last, the drawer on cash', async () => {
    await setUp({ autoPrint: true, openDrawer: true });
    const answer = await sell();
    expect(answer.print).toEqual({ printed: true });
    const job = await printer.nextJob();
    expect(job.subarray(0, 2)).toEqual(INITIALISE);
    const places = inOrder(job, [
      SHOP_NAME,
      answer.sale.invoiceNumber!,
      'TOTAL',
      '251.00',
      'Cash Tendered',
      '300.00',
      'Change',
      '49.00',
    ]);
    expect(
      places.every((p) => p > 0),
      textOf(job),
    ).toBe(true);
    expect(at(job, DRAWER_PULSE)).toBeGreaterThan(0);
    // The cut comes after everything printed; only line feeds follow it.
    const cut = job.lastIndexOf(CUT);
    expect(cut).toBeGreaterThan(at(job, DRAWER_PULSE));
    expect([...job.subarray(cut + 3)].every((b) => b === 0x0a)).toBe(true);
    expect(textOf(job)).toContain('This is not an official receipt');
  });

  it('opens no drawer on a GCash sale, nor on cash when the printer is set not to', async () => {
    const byGcash = await sell(manager, gcash);
    expect(byGcash.print).toEqual({ printed: true });
    const gcashJob = await printer.nextJob();
    expect(at(gcashJob, byGcash.sale.invoiceNumber!)).toBeGreaterThan(0);
    expect(at(gcashJob, DRAWER_PULSE)).toBe(-1);

    await setUp({ autoPrint: true, openDrawer: false });
    const byCash = await sell();
    const cashJob = await printer.nextJob();
    expect(at(cashJob, byCash.sale.invoiceNumber!)).toBeGreaterThan(0);
    expect(at(cashJob, DRAWER_PULSE)).toBe(-1);
  });

  it('prints a sale sent twice once: the repeat answers without printing', async () => {
    await setUp({ autoPrint: true });
    const saleId = 'SALE-PRNTWICE';
    const first = await sell(manager, { ...gcash, saleId });
    expect(first.print).toEqual({ printed: true });
    expect(textOf(await printer.nextJob())).toContain(first.sale.invoiceNumber!);
    const again = await sell(manager, { ...gcash, saleId });
    expect(again.repeated).toBe(true);
    expect(again).not.toHaveProperty('print');
    await expect(printer.nextJob(300)).rejects.toThrow();
  });

  it('prints nothing at checkout unless the printer is set to, and the answer then says nothing of printing', async () => {
    await setUp({ autoPrint: false, openDrawer: true });
    const answer = await sell();
    expect(answer).not.toHaveProperty('print');
    await expect(printer.nextJob(300)).rejects.toThrow();
  });

  it('a printer that is off: the sale stands, the answer says what to do, Print retries the original', async () => {
    const off = await closedPort();
    await setUp({ port: off, autoPrint: true, openDrawer: true });
    const answer = await sell();
    expect(answer.print).toEqual({ printed: false, message: T.didNotAnswer(`127.0.0.1:${off}`) });
    expect(shop.db.select().from(sales).where(eq(sales.saleId, answer.sale.saleId)).get()).toBeDefined();
    // Over REST the sale is made (201) all the same.
    const viaRest = await rest(shop, 'POST', '/api/sales', manager.accessToken, {
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      items: [{ itemId: FLOUR.itemId, quantity: 1 }],
    });
    expect(viaRest.statusCode, viaRest.body).toBe(201);
    expect(
      shop.db.select().from(sales).where(eq(sales.saleId, viaRest.json().sale.saleId)).get(),
    ).toBeDefined();

    // Still off: Print answers the same, and counts nothing.
    const retry = { document: 'receipt', id: answer.sale.id, terminalId: 1, original: true } as const;
    expect(await manager.api.printers.print(retry)).toEqual(answer.print);
    await setUp({ autoPrint: true, openDrawer: true });
    expect(await manager.api.printers.print(retry)).toEqual({ printed: true });
    const original = await printer.nextJob();
    expect(textOf(original)).not.toContain('REPRINT');
    expect(at(original, DRAWER_PULSE)).toBeGreaterThan(0);
    expect(shop.db.select().from(sales).where(eq(sales.id, answer.sale.id)).get()!.reprintCount).toBe(0);

    // Printed again, it is a reprint: counted, in the activity log, no drawer.
    expect(await manager.api.printers.print({ ...retry, original: false })).toEqual({ printed: true });
    const again = await printer.nextJob();
    expect(at(again, 'REPRINT 1')).toBeLessThan(at(again, SHOP_NAME));
    expect(at(again, DRAWER_PULSE)).toBe(-1);
    expect(shop.db.select().from(sales).where(eq(sales.id, answer.sale.id)).get()!.reprintCount).toBe(1);
    expect(lastActivity()).toMatchObject({ action: 'Reprint Receipt' });
  });

  it('POST /api/sales/:id/print prints it again at a terminal and answers the outcome', async () => {
    await setUp();
    const { sale } = await sell(manager, gcash);
    const res = await rest(shop, 'POST', `/api/sales/${sale.saleId.toLowerCase()}/print`, staff.accessToken, {
      terminalId: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ printed: true });
    expect(textOf(await printer.nextJob())).toContain('REPRINT 1');
    expect((await rest(shop, 'POST', '/api/sales/SALE-NOPE0000/print', staff.accessToken)).statusCode).toBe(
      404,
    );
    expect(
      (await rest(shop, 'POST', `/api/sales/${sale.id}/print`, staff.accessToken, '[1]')).statusCode,
    ).toBe(400);
    await rest(shop, 'DELETE', '/api/printers/1', admin.accessToken);
    const none = await rest(shop, 'POST', `/api/sales/${sale.id}/print`, staff.accessToken);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(T.none('Counter 1'));
  });
});

describe('test print and the cash drawer', () => {
  it('Test print sends a page with the terminal and a ruler; an off printer says so', async () => {
    await setUp({ charsPerLine: 42 });
    const res = await rest(shop, 'POST', '/api/printers/1/test', admin.accessToken);
    expect(res.json()).toEqual({ printed: true, message: T.testPrinted('Counter 1') });
    const page = textOf(await printer.nextJob());
    expect(page).toContain(T.testHeading);
    expect(page).toContain('1234567890'.repeat(5).slice(0, 42));
    const off = await closedPort();
    await setUp({ port: off });
    expect((await rest(shop, 'POST', '/api/printers/1/test', admin.accessToken)).json()).toEqual({
      printed: false,
      message: T.didNotAnswer(`127.0.0.1:${off}`, 'Test print'),
    });
  });

  it('a manager opens the drawer with a reason, kept in the activity log; staff may not', async () => {
    await setUp({ openDrawer: false });
    const logged = await activityCount();
    const refused = await rest(shop, 'POST', '/api/drawer/open', staff.accessToken, { reason: 'Change' });
    expect(refused.statusCode).toBe(403);
    await expectTrpcError(staff.api.printers.openDrawer({ terminalId: 1, reason: 'Change' }), 'FORBIDDEN');
    for (const body of [
      {},
      { reason: '   ' },
      { reason: 'x'.repeat(201) },
      { reason: 'Change', terminalId: 99 },
    ]) {
      const res = await rest(shop, 'POST', '/api/drawer/open', manager.accessToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await activityCount()).toBe(logged);
    await expect(printer.nextJob(200)).rejects.toThrow();

    const res = await rest(shop, 'POST', '/api/drawer/open', manager.accessToken, {
      terminalId: 1,
      reason: 'Change for a ₱1,000 bill',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ printed: true, message: T.drawerOpened('Counter 1') });
    const pulse = await printer.nextJob();
    expect(pulse.subarray(0, 2)).toEqual(INITIALISE);
    expect(at(pulse, DRAWER_PULSE)).toBeGreaterThan(1);
    expect(textOf(pulse)).not.toMatch(/[A-Za-z]{2}/);
    expect(at(pulse, CUT)).toBe(-1);
    expect(lastActivity()).toMatchObject({
      action: 'Open Drawer',
      module: 'Cash Drawer',
      userId: manager.user.id,
      description: 'Opened the cash drawer of "Counter 1" without a sale: Change for a ₱1,000 bill',
    });

    // Off: the manager is told, and nothing is recorded as opened.
    const off = await closedPort();
    await setUp({ port: off });
    const opened = await activityCount();
    const failed = await manager.api.printers.openDrawer({ terminalId: 1, reason: 'Change' });
    expect(failed).toEqual({ printed: false, message: T.didNotAnswer(`127.0.0.1:${off}`, T.drawerButton) });
    expect(await activityCount()).toBe(opened);
  });

  it('gives up on a printer that does not take the bytes within the time, without throwing', async () => {
    const sockets: Socket[] = [];
    const stuck = createServer((socket) => {
      socket.pause();
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
    const port = (stuck.address() as AddressInfo).port;
    const started = Date.now();
    // More than the network buffers hold, to a printer that never reads.
    const outcome = await sendToPrinter({ host: '127.0.0.1', port }, new Uint8Array(64 << 20), {
      timeoutMs: 300,
    });
    expect(outcome).toEqual({ printed: false, message: T.didNotAnswer(`127.0.0.1:${port}`) });
    expect(Date.now() - started).toBeLessThan(3_000);
    for (const socket of sockets) socket.destroy();
    stuck.close();
    const unknown = await sendToPrinter({ host: 'receipt-printer.invalid', port: 9100 }, new Uint8Array(1));
    expect(unknown).toEqual({ printed: false, message: T.unknownHost('receipt-printer.invalid:9100') });
  });
});

describe('the other documents', () => {
  it('prints the refund slip, the X and Z readings, the order slip and the kitchen ticket', async () => {
    await setUp();
    const { sale } = await sell(admin, gcash);
    await admin.api.sales.refund({ id: sale.id, terminalId: 1 });
    const print = (document: string, id: number | string, who: Session = admin) =>
      who.api.printers.print({ document, id, terminalId: 1 } as never);

    expect(await print('refund', sale.saleId)).toEqual({ printed: true });
    const refund = textOf(await printer.nextJob());
    const refunded = shop.db.select().from(sales).where(eq(sales.id, sale.id)).get()!;
    for (const part of [T.refundHeading, refunded.refundNumber!, sale.invoiceNumber!, T.refundTotal])
      expect(refund).toContain(part);

    const clerk = await shop.signedIn('staff');
    const shift = (await clerk.api.shifts.open({ openingCash: 50_000 })).shift;
    expect(await print('xReading', shift.id, clerk)).toEqual({ printed: true });
    expect(textOf(await printer.nextJob())).toMatch(new RegExp(`X READING . SHIFT #${shift.id}\\b`));
    await expectTrpcError(print('xReading', shift.id, staff), 'FORBIDDEN');
    closeEveryShift(shop);
    const z = await admin.api.shifts.takeZReading({ terminalId: 1 });
    expect(await print('zReading', z.number)).toEqual({ printed: true });
    expect(textOf(await printer.nextJob())).toContain(`Z READING #${z.number}`);
    await expectTrpcError(print('zReading', z.number, staff), 'FORBIDDEN', T.zReadingRole);
    await expectTrpcError(print('zReading', 999), 'NOT_FOUND', T.zReadingNotFound);

    const { order } = await takeOrder(staff);
    expect(await print('orderSlip', order.orderNumber, staff)).toEqual({ printed: true });
    const slip = textOf(await printer.nextJob());
    expect(slip).toContain('CAKE ORDER SLIP');
    expect(slip).toContain(order.orderNumber);
    expect(await print('kitchenTicket', order.id, staff)).toEqual({ printed: true });
    const ticket = textOf(await printer.nextJob());
    expect(ticket).toContain('KITCHEN TICKET');
    expect(ticket).not.toContain('2,000.00');

    const { sale: kept } = await sell(admin, gcash);
    await expectTrpcError(print('refund', kept.id), 'CONFLICT', T.notRefunded);
    await expectTrpcError(print('orderSlip', 'ORD-999999'), 'NOT_FOUND');
    await expectTrpcError(print('payslip', 1), 'BAD_REQUEST', T.unknownDocument);
  });
});
