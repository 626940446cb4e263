import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { changedTables, digestOf } from '../helpers/fuzzInputs';
import { UNUSUAL_CODES, UNUSUAL_TEXT } from '../helpers/text';

// A day of the shop's ordinary work typed with unusual but valid text (accents, ñ, emoji
// sequences, quotes, a leading = or +, names at the length limit), entered through the
// real procedures; then each area's backup, downloaded and restored onto the same shop
// (a dry run, then for real), finds nothing to add, nothing to update and no row to
// refuse, and changes nothing. Only the REST routes touch the files.

/**
 * The areas checked, each with the table holding one row per record its restore counts.
 * Another area is one more line, e.g. { area: 'cakes', records: 'cakes' }.
 */
const AREAS: { area: string; records: string }[] = [
  { area: 'inventory', records: 'inventory_items' },
  { area: 'cakes', records: 'cakes' },
  { area: 'supplier', records: 'suppliers' },
  { area: 'customers', records: 'customers' },
  { area: 'sales', records: 'sales' },
  { area: 'users', records: 'users' },
];

/** Written by every restore and download on purpose: the audit trail. */
const AUDIT = new Set(['activity_logs', 'activity_by_day', 'notifications', 'sqlite_sequence']);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let shop: TestShop;
let admin: Session;

/** A name exactly at the 120-character limit, with accents, ñ, quotes and an emoji. */
const LONG = 'Pastelería Niña Ñ "=Special" 🎂 '.padEnd(120, 'x');
/** Text number `n` of the samples, and a business id made unique by `n`. */
const text = (n: number) => UNUSUAL_TEXT[n % UNUSUAL_TEXT.length] as string;
const code = (n: number) => `${UNUSUAL_CODES[n % UNUSUAL_CODES.length]}${n}`;

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  const api = admin.api;

  // Settings lists, named unusually (names are unique, so each carries its number).
  const category = (await api.settings.categories.add({ name: `${text(0)} 0`, type: 'inventory' })).record.id;
  const cakeCategory = (await api.settings.categories.add({ name: `${text(3)} 3`, type: 'cake' })).record.id;
  const unit = (await api.settings.units.add({ name: `${text(8)} 8` })).record.id;
  const size = (await api.settings.sizes.add({ name: `${text(9)} 9` })).record.id;

  // Suppliers and customers: every text field unusual, one name at the limit.
  const suppliers: number[] = [];
  for (let n = 0; n < UNUSUAL_TEXT.length; n++) {
    const { record } = await api.suppliers.add({
      supplierId: code(n),
      name: n === 0 ? LONG : text(n),
      contact: text(n + 1),
      company: text(n + 2),
    });
    suppliers.push(record.id);
  }
  const customers: number[] = [];
  for (let n = 0; n < 4; n++) {
    const { record } = await api.customers.add({
      customerId: code(n + 20),
      name: n === 0 ? LONG : text(n + 4),
      email: `buyer${n}@example.com`,
      phoneNumber: '+63 917 000 0000',
      address: text(n + 5),
    });
    customers.push(record.id);
  }

  // Items, every other one SC/PWD-eligible, and a cake made of one.
  const items: number[] = [];
  for (let n = 0; n < UNUSUAL_TEXT.length; n++) {
    const { item } = await api.inventory.add({
      itemId: code(n + 40),
      name: n === 0 ? LONG : text(n),
      // In thousandths: some hold part of a unit (500.125), which the sheet writes as it is.
      stock: 500_000 + (n % 3) * 125,
      categoryId: category,
      unitId: unit,
      supplierId: suppliers[n % suppliers.length] ?? null,
      purchasePrice: 4550 + n,
      unitPrice: 6125 + n,
      amount: 1.5,
      restockThreshold: 5_000 + (n % 2) * 500,
      scPwdEligible: n % 2 === 0,
      expirationDate: '2099-12-31',
    });
    items.push(item.id);
  }
  const { cake } = await api.cakes.add({
    cakeId: code(60),
    name: text(3),
    categoryId: cakeCategory,
    sizeId: size,
    availability: 'Always',
    price: 85000,
    stock: 10,
    ingredients: [{ itemId: items[1] as number, quantity: 1000 }],
  });

  // The day's sales: customer names, SC/PWD holders, references, split tender, a refund.
  await api.shifts.open({ openingCash: 100_000 });
  const line = (n: number, quantity = 1) => ({ kind: 'item' as const, id: items[n] as number, quantity });
  const sold: number[] = [];
  const sell = async (input: Parameters<typeof api.sales.checkout>[0]) =>
    sold.push((await api.sales.checkout(input)).sale.id);
  await sell({ customerName: LONG, orderType: 'Walk-in', lines: [line(0, 2)], paymentMethod: 'Cash' });
  await sell({
    customerName: text(1),
    customerId: customers[1],
    orderType: 'Walk-in',
    lines: [line(2), { kind: 'cake', id: cake.id, quantity: 1 }],
    taxRate: 12,
    paymentMethod: 'GCash',
    reference: text(8),
  });
  await sell({
    customerName: text(4),
    orderType: 'Walk-in',
    lines: [line(4), line(5)],
    paymentMethod: 'Cash',
    discount: { type: 'SC', name: text(2), idNumber: '+SC-0421-118' },
  });
  await sell({
    customerName: text(6),
    orderType: 'Walk-in',
    lines: [line(6)],
    paymentMethod: 'Cash',
    discount: { type: 'PWD', name: LONG, idNumber: '=PWD-1' },
  });
  const split = await api.sales.checkout({
    customerName: text(9),
    orderType: 'Walk-in',
    lines: [line(7, 3)],
    payments: [
      { method: 'PayMaya', amount: 10_000, reference: text(10) },
      { method: 'Credit Card', amount: 3 * 6132 - 10_000, reference: text(12) },
    ],
  });
  sold.push(split.sale.id);
  await sell({ customerName: text(11), orderType: 'Walk-in', lines: [line(8)], paymentMethod: 'Cash' });
  await api.sales.refund({ id: sold.at(-1) as number });

  // Accounts: registrations approved, renamed, given roles; one deactivated.
  for (const [n, username, role] of [
    [1, 'niña.staff', 'staff'],
    [2, 'jose_owner-2', 'owner'],
    [3, 'm.manager', 'manager'],
  ] as const) {
    const email = `person${n}@bakeshop.test`;
    await shop.caller(undefined, `10.7.0.${n}`).requests.register({ email, password: 'long-enough-1' });
    const request = (await api.requests.list()).find((r) => r.email === email);
    await api.requests.approve({ id: request?.id as number });
    const account = (await api.users.list()).find((a) => a.email === email);
    // Usernames are letters, digits and . _ - only, so the ñ stays out of them.
    await api.users.update({ id: account?.id as number, username: username.replace('ñ', 'n'), email, role });
  }
  const leaving = (await api.users.list()).find((a) => a.email === 'person3@bakeshop.test');
  await api.users.deactivate({ id: leaving?.id as number });
});
afterAll(() => shop.close());

