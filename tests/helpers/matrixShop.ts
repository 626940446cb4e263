import { cakeLots, cakes as cakeRows, passwordResetRequests } from '../../server/db/schema';
import { settleCakeExpiry } from '../../server/domains/cakes/cakeLotStock';
import { SETTINGS_LABELS, SETTINGS_LISTS } from '../../shared/texts/settings';
import { PASSWORD, type Session, type TestShop } from './app';
import { pickupIn, takeOrder } from './cakeOrders';
import { type FakePrinter, fakePrinter } from './fakePrinter';
import { putLot } from './lots';
import { anIngredient, aRecipeCake } from './production';
import { rest } from './rest';

// The small shop the authorisation matrix (tests/api/authz-matrix.test.ts) calls every route
// and procedure on, and the call each one gets: real ids, a valid body or input. An allowed
// caller must get past validation and the id lookup (a 2xx), so each call names a record of
// its own where the first allowed caller uses it up (a delete, an approval, a pickup, a
// cancel): the REST route and its tRPC twin each get one. Every caller sends the same call
// but for the few made per caller (a fresh refresh token, a new applicant's email).

/** Who sends a call: their own account's id and token (undefined when anonymous). */
export interface CallerOf {
  userId?: number;
  token?: string;
}

/** A REST route's call: its `:params`, query and JSON body (or a file, for a restore). */
export interface RestCall {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  file?: { type: string; data: Buffer };
}

const DAYS = { from: '2026-01-01', to: '2099-12-31' };
const PERIOD = { range: 'custom', from: '2026-01-01', to: '2099-12-31' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LOGIN = 'matrix-login@bakeshop.test';

/** Many of one kind of record, each used up by one route or procedure. */
async function many<T>(n: number, make: (i: number) => Promise<T> | T): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await make(i));
  return out;
}

/**
 * Seeds the shop through the system admin's tRPC caller (and straight into the database
 * where a test needs what the app would refuse to make: expired lots). Answers the records
 * and the call of each route and procedure; `close` stops its fake receipt printer.
 */
export async function seedMatrixShop(shop: TestShop, admin: Session) {
  const { ids, printer } = await seed(shop, admin);
  let n = 0;
  /** A text no call has sent before (an email, a sale id, a key). */
  const fresh = () => `${++n}`.padStart(4, '0');
  return {
    ids,
    rest: restCalls(ids, fresh, shop, admin),
    trpc: procedureInputs(ids, fresh, shop),
    close: () => printer.close(),
  };
}

