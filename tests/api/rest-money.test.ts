import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_TEXT } from '../../shared/texts/fields';
import { type Session, type TestShop, testApp } from '../helpers/app';

// The REST contract takes money in pesos with at most two decimals, as a
// number or as text like "12.50". An amount with a third decimal, or text that is not a
// plain decimal (hex, an exponent, words), is refused with 400 naming the field, never
// rounded or read some other way, and nothing is written; a caller without the right is
// told so first (401). Float noise within a millionth of a centavo (0.1 + 0.2) is the
// two-decimal amount it stands for.

let shop: TestShop;
let admin: Session;
const ids = { item: 0, cake: 0, cakeCategory: 0, size: 0 };
let seq = 0;

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
  const api = admin.api;
  ids.cakeCategory = (await api.settings.categories.add({ name: 'Birthday', type: 'cake' })).record.id;
  ids.size = (await api.settings.sizes.add({ name: '8 inch' })).record.id;
  ids.item = (await api.inventory.add({ name: 'Pandesal', stock: 1_000_000, unitPrice: 8000 })).item.id;
  ids.cake = (
    await api.cakes.add({
      name: 'Ube Cake',
      categoryId: ids.cakeCategory,
      sizeId: ids.size,
      availability: 'Always',
      price: 50000,
      ingredients: [{ itemId: ids.item, quantity: 1000 }],
    })
  ).cake.id;
});
afterAll(() => shop.close());

/** The admin's shift: closed (for opening one) or a new open one. */
async function noShift() {
  const { shift } = await admin.api.shifts.current();
  if (shift) await admin.api.shifts.close({ id: shift.id, countedCash: 0 });
}
async function openShift() {
  await noShift();
  return (await admin.api.shifts.open({ openingCash: 0 })).shift.id;
}

const sql = (query: string, ...params: unknown[]) =>
  shop.db.$client
    .prepare(query)
    .pluck()
    .get(...params);

interface Sent {
  method: InjectOptions['method'];
  url: string;
  body: Record<string, unknown>;
}

interface MoneyField {
  what: string;
  /** How the field is named in the message. */
  label: string;
  /** The call with `value` in the field (setting up what it needs first, like an open shift). */
  call: (value: unknown) => Promise<Sent>;
  /** Values it takes, as sent, and the centavos each must be read as. */
  valid: [unknown, number][];
  /** The centavos the accepted call stored. */
  stored: (answer: Record<string, unknown>) => number;
}

/** A sale of one ₱80.00 item with `fields` in its body. */
const sale = (fields: Record<string, unknown>): Sent => ({
  method: 'POST',
  url: '/api/sales',
  body: {
    orderType: 'Walk-in',
    items: [{ itemId: ids.item, quantity: 1 }],
    paymentMethod: 'Cash',
    ...fields,
  },
});
/** The totals a ₱80.00 sale without tax must carry, with `value` in one of them. */
const totals = (field: string, value: unknown) => ({
  subtotal: 80,
  taxAmount: 0,
  totalAmount: 80,
  discountAmount: 0,
  [field]: value,
});
const saleOf = (answer: Record<string, unknown>) => answer.sale as Record<string, unknown>;
const lastSale = (column: string) => () =>
  sql(`select ${column} from sales order by id desc limit 1`) as number;
const cake = (price: unknown) => ({
  name: `Cake ${++seq}`,
  category: ids.cakeCategory,
  size: ids.size,
  availability: 'Regular',
  unitPrice: price,
  ingredients: [{ inventoryItem: ids.item, quantity: 1 }],
});
/** Usual amounts: text with two decimals, float noise, a whole number as text. */
const USUAL: [unknown, number][] = [
  ['12.50', 1250],
  [0.1 + 0.2, 30],
  [' 7 ', 700],
  [12.3, 1230],
  ['12.500', 1250],
];