function backup(area: string) {
  return shop.app.inject({
    method: 'GET',
    url: `/api/backup/${area}`,
    headers: { authorization: `Bearer ${admin.accessToken}` },
  });
}

function restore(area: string, file: Buffer, dryRun: boolean) {
  return shop.app.inject({
    method: 'POST',
    url: `/api/backup/${area}/restore${dryRun ? '?dryRun=true' : ''}`,
    headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/octet-stream' },
    payload: file,
  });
}

const digest = () => digestOf(shop.db.$client, AUDIT);
const count = (table: string) => shop.db.$client.prepare(`select count(*) from ${table}`).pluck().get();

describe.each(AREAS)('the $area backup restored onto the same shop', ({ area, records }) => {
  it('finds every record unchanged, refuses no row and changes nothing', async () => {
    const before = digest();
    const file = await backup(area);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX);
    const nothingToDo = { added: 0, updated: 0, unchanged: count(records), rejected: [] };

    const preview = await restore(area, file.rawPayload, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ ...nothingToDo, applied: false });

    const restored = await restore(area, file.rawPayload, false);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ ...nothingToDo, applied: true });

    expect(changedTables(before, digest())).toEqual([]);
  });
});

it('the day was entered with the unusual text it meant to test', () => {
  const names = shop.db.$client.prepare('select name from inventory_items').pluck().all();
  expect(names).toEqual(expect.arrayContaining([LONG, ...UNUSUAL_TEXT.slice(1)]));
  expect(count('sales')).toBe(6);
  expect(
    shop.db.$client.prepare('select discount_name from sales where discount_name is not null').pluck().all(),
  ).toEqual([text(2), LONG]);
});