/** The records. */
async function seed(shop: TestShop, admin: Session) {
  const api = admin.api;

  const lists: Record<string, number[]> = {};
  for (const list of SETTINGS_LISTS)
    lists[list] = await many(4, async (i) => {
      const entry = { name: `Matrix ${list} ${i}`, type: 'inventory' };
      const res = await rest(shop, 'POST', `/api/settings/${list}`, admin.accessToken, entry);
      return res.json().record._id as number;
    });

  const supplier = (code: string) =>
    api.suppliers.add({ supplierId: code, name: `Matrix ${code}` } as never).then((r) => r.record.id);
  const customer = (code: string) =>
    api.customers.add({ customerId: code, name: `Buyer ${code}` } as never).then((r) => r.record.id);
  const item = (name: string, fields: Record<string, unknown> = {}) =>
    api.inventory
      .add({ name, stock: 100_000, unitPrice: 5000, purchasePrice: 3000, ...fields } as never)
      .then((r) => r.item);
  const cakeCategory = (
    await rest(shop, 'POST', '/api/settings/category', admin.accessToken, {
      name: 'Matrix Cakes',
      type: 'cake',
    })
  ).json().record._id as number;
  let cakeSeq = 0;
  const cake = (name: string, stock = 10) =>
    shop.db
      .insert(cakeRows)
      .values({
        cakeId: `CK-M${++cakeSeq}`,
        name,
        stock,
        price: 90000,
        categoryId: cakeCategory,
        sizeId: lists.size![0],
      })
      .returning()
      .get();

  const suppliers = {
    main: await supplier('SUP-M1'),
    deletes: await many(2, (i) => supplier(`SUP-MD${i}`)),
    // Each with an item at its restock threshold: a reorder draft is made from it.
    reorder: await many(2, (i) => supplier(`SUP-MR${i}`)),
  };
  for (const [i, id] of suppliers.reorder.entries())
    await item(`Matrix Low ${i}`, { stock: 0, restockThreshold: 5000, supplierId: id });
  const customers = {
    main: await customer('CUST-M1'),
    deletes: await many(2, (i) => customer(`CUST-MD${i}`)),
  };

  const flour = await item('Matrix Flour', { stock: 1_000_000, supplierId: suppliers.main });
  const items = {
    main: flour.id,
    code: flour.itemId,
    deletes: await many(2, async (i) => (await item(`Matrix Spare ${i}`)).id),
    // Each with a lot past its date, to write off.
    expired: await many(2, async (i) => {
      const row = await item(`Matrix Stale ${i}`, { stock: 0 });
      putLot(shop, row.id, { quantity: 2000, unitCost: 3000, expirationDate: '2020-01-01' });
      return row.id;
    }),
  };
  const cakes = {
    main: (await cake('Matrix Cake', 50)).id,
    deletes: await many(2, async (i) => (await cake(`Matrix Spare Cake ${i}`)).id),
    expired: await many(2, async (i) => {
      const row = await cake(`Matrix Stale Cake ${i}`, 0);
      shop.db.transaction((tx) => {
        tx.insert(cakeLots)
          .values({
            cakeId: row.id,
            source: 'adjustment',
            quantity: 2,
            remaining: 2,
            unitCost: 10000,
            expirationDate: '2020-01-01',
          })
          .run();
        settleCakeExpiry(tx, { kind: 'cake', id: row.id, record: row.cakeId }, new Date());
      });
      return row.id;
    }),
  };
  // A cake with a recipe whose ingredient has lots: a batch of it is baked.
  const butter = anIngredient(shop, 'Matrix Butter', 2000);
  putLot(shop, butter.id, { quantity: 1_000_000, unitCost: 2000, expirationDate: '2099-12-31' });
  const recipeCake = aRecipeCake(shop, [[butter.id, 100]]).id;

  // Cashiers of their own: the shifts the matrix tops up, reads and closes, and their sales.
  const clerks = await many(3, () => shop.signedIn('staff'));
  const [clerk, closerRest, closerTrpc] = clerks as [Session, Session, Session];
  const shift = (await clerk.api.shifts.open({ openingCash: 100000 })).shift.id;
  const closes = [
    (await closerRest.api.shifts.open({ openingCash: 0 })).shift.id,
    (await closerTrpc.api.shifts.open({ openingCash: 0 })).shift.id,
  ];
  const cashMoves = await many(2, async () => {
    const { reading } = await clerk.api.shifts.cash({ id: shift, type: 'in', amount: 100, reason: 'Coins' });
    return reading.movements.at(-1)!.id;
  });
  const sell = () =>
    clerk.api.sales
      .checkout({
        orderType: 'Walk-in',
        paymentMethod: 'Cash',
        lines: [{ kind: 'item', id: items.main, quantity: 1 }],
      } as never)
      .then((r) => r.sale);
  const sale = await sell();
  const refunds = await many(2, async () => (await sell()).id);

  // The terminals: their Z readings, the printer set, removed, tested and printed at.
  const terminal = (name: string, prefix: string) =>
    api.terminals.create({ name, invoicePrefix: prefix } as never).then((r) => r.terminal.id);
  const terminals = {
    edit: await terminal('Matrix Till', 'MX-'),
    zReadings: await many(2, (i) => terminal(`Matrix Z ${i}`, `MZ${i}-`)),
    printing: await terminal('Matrix Printing', 'MP-'),
    removes: await many(2, (i) => terminal(`Matrix Unplug ${i}`, `MU${i}-`)),
  };
  const printer: FakePrinter = await fakePrinter();
  const plugIn = (terminalId: number) =>
    api.printers.set({ terminalId, host: '127.0.0.1', port: printer.port, openDrawer: true } as never);
  for (const id of [terminals.printing, ...terminals.removes]) await plugIn(id);
  // The numbers the clerk's device set aside on the first terminal: its offline sales take them.
  const block = (await clerk.api.terminals.reserveBlock({ terminalId: 1, size: 10 })).block;

  // Held changes, applications and reset requests: each approved or refused once.
  const held = await many(4, async (i) => {
    const id = await customer(`CUST-MH${i}`);
    await clerk.api.customers.update({ id, customerId: `CUST-MH${i}`, name: 'Renamed' } as never);
    return Math.max(...(await api.actionRequests.list({ status: 'pending' })).map((r) => r.id));
  });
  const registrations = await many(4, async (i) => {
    await shop.caller(undefined, `10.3.0.${i + 1}`).requests.register({
      email: `matrix-applicant${i}@bakeshop.test`,
      password: 'long-enough-1',
    });
    return (await api.requests.list()).find((r) => r.email === `matrix-applicant${i}@bakeshop.test`)!.id;
  });
  const bystander = await shop.addUser('staff');
  // Approved and refused while pending; deleted once decided.
  const resets = await many(
    6,
    (i) =>
      shop.db
        .insert(passwordResetRequests)
        .values({
          email: bystander.email,
          userId: bystander.id,
          status: i % 3 === 2 ? 'rejected' : 'pending',
        })
        .returning()
        .get().id,
  );
  // Whose password signs in again and again (and hands out refresh tokens).
  await shop.addUser('staff', { email: LOGIN });

  // Purchase orders: Drafts to edit, order and cancel; Ordered ones to receive.
  const draft = () =>
    api.purchaseOrders
      .create({
        supplierId: suppliers.main,
        lines: [{ itemId: items.main, quantity: 10_000, unitCost: 3000 }],
      })
      .then((r) => r.purchaseOrder.id);
  const ordered = async () => {
    const id = await draft();
    await api.purchaseOrders.order({ id });
    return id;
  };
  const pos = {
    edits: await many(2, draft),
    orders: await many(2, draft),
    cancels: await many(2, draft),
    receives: await many(2, ordered),
  };

  // Cake orders of ₱2,000 with nothing paid: paid towards, moved along, picked up, cancelled.
  const order = async () => (await takeOrder(clerk)).order.id;
  const orders = {
    main: await order(),
    statuses: await many(2, order),
    pickups: await many(2, order),
    cancels: await many(2, order),
  };

  const ids = {
    lists,
    cakeCategory,
    suppliers,
    customers,
    items,
    cakes,
    recipeCake,
    shift,
    closes,
    cashMoves,
    sale: sale.id,
    saleCode: sale.saleId,
    refunds,
    terminals,
    block,
    held,
    registrations,
    bystander,
    resets,
    pos,
    orders,
    clerk: clerk.user.id,
  };
  return { ids, printer };
}