const FIELDS: MoneyField[] = [
  {
    what: "a new item's purchase price",
    label: 'Purchase price',
    call: async (v) => ({
      method: 'POST',
      url: '/api/inventory',
      body: { name: `Item ${++seq}`, purchasePrice: v },
    }),
    valid: USUAL,
    stored: (a) =>
      sql(
        'select purchase_price from inventory_items where id = ?',
        (a.item as { _id: number })._id,
      ) as number,
  },
  {
    what: "a new item's unit price",
    label: 'Unit price',
    call: async (v) => ({
      method: 'POST',
      url: '/api/inventory',
      body: { name: `Item ${++seq}`, unitPrice: v },
    }),
    valid: USUAL,
    stored: (a) =>
      sql('select unit_price from inventory_items where id = ?', (a.item as { _id: number })._id) as number,
  },
  {
    what: "an item's unit price in an edit",
    label: 'Unit price',
    call: async (v) => ({ method: 'PUT', url: `/api/inventory/${ids.item}`, body: { unitPrice: v } }),
    valid: [...USUAL, [80, 8000]],
    stored: () => sql('select unit_price from inventory_items where id = ?', ids.item) as number,
  },
  {
    what: "a new cake's price",
    label: 'Cake price',
    call: async (v) => ({ method: 'POST', url: '/api/cake/add', body: cake(v) }),
    valid: USUAL,
    stored: (a) => sql('select price from cakes where id = ?', (a.cake as { _id: number })._id) as number,
  },
  {
    what: "a cake's price in an edit",
    label: 'Cake price',
    call: async (v) => ({ method: 'PUT', url: `/api/cake/${ids.cake}`, body: cake(v) }),
    valid: USUAL,
    stored: () => sql('select price from cakes where id = ?', ids.cake) as number,
  },
  {
    what: 'a price set on Pricing Management',
    label: 'Price',
    call: async (v) => ({ method: 'PATCH', url: `/api/pricing/cake/${ids.cake}`, body: { price: v } }),
    valid: USUAL,
    stored: () => sql('select price from cakes where id = ?', ids.cake) as number,
  },
  {
    what: "a sale's cash tendered",
    label: 'Cash tendered',
    call: async (v) => sale({ cashTendered: v }),
    valid: [
      ['100.50', 10050],
      [99.9 + 0.2, 10010],
      ['80', 8000],
    ],
    stored: (a) => Math.round((saleOf(a).cashTendered as number) * 100),
  },
  {
    what: "a split payment's amount",
    label: 'Payment amount',
    call: async (v) =>
      sale({ paymentMethod: undefined, payments: [{ method: 'GCash', amount: v, reference: 'G-1' }] }),
    valid: [
      ['80.00', 8000],
      [79.9 + 0.1, 8000],
    ],
    stored: () => sql('select amount from sale_payments order by id desc limit 1') as number,
  },
  ...(['subtotal', 'taxAmount', 'totalAmount', 'discountAmount'] as const).map(
    (field): MoneyField => ({
      what: `a sale's expected ${field}`,
      label: {
        subtotal: 'Subtotal',
        taxAmount: 'Tax amount',
        totalAmount: 'Total amount',
        discountAmount: 'Discount amount',
      }[field],
      call: async (v) => sale(totals(field, v)),
      valid:
        field === 'subtotal' || field === 'totalAmount'
          ? [
              ['80.00', 8000],
              [79.9 + 0.1, 8000],
            ]
          : [
              ['0.00', 0],
              [0.1 + 0.2 - 0.3, 0],
            ],
      stored: lastSale(
        {
          subtotal: 'subtotal',
          taxAmount: 'tax_amount',
          totalAmount: 'total_amount',
          discountAmount: 'discount_amount',
        }[field],
      ),
    }),
  ),
  {
    what: "a shift's opening cash",
    label: 'Opening cash',
    call: async (v) => {
      await noShift();
      return { method: 'POST', url: '/api/shifts/open', body: { openingCash: v } };
    },
    valid: USUAL,
    stored: (a) =>
      sql('select opening_cash from shifts where id = ?', (a.shift as { id: number }).id) as number,
  },
  {
    what: 'a cash movement',
    label: 'Amount',
    call: async (v) => ({
      method: 'POST',
      url: `/api/shifts/${await openShift()}/cash`,
      body: { type: 'in', amount: v, reason: 'Change fund' },
    }),
    valid: USUAL,
    stored: () => sql('select amount from shift_cash order by id desc limit 1') as number,
  },
  {
    what: "a shift's counted cash",
    label: 'Counted cash',
    call: async (v) => ({
      method: 'POST',
      url: `/api/shifts/${await openShift()}/close`,
      body: { countedCash: v },
    }),
    valid: USUAL,
    stored: () => sql('select counted_cash from shifts order by id desc limit 1') as number,
  },
];

/** Never read as money: more than two decimals, or text that is not a plain decimal. */
const REFUSED: unknown[] = [
  12.345,
  '12.345',
  1.005,
  0.001,
  1.2345e1,
  '1.2345e1',
  '1e1',
  '12.3400000001',
  '0x10',
  '0b101',
  '0o17',
  '1,000.50',
  'Infinity',
  '₱12.50',
  'abc',
];

const writes = () => sql('select total_changes()') as number;

function send({ method, url, body }: Sent, token: string | null = admin.accessToken) {
  return shop.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });
}

describe.each(FIELDS)('$what', (field) => {
  it('refuses more than two decimals, hex, exponents and words with 400 naming the field, writing nothing', async () => {
    const problems: string[] = [];
    const message = MONEY_TEXT.pesos(field.label);
    for (const value of REFUSED) {
      const call = await field.call(value);
      const before = writes();
      const res = await send(call);
      if (res.statusCode !== 400 || res.json().message !== message)
        problems.push(`${JSON.stringify(value)}: ${res.statusCode} ${res.body}`);
      if (writes() !== before) problems.push(`${JSON.stringify(value)}: wrote something`);
    }
    expect(problems).toEqual([]);
  });

  it('tells a caller without a token to sign in first, whatever the amount', async () => {
    const res = await send(await field.call(12.345), null);
    expect(res.statusCode, res.body).toBe(401);
  });

  it('reads two-decimal pesos, as numbers or text, to the centavo', async () => {
    const problems: string[] = [];
    for (const [value, centavos] of field.valid) {
      const res = await send(await field.call(value));
      if (res.statusCode >= 300) problems.push(`${JSON.stringify(value)}: ${res.statusCode} ${res.body}`);
      else if (field.stored(res.json()) !== centavos)
        problems.push(`${JSON.stringify(value)}: stored ${field.stored(res.json())}, not ${centavos}`);
    }
    expect(problems).toEqual([]);
  });
});
