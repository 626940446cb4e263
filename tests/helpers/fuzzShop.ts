import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { cakeLots, passwordResetRequests } from '../../server/db/schema';
import { settleCakeExpiry } from '../../server/domains/cakes/cakeLotStock';
import { NAMED_LISTS } from '../../shared/texts/settings';
import type { TestShop } from './app';
import { fakePrinter } from './fakePrinter';
import { putLot } from './lots';

// The small shop tests/api/fuzz.test.ts feeds: a row of each kind its valid inputs name, so
// a hostile field meets a real record and the code behind it, not a lookup that finds
// nothing. Rows a valid call would use up (a delete, a pickup, a cancellation) come twice
// where both a REST route and its tRPC twin aim at one; a "spare" one nothing else uses is
// what a delete names. And the dry run: a valid call sent in a savepoint rolled back after,
// to see it get through without writing anything.

/** Seeds the shop through the system admin; answers its token, the records, and `close`. */
export async function seedFuzzShop(shop: TestShop) {
  const admin = await shop.adminSession();
  const token = admin.accessToken;
  const api = admin.api;
  const adminId = admin.user.id;
  const unit = (await api.settings.units.add({ name: 'sack' })).record.id;
  const itemCategory = (await api.settings.categories.add({ name: 'Flour', type: 'inventory' })).record.id;
  const cakeCategory = (await api.settings.categories.add({ name: 'Birthday', type: 'cake' })).record.id;
  const size = (await api.settings.sizes.add({ name: '8 inch' })).record.id;
  /** One entry of each name-only settings list, by its name in the REST path, and one no row uses. */
  const lists: Record<string, number> = { size, uom: unit };
  const spareLists: Record<string, number> = {};
  for (const list of NAMED_LISTS)
    for (const [into, name] of [
      [lists, `First ${list}`],
      [spareLists, `Spare ${list}`],
    ] as const) {
      if (into[list]) continue;
      const res = await shop.app.inject({
        method: 'POST',
        url: `/api/settings/${list}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { name },
      });
      into[list] = res.json().record._id;
    }
  const spareCategory = (await api.settings.categories.add({ name: 'Spare', type: 'inventory' })).record.id;

  const supplier = (
    await api.suppliers.add({ supplierId: 'SUP-001', name: 'Flour Co', contact: '0917', company: 'Mill' })
  ).record.id;
  const spareSupplier = (await api.suppliers.add({ supplierId: 'SUP-SPARE', name: 'Spare Co' } as never))
    .record.id;
  const customer = (
    await api.customers.add({
      customerId: 'CUST-001',
      name: 'Ana Cruz',
      email: 'ana@example.com',
      phoneNumber: '0917 000 0000',
      address: 'Quezon City',
    })
  ).record.id;
  const item = (name: string, stock: number, fields: Record<string, unknown> = {}) =>
    api.inventory.add({
      name,
      stock,
      categoryId: itemCategory,
      purchasePrice: 6000,
      unitPrice: 8000,
      amount: 1,
      unitId: unit,
      supplierId: supplier,
      restockThreshold: 5_000,
      expirationDate: '2099-12-31',
      ...fields,
    } as never);
  const breadFlour = (await item('Bread Flour', 500_000)).item;
  const itemB = (await item('Sugar', 300_000)).item.id;
  // Sold through tRPC at its price, which no route of the fuzz edits (the REST edits change A and B's).
  const itemC = (await item('Plain Flour', 300_000)).item.id;
  const spareItem = (await item('Spare Salt', 1000, { supplierId: null })).item.id;
  // With a lot past its date: writing off the expired stock finds some.
  const staleItem = (await item('Stale Yeast', 0, { expirationDate: null })).item.id;
  putLot(shop, staleItem, { quantity: 2000, unitCost: 6000, expirationDate: '2020-01-01' });
  // At its restock threshold, from a supplier of its own: a reorder draft is made from it.
  const lowSupplier = (await api.suppliers.add({ supplierId: 'SUP-LOW', name: 'Low Co' } as never)).record.id;
  await item('Low Cocoa', 0, { supplierId: lowSupplier, expirationDate: null });

  const cakeInput = (name: string, stock: number) => ({
    name,
    categoryId: cakeCategory,
    sizeId: size,
    availability: 'Always',
    price: 50000,
    stock,
    ingredients: [{ itemId: breadFlour.id, quantity: 1000 }],
  });
  const cake = (await api.cakes.add(cakeInput('Ube Cake', 20) as never)).cake.id;
  const staleCake = (await api.cakes.add(cakeInput('Stale Cake', 0) as never)).cake;
  shop.db.transaction((tx) => {
    tx.insert(cakeLots)
      .values({
        cakeId: staleCake.id,
        source: 'adjustment',
        quantity: 2,
        remaining: 2,
        unitCost: 10000,
        expirationDate: '2020-01-01',
      })
      .run();
    settleCakeExpiry(tx, { kind: 'cake', id: staleCake.id, record: staleCake.cakeId }, new Date());
  });

  const draft = () =>
    api.purchaseOrders.create({
      supplierId: supplier,
      lines: [{ itemId: breadFlour.id, quantity: 10_000, unitCost: 6000 }],
    });
  const purchaseOrder = (await draft()).purchaseOrder.id;
  const orderedPO = (await draft()).purchaseOrder.id;
  await api.purchaseOrders.order({ id: orderedPO });

  const shift = (await api.shifts.open({ openingCash: 100000 })).shift.id;
  const cashMove = async () =>
    (await api.shifts.cash({ id: shift, type: 'in', amount: 100, reason: 'Coins' })).reading.movements.at(-1)!
      .id;
  const sell = (id: number, quantity: number) =>
    api.sales.checkout({
      orderType: 'Walk-in',
      lines: [{ kind: 'item', id, quantity }],
      paymentMethod: 'Cash',
    });
  const sale = (await sell(breadFlour.id, 2)).sale;
  const refundedSale = (await sell(breadFlour.id, 1)).sale.id;
  await api.sales.refund({ id: refundedSale });
  // Numbers the device set aside, as it does while online: its offline sales take them.
  const blockFirst = (await api.terminals.reserveBlock({ terminalId: 1, size: 10 })).block.first;
  // A till with a receipt printer listening on loopback: printing and the drawer get through
  // there. The first till has none, so printing with no till named is refused (409).
  const printing = (await api.terminals.create({ name: 'Counter P', invoicePrefix: 'P-' } as never)).terminal
    .id;
  const printer = await fakePrinter();
  await api.printers.set({
    terminalId: printing,
    host: '127.0.0.1',
    port: printer.port,
    openDrawer: true,
  } as never);

  const order = async () =>
    (
      await api.cakeOrders.create({
        customerName: 'Lia Reyes',
        phone: '0917 111 2222',
        pickupAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
        lines: [{ description: '8" ube, "Happy 7th"', quantity: 1, price: 150000 }],
      } as never)
    ).order.id;

  const staff = await shop.signedIn('staff');
  await staff.api.suppliers.update({ id: supplier, supplierId: 'SUP-001', name: 'Flour Company' });
  const action = (await api.actionRequests.list({ status: 'pending' }))[0]!.id;
  // A held change of a customer nothing else edits: still good to apply when tRPC's turn comes.
  const heldCustomer = (await api.customers.add({ customerId: 'CUST-HELD', name: 'Held Buyer' } as never))
    .record.id;
  await staff.api.customers.update({ id: heldCustomer, customerId: 'CUST-HELD', name: 'Renamed' } as never);
  const laterAction = Math.max(...(await api.actionRequests.list({ status: 'pending' })).map((r) => r.id));
  await shop.caller().requests.register({ email: 'applicant@bakeshop.test', password: 'long-enough-1' });
  const registration = (await api.requests.list())[0]!.id;
  await shop.caller().resetRequests.create({ email: staff.user.email });
  const reset = (await api.resetRequests.list())[0]!.id;
  // A request already decided: deleting one is allowed.
  const decidedReset = shop.db
    .insert(passwordResetRequests)
    .values({ email: staff.user.email, userId: staff.user.id, status: 'rejected' })
    .returning()
    .get().id;
  const inactiveUser = (await shop.addUser('staff', { status: 'deactivated' })).id;

  const ids = {
    adminId,
    staffId: staff.user.id,
    inactiveUser,
    unit,
    itemCategory,
    cakeCategory,
    spareCategory,
    size,
    supplier,
    spareSupplier,
    lowSupplier: 'SUP-LOW',
    customer,
    itemA: breadFlour.id,
    itemCodeA: breadFlour.itemId,
    itemB,
    itemC,
    spareItem,
    staleItem,
    cake,
    staleCake: staleCake.id,
    sale: sale.id,
    saleCode: sale.saleId,
    /** A sale already refunded: a refund that gets through answers 409 and writes nothing. */
    refundedSale,
    shift,
    /** Voided over REST and through tRPC, one each. */
    cashMoves: [await cashMove(), await cashMove()],
    registration,
    reset,
    decidedReset,
    action,
    laterAction,
    purchaseOrder,
    orderedPO,
    /** Cake orders: one paid towards and moved along; one to pick up and one to cancel for each twin. */
    cakeOrder: await order(),
    pickupOrders: [await order(), await order()],
    cancelOrders: [await order(), await order()],
    /** The first of a block of terminal 1's invoice numbers, for the offline sales' valid inputs. */
    blockFirst,
    printing,
    lists,
    spareLists,
  };
  return { token, ids, close: () => printer.close() };
}

export type FuzzIds = Awaited<ReturnType<typeof seedFuzzShop>>['ids'];

/** Why a call is not expected to get through: the status it answers instead, and why. */
export interface Blocked {
  status: number;
  why: string;
}

/**
 * Sends `options` in a savepoint and rolls it back after: what a valid call answers, with
 * nothing written (the app's transactions nest as savepoints inside it). The app must
 * answer before the rollback: a write scheduled after its answer would escape it.
 */
export async function dryRun(shop: TestShop, options: InjectOptions): Promise<LightMyRequestResponse> {
  const sqlite = shop.db.$client;
  sqlite.exec('SAVEPOINT dry_run');
  try {
    return await shop.app.inject(options);
  } finally {
    sqlite.exec('ROLLBACK TO dry_run');
    sqlite.exec('RELEASE dry_run');
  }
}

/**
 * What is wrong, if anything, with the answer to a valid call: it must get through (a 2xx),
 * unless `blocked` names the status it gets instead; a listed status that no longer
 * comes is wrong too.
 */
export function notThrough(res: LightMyRequestResponse, blocked: Blocked | undefined): string | undefined {
  const status = res.statusCode;
  const through = status >= 200 && status < 300;
  if (blocked && through) return `the valid call gets through (${status}): take out its blocked status`;
  if (blocked && status !== blocked.status)
    return `the valid call answers ${status}, not ${blocked.status} (${blocked.why}): ${res.body.slice(0, 200)}`;
  if (!blocked && !through)
    return `the valid call does not get through: ${status} ${res.body.slice(0, 200)}. Name real rows in it (tests/helpers/fuzzShop.ts), or say why it is blocked`;
  return undefined;
}