type Ids = Awaited<ReturnType<typeof seed>>['ids'];

/** A sale made offline on the clerk's device, as REST (pesos) and tRPC (centavos) send it. */
function offlineSale(ids: Ids, saleId: string, invoiceSeq: number) {
  return {
    saleId,
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    soldAt: new Date(),
    terminalId: 1,
    invoiceSeq,
    cashierId: ids.clerk,
    shiftId: ids.shift,
  };
}

/**
 * The call of every REST route under /api that needs params, a query or a body: the others
 * are called bare (a body of `{}`). The matrix says which get no further than validation.
 */
function restCalls(
  ids: Ids,
  fresh: () => string,
  shop: TestShop,
  admin: Session,
): Record<string, (caller: CallerOf) => RestCall | Promise<RestCall>> {
  const listCalls = Object.fromEntries(
    SETTINGS_LISTS.flatMap((list) => {
      const [edit, , deleted] = ids.lists[list]!;
      const entry = { name: `Matrix ${list} renamed`, type: 'inventory' };
      return [
        [
          `POST /api/settings/${list}`,
          () => ({ body: { name: `Matrix ${list} ${fresh()}`, type: 'inventory' } }),
        ],
        [`PUT /api/settings/${list}/:id`, () => ({ params: { id: edit! }, body: entry })],
        [`DELETE /api/settings/${list}/:id`, () => ({ params: { id: deleted! } })],
      ];
    }),
  ) as Record<string, (caller: CallerOf) => RestCall>;
  const poBody = { supplierId: 'SUP-M1', lines: [{ itemId: ids.items.code, quantity: 2, unitCost: 30 }] };
  const payment = { method: 'GCash', amount: 100, reference: 'G-MATRIX' };
  return {
    'POST /api/auth/login': () => ({ body: { email: LOGIN, password: PASSWORD } }),
    // A token is good once: each call trades a session's own.
    'POST /api/auth/refresh': async () => ({
      body: { refreshToken: (await shop.login(LOGIN)).refreshToken },
    }),
    'POST /api/resetRequest/reset-password': (caller) => ({
      body: { userId: caller.userId, newPassword: 'matrix-new-pass-1' },
    }),
    'POST /api/request/register': () => ({
      body: { email: `matrix-rest${fresh()}@bakeshop.test`, password: 'long-enough-1' },
    }),
    'POST /api/request/approve/:id': () => ({ params: { id: ids.registrations[0]! } }),
    'DELETE /api/request/reject/:id': () => ({ params: { id: ids.registrations[1]! } }),
    'POST /api/resetRequest': () => ({ body: { email: `matrix-reset${fresh()}@bakeshop.test` } }),
    'PUT /api/resetRequest/:id/approve': () => ({ params: { id: ids.resets[0]! } }),
    'PUT /api/resetRequest/:id/reject': () => ({ params: { id: ids.resets[1]! } }),
    'DELETE /api/resetRequest/:id': () => ({ params: { id: ids.resets[2]! } }),
    'PUT /api/user/update/:id': () => ({
      params: { id: ids.bystander.id },
      body: { username: 'matrix.bystander', email: ids.bystander.email, role: 'staff' },
    }),
    'PUT /api/user/deactivate/:id': () => ({ params: { id: ids.bystander.id } }),
    'POST /api/user/reactivate/:id': () => ({ params: { id: ids.bystander.id } }),
    'POST /api/actionRequest/approve/:id': () => ({ params: { id: ids.held[0]! } }),
    'DELETE /api/actionRequest/reject/:id': () => ({ params: { id: ids.held[1]! } }),
    'POST /api/suppliers': () => ({ body: { supplierId: `SUP-N${fresh()}`, name: 'Matrix New Mill' } }),
    'PUT /api/suppliers/:id': () => ({
      params: { id: ids.suppliers.main },
      body: { supplierId: 'SUP-M1', name: 'Matrix Mill' },
    }),
    'DELETE /api/suppliers/:id': () => ({ params: { id: ids.suppliers.deletes[0]! } }),
    'POST /api/customers': () => ({ body: { customerId: `CUST-N${fresh()}`, name: 'Matrix New Buyer' } }),
    'PUT /api/customers/:id': () => ({
      params: { id: ids.customers.main },
      body: { customerId: 'CUST-M1', name: 'Matrix Buyer' },
    }),
    'DELETE /api/customers/:id': () => ({ params: { id: ids.customers.deletes[0]! } }),
    'GET /api/inventory/:id': () => ({ params: { id: ids.items.main } }),
    'GET /api/inventory/:id/movements': () => ({ params: { id: ids.items.main } }),
    'GET /api/inventory/:id/lots': () => ({ params: { id: ids.items.main } }),
    'POST /api/inventory': () => ({ body: { name: `Matrix New Item ${fresh()}`, stock: 5 } }),
    'PUT /api/inventory/:id': () => ({ params: { id: ids.items.main }, body: { name: 'Matrix Flour' } }),
    'DELETE /api/inventory/:id': () => ({ params: { id: ids.items.deletes[0]! } }),
    'GET /api/cake/:id': () => ({ params: { id: ids.cakes.main } }),
    'POST /api/cake/add': () => ({
      body: {
        name: `Matrix New Cake ${fresh()}`,
        category: ids.cakeCategory,
        size: ids.lists.size![0],
        availability: 'Regular',
        unitPrice: 650,
        ingredients: [{ inventoryItem: ids.items.main, quantity: 1 }],
      },
    }),
    'PUT /api/cake/:id': () => ({
      params: { id: ids.cakes.main },
      body: {
        name: 'Matrix Cake',
        category: ids.cakeCategory,
        size: ids.lists.size![0],
        availability: 'Regular',
        unitPrice: 900,
        ingredients: [{ inventoryItem: ids.items.main, quantity: 1 }],
      },
    }),
    'DELETE /api/cake/:id': () => ({ params: { id: ids.cakes.deletes[0]! } }),
    'POST /api/sales': () => ({
      body: {
        orderType: 'Walk-in',
        items: [{ itemId: ids.items.main, quantity: 1 }],
        paymentMethod: 'Cash',
        cashTendered: 100,
      },
    }),
    'POST /api/sales/offline': () => ({
      body: {
        ...offlineSale(ids, 'SALE-MXOFFRST', ids.block.first),
        items: [{ itemId: ids.items.main, quantity: 1, price: 50 }],
        cashTendered: 100,
        subtotal: 50,
        taxAmount: 0,
        totalAmount: 50,
      },
    }),
    'POST /api/sales/:id/refund': () => ({ params: { id: ids.refunds[0]! }, body: {} }),
    'POST /api/sales/:id/reprint': () => ({ params: { id: ids.sale } }),
    'GET /api/sales/:id/receipt': () => ({ params: { id: ids.saleCode } }),
    'GET /api/sales/:id': () => ({ params: { id: ids.saleCode } }),
    'GET /api/sales/sc5-allowance': () => ({ query: { idNumber: 'OSCA-MATRIX' } }),
    'POST /api/shifts/open': () => ({ body: { openingCash: 500 } }),
    'POST /api/shifts/:id/cash': () => ({
      params: { id: ids.shift },
      body: { type: 'in', amount: 1, reason: 'Matrix coins' },
    }),
    'GET /api/shifts/:id/reading': () => ({ params: { id: ids.shift } }),
    'POST /api/shifts/:id/close': () => ({ params: { id: ids.closes[0]! }, body: { countedCash: 0 } }),
    'POST /api/shifts/cash/:id/void': () => ({
      params: { id: ids.cashMoves[0]! },
      body: { reason: 'Typed twice' },
    }),
    'GET /api/shifts': () => ({ query: DAYS }),
    'POST /api/end-of-day': () => ({
      body: { terminalId: ids.terminals.zReadings[0], allowEmpty: true, requestKey: `mx-z-${fresh()}` },
    }),
    'GET /api/end-of-day': () => ({ query: DAYS }),
    'GET /api/sc-pwd-book': () => ({ query: DAYS }),
    'GET /api/sc-pwd-book/export': () => ({ query: DAYS }),
    ...listCalls,
    'GET /api/settings/category': () => ({ query: { type: 'cake' } }),
    'GET /api/dashboard/revenue-cost-by-day': () => ({ query: { days: '7' } }),
    'GET /api/salesReport/sales': () => ({ query: PERIOD }),
    'GET /api/salesReport/summary': () => ({ query: PERIOD }),
    'GET /api/salesReport/by-cashier': () => ({ query: PERIOD }),
    'GET /api/salesReport/by-item': () => ({ query: PERIOD }),
    'GET /api/salesReport/export': () => ({ query: PERIOD }),
    'GET /api/backup/:area': () => ({ params: { area: 'supplier' } }),
    // A dry run of the suppliers' own backup: read and checked, nothing written.
    'POST /api/backup/:area/restore': async () => {
      const backup = await rest(shop, 'GET', '/api/backup/supplier', admin.accessToken);
      return {
        params: { area: 'supplier' },
        query: { dryRun: 'true' },
        file: { type: XLSX, data: backup.rawPayload },
      };
    },
    'PATCH /api/pricing/:kind/:id': () => ({
      params: { kind: 'item', id: ids.items.main },
      body: { price: 50 },
    }),
    'GET /api/purchase-orders/:id': () => ({ params: { id: ids.pos.edits[0]! } }),
    'POST /api/purchase-orders': () => ({ body: poBody }),
    'PUT /api/purchase-orders/:id': () => ({
      params: { id: ids.pos.edits[0]! },
      body: { ...poBody, notes: 'Edited' },
    }),
    'POST /api/purchase-orders/:id/order': () => ({ params: { id: ids.pos.orders[0]! } }),
    'POST /api/purchase-orders/:id/cancel': () => ({ params: { id: ids.pos.cancels[0]! } }),
    'POST /api/purchase-orders/:id/receive': () => ({
      params: { id: ids.pos.receives[0]! },
      body: { lines: [{ itemId: ids.items.code, quantity: 1, expirationDate: '2099-01-31' }] },
    }),
    'POST /api/waste': () => ({ body: { itemId: ids.items.code, quantity: 0.5, reason: 'Damaged' } }),
    'POST /api/inventory/:id/write-off-expired': () => ({ params: { id: ids.items.expired[0]! } }),
    'POST /api/cake/:id/write-off-expired': () => ({ params: { id: ids.cakes.expired[0]! } }),
    'GET /api/waste': () => ({ query: PERIOD }),
    'GET /api/cake-orders/calendar': () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
    'GET /api/cake-orders/:id': () => ({ params: { id: ids.orders.main } }),
    'POST /api/cake-orders': () => ({
      body: {
        phone: '0918 000 0000',
        customerName: 'Matrix Buyer',
        pickupAt: pickupIn(3).toISOString(),
        lines: [{ description: '8" mango', quantity: 1, price: 1500 }],
      },
    }),
    'POST /api/cake-orders/:id/payments': () => ({ params: { id: ids.orders.main }, body: payment }),
    'POST /api/cake-orders/:id/status': () => ({
      params: { id: ids.orders.statuses[0]! },
      body: { status: 'In production' },
    }),
    'POST /api/cake-orders/:id/pickup': () => ({
      params: { id: ids.orders.pickups[0]! },
      body: { payments: [{ method: 'GCash', amount: 2000, reference: 'G-PICKUP' }] },
    }),
    'POST /api/cake-orders/:id/cancel': () => ({
      params: { id: ids.orders.cancels[0]! },
      body: { reason: 'Party moved', refundDeposit: false },
    }),
    'PUT /api/settings/orders': () => ({
      body: { minimumDepositPercent: 0, maxOrdersPerDay: null, keepDepositOnStaffCancel: true },
    }),
    'POST /api/production': () => ({ body: { cakeId: ids.recipeCake, quantity: 1 } }),
    'GET /api/bake-plan': () => ({ query: { date: '2026-01-01' } }),
    'GET /api/cake/:id/lots': () => ({ params: { id: ids.cakes.main } }),
    'POST /api/terminals': () => ({
      body: { name: `Matrix New Till ${fresh()}`, invoicePrefix: `N${fresh()}-` },
    }),
    'POST /api/terminals/:id/invoice-blocks': () => ({ params: { id: 1 }, body: { size: 1 } }),
    'PUT /api/terminals/:id': () => ({
      params: { id: ids.terminals.edit },
      body: { name: 'Matrix Till', invoicePrefix: 'MX-' },
    }),
    'PUT /api/printers/:terminalId': () => ({
      params: { terminalId: ids.terminals.edit },
      body: { host: '127.0.0.1', port: 9100 },
    }),
    'DELETE /api/printers/:terminalId': () => ({ params: { terminalId: ids.terminals.removes[0]! } }),
    'POST /api/printers/:terminalId/test': () => ({ params: { terminalId: ids.terminals.printing } }),
    'POST /api/sales/:id/print': () => ({
      params: { id: ids.sale },
      body: { terminalId: ids.terminals.printing },
    }),
    'POST /api/drawer/open': () => ({
      body: { terminalId: ids.terminals.printing, reason: 'Change for a ₱1,000 bill' },
    }),
    'GET /api/journal': () => ({ query: DAYS }),
    'GET /api/bir/sales-summary': () => ({ query: DAYS }),
    'POST /api/reorder-suggestions/:supplierId/draft': () => ({ params: { supplierId: 'SUP-MR0' } }),
  };
}

/** The input of every tRPC procedure that needs one: the others are sent `{}`. */
function procedureInputs(
  ids: Ids,
  fresh: () => string,
  shop: TestShop,
): Record<string, (caller: CallerOf) => unknown | Promise<unknown>> {
  const router = (list: string) => SETTINGS_LABELS[list as keyof typeof SETTINGS_LABELS].router;
  const listInputs = Object.fromEntries(
    SETTINGS_LISTS.flatMap((list) => {
      const [, edit, , deleted] = ids.lists[list]!;
      const type = list === 'category' ? { type: 'inventory' } : {};
      return [
        [`settings.${router(list)}.list`, () => type],
        [`settings.${router(list)}.add`, () => ({ name: `Matrix ${list} ${fresh()}`, ...type })],
        [`settings.${router(list)}.update`, () => ({ id: edit, name: `Matrix ${list} edited`, ...type })],
        [`settings.${router(list)}.delete`, () => ({ id: deleted })],
      ];
    }),
  );
  const cake = {
    categoryId: ids.cakeCategory,
    sizeId: ids.lists.size![0],
    availability: 'Always',
    price: 90000,
    ingredients: [{ itemId: ids.items.main, quantity: 1000 }],
  };
  const poFields = {
    supplierId: ids.suppliers.main,
    lines: [{ itemId: ids.items.main, quantity: 1000, unitCost: 3000 }],
  };
  return {
    'auth.login': () => ({ email: LOGIN, password: PASSWORD }),
    'auth.refresh': async () => ({ refreshToken: (await shop.login(LOGIN)).refreshToken }),
    'auth.setNewPassword': (caller) => ({ userId: caller.userId, newPassword: 'matrix-new-pass-1' }),
    'requests.register': () => ({ email: `matrix-trpc${fresh()}@bakeshop.test`, password: 'long-enough-1' }),
    'requests.approve': () => ({ id: ids.registrations[2] }),
    'requests.reject': () => ({ id: ids.registrations[3] }),
    'resetRequests.create': () => ({ email: `matrix-reset${fresh()}@bakeshop.test` }),
    'resetRequests.approve': () => ({ id: ids.resets[3] }),
    'resetRequests.reject': () => ({ id: ids.resets[4] }),
    'resetRequests.delete': () => ({ id: ids.resets[5] }),
    'settings.saveShopProfile': () => ({ businessName: 'Matrix Bakery' }),
    ...listInputs,
    'users.update': () => ({
      id: ids.bystander.id,
      username: 'matrix.bystander',
      email: ids.bystander.email,
      role: 'staff',
    }),
    'users.deactivate': () => ({ id: ids.bystander.id }),
    'users.reactivate': () => ({ id: ids.bystander.id }),
    'actionRequests.approve': () => ({ id: ids.held[2] }),
    'actionRequests.reject': () => ({ id: ids.held[3] }),
    'suppliers.add': () => ({ supplierId: `SUP-T${fresh()}`, name: 'Matrix Egg Co' }),
    'suppliers.update': () => ({ id: ids.suppliers.main, supplierId: 'SUP-M1', name: 'Matrix Mill' }),
    'suppliers.delete': () => ({ id: ids.suppliers.deletes[1] }),
    'customers.purchases': () => ({ id: ids.customers.main }),
    'customers.add': () => ({ customerId: `CUST-T${fresh()}`, name: 'Matrix Cora' }),
    'customers.update': () => ({ id: ids.customers.main, customerId: 'CUST-M1', name: 'Matrix Buyer' }),
    'customers.delete': () => ({ id: ids.customers.deletes[1] }),
    'inventory.get': () => ({ id: ids.items.main }),
    'inventory.movements': () => ({ id: ids.items.main }),
    'inventory.lots': () => ({ id: ids.items.main }),
    'inventory.add': () => ({ name: `Matrix Rye ${fresh()}`, stock: 1000 }),
    'inventory.update': () => ({ id: ids.items.main, changes: { name: 'Matrix Flour' } }),
    'inventory.delete': () => ({ id: ids.items.deletes[1] }),
    'cakes.get': () => ({ id: ids.cakes.main }),
    'cakes.add': () => ({ name: `Matrix Choco ${fresh()}`, ...cake }),
    'cakes.update': () => ({ id: ids.cakes.main, cake: { name: 'Matrix Cake', ...cake } }),
    'cakes.delete': () => ({ id: ids.cakes.deletes[1] }),
    'sales.checkout': () => ({
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      lines: [{ kind: 'item', id: ids.items.main, quantity: 1 }],
    }),
    'sales.offline': () => ({
      ...offlineSale(ids, 'SALE-MXOFFTRP', ids.block.first + 1),
      lines: [{ kind: 'item', id: ids.items.main, quantity: 1, price: 5000 }],
      expected: { subtotal: 5000, taxAmount: 0, totalAmount: 5000 },
    }),
    'sales.refund': () => ({ id: ids.refunds[1] }),
    'sales.get': () => ({ id: ids.sale }),
    'sales.receipt': () => ({ id: ids.sale }),
    'sales.reprint': () => ({ id: ids.sale }),
    'sales.sc5Allowance': () => ({ idNumber: 'OSCA-MATRIX' }),
    // One open shift a cashier: the one each caller opened over REST is closed first.
    'shifts.open': async (caller) => {
      const api = shop.caller(caller.token);
      const open = await api.shifts.current().catch(() => ({ shift: null, reading: null }));
      if (open.shift && open.reading)
        await api.shifts.close({ id: open.shift.id, countedCash: open.reading.expectedCash });
      return { openingCash: 0 };
    },
    'shifts.cash': () => ({ id: ids.shift, type: 'in', amount: 100, reason: 'Matrix coins' }),
    'shifts.voidCash': () => ({ id: ids.cashMoves[1], reason: 'Typed twice' }),
    'shifts.reading': () => ({ id: ids.shift }),
    'shifts.close': () => ({ id: ids.closes[1], countedCash: 0 }),
    'shifts.list': () => DAYS,
    'shifts.takeZReading': () => ({
      terminalId: ids.terminals.zReadings[1],
      allowEmpty: true,
      requestKey: `mx-z-${fresh()}`,
    }),
    'shifts.zReadings': () => DAYS,
    'shifts.scPwdBook': () => DAYS,
    'reports.revenueCostByDay': () => ({ days: 30 }),
    'reports.summary': () => PERIOD,
    'reports.records': () => ({ period: PERIOD, limit: 6 }),
    'reports.recordsPage': () => ({ period: PERIOD, page: 1, limit: 6 }),
    'reports.byCashier': () => PERIOD,
    'reports.byItem': () => ({ period: PERIOD, page: 1, limit: 10 }),
    'pricing.setPrice': () => ({ kind: 'item', id: ids.items.main, price: 5000 }),
    'purchaseOrders.get': () => ({ id: ids.pos.edits[1] }),
    'purchaseOrders.create': () => poFields,
    'purchaseOrders.update': () => ({ id: ids.pos.edits[1], ...poFields, notes: 'Edited' }),
    'purchaseOrders.order': () => ({ id: ids.pos.orders[1] }),
    'purchaseOrders.cancel': () => ({ id: ids.pos.cancels[1] }),
    'purchaseOrders.receive': () => ({
      id: ids.pos.receives[1],
      lines: [{ itemId: ids.items.main, quantity: 1000, expirationDate: '2099-01-31' }],
    }),
    'waste.writeOff': () => ({ itemId: ids.items.main, quantity: 500, reason: 'Damaged' }),
    'waste.writeOffExpired': () => ({ id: ids.items.expired[1] }),
    'waste.writeOffExpiredCake': () => ({ id: ids.cakes.expired[1] }),
    'waste.log': () => ({ period: PERIOD }),
    'cakeOrders.get': () => ({ id: ids.orders.main }),
    'cakeOrders.calendar': () => ({ from: '2026-01-01', to: '2026-01-31' }),
    'cakeOrders.create': () => ({
      phone: '0917 111 2222',
      customerName: 'Matrix Buyer',
      pickupAt: pickupIn(4),
      lines: [{ description: '8" ube', quantity: 1, price: 150000 }],
    }),
    'cakeOrders.pay': () => ({
      id: ids.orders.main,
      payment: { method: 'GCash', amount: 10000, reference: 'G-MX' },
    }),
    'cakeOrders.setStatus': () => ({ id: ids.orders.statuses[1], status: 'In production' }),
    'cakeOrders.pickup': () => ({
      id: ids.orders.pickups[1],
      payments: [{ method: 'GCash', amount: 200000, reference: 'G-PICKUP' }],
    }),
    'cakeOrders.cancel': () => ({ id: ids.orders.cancels[1], reason: 'Party moved', refundDeposit: false }),
    'cakeOrders.saveSettings': () => ({
      minimumDepositPercent: 0,
      maxOrdersPerDay: null,
      keepDepositOnStaffCancel: true,
    }),
    'production.bake': () => ({ cakeId: ids.recipeCake, quantity: 1 }),
    'production.plan': () => ({ date: '2026-01-01' }),
    'production.cakeLots': () => ({ id: ids.cakes.main }),
    'terminals.create': () => ({ name: `Matrix New Till ${fresh()}`, invoicePrefix: `T${fresh()}-` }),
    'terminals.update': () => ({ id: ids.terminals.edit, name: 'Matrix Till', invoicePrefix: 'MX-' }),
    'terminals.reserveBlock': () => ({ terminalId: 1, size: 1 }),
    'printers.set': () => ({ terminalId: ids.terminals.edit, host: '127.0.0.1', port: 9100 }),
    'printers.remove': () => ({ terminalId: ids.terminals.removes[1] }),
    'printers.test': () => ({ terminalId: ids.terminals.printing }),
    'printers.print': () => ({ document: 'receipt', id: ids.sale, terminalId: ids.terminals.printing }),
    'printers.openDrawer': () => ({ terminalId: ids.terminals.printing, reason: 'Change for a ₱1,000 bill' }),
    'journal.export': () => DAYS,
    'bir.salesSummary': () => DAYS,
    'reorder.draft': () => ({ supplierId: 'SUP-MR1' }),
  };
}

export type MatrixShop = Awaited<ReturnType<typeof seedMatrixShop>>;

/**
 * The routes and procedures no caller of the matrix can carry through, with the status their
 * allowed callers get instead (past validation and the id lookup all the same) and why. The
 * matrix fails when one of them gets through after all: then its line goes.
 */
export const NOT_REACHED: Record<string, { status: number; why: string }> = {
  // tests/api/authz-matrix.test.ts, "a must-reset session sets only its own account's password".
  'POST /api/resetRequest/reset-password': {
    status: 403,
    why: 'only a session opened with a temporary password sets a new one; no caller of the matrix holds one',
  },
  'auth.setNewPassword': {
    status: 403,
    why: 'only a session opened with a temporary password sets a new one; no caller of the matrix holds one',
  },
};
