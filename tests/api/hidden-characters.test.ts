import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORED_TEXT } from '../../shared/texts/storedText';
import { type TestShop, testApp } from '../helpers/app';
import { UNUSUAL_CODES, UNUSUAL_TEXT } from '../helpers/text';

// Text the shop stores goes into backups (spreadsheets), receipts, logs and other people's
// screens. Hidden and control characters (NUL, bell, escape sequences, bidi overrides,
// zero-width characters, stray variation selectors, lone surrogates, non-characters) are
// refused at input, on every stored text field, over REST and tRPC alike: 400, a message
// naming the field, nothing written. Unusual but real text (accents, ñ, emoji sequences,
// quotes, a leading = or +) is stored as sent.

let shop: TestShop;
let token = '';
const ids = { itemCategory: 0, cakeCategory: 0, size: 0, item: 0, supplier: 0, staff: 0, shift: 0 };
let seq = 0;
const next = () => ++seq;

beforeAll(async () => {
  shop = await testApp();
  const admin = await shop.adminSession();
  token = admin.accessToken;
  const api = admin.api;
  ids.itemCategory = (await api.settings.categories.add({ name: 'Flour', type: 'inventory' })).record.id;
  ids.cakeCategory = (await api.settings.categories.add({ name: 'Birthday', type: 'cake' })).record.id;
  ids.size = (await api.settings.sizes.add({ name: '8 inch' })).record.id;
  ids.supplier = (await api.suppliers.add({ supplierId: 'SUP-BASE', name: 'Mills' })).record.id;
  ids.item = (
    await api.inventory.add({
      itemId: 'INV-BASE',
      name: 'Pandesal',
      stock: 1_000_000_000,
      unitPrice: 8000,
      scPwdEligible: true,
      restockThreshold: 0,
    })
  ).item.id;
  ids.staff = (await shop.signedIn('staff')).user.id;
  ids.shift = (await api.shifts.open({ openingCash: 100_000 })).shift.id;
});
afterAll(() => shop.close());

// ---------------------------------------------------------------------------------------
// The characters refused, each set inside ordinary text.

/** Refused as hidden or control characters. */
const HIDDEN: [string, string][] = [
  ['NUL', '\u0000'],
  ['a bell', '\u0007'],
  ['a backspace', '\b'],
  ['a tab', '\t'],
  ['an escape sequence', '\u001b[31m'],
  ['DEL', '\u007f'],
  ['a C1 control (CSI)', '\u009b'],
  ['a right-to-left override', '\u202e'],
  ['a left-to-right embedding', '\u202a'],
  ['a left-to-right isolate', '\u2066'],
  ['a pop directional isolate', '\u2069'],
  ['a left-to-right mark', '\u200e'],
  ['a right-to-left mark', '\u200f'],
  ['an Arabic letter mark', '\u061c'],
  ['a zero-width space', '\u200b'],
  ['a zero-width non-joiner', '\u200c'],
  ['a word joiner', '\u2060'],
  ['a zero-width no-break space (BOM)', '\ufeff'],
  ['a soft hyphen', '\u00ad'],
  ['a Hangul filler', '\u3164'],
  ['variation selector 1', '\ufe00'],
  ['variation selector 15', '\ufe0e'],
  ['variation selector 17', '\u{e0100}'],
  ['a tag character outside a flag', '\u{e0041}'],
  ['an interlinear annotation anchor', '\ufff9'],
  ['a lone high surrogate', '\ud800'],
  ['a lone low surrogate', '\udc00'],
  ['the non-character U+FFFE', '\ufffe'],
  ['the non-character U+FFFF', '\uffff'],
  ['the non-character U+FDD0', '\ufdd0'],
  ['the non-character U+1FFFF', '\u{1ffff}'],
];
/** Refused as line breaks: every stored text is one line. */
const LINE_BREAKS: [string, string][] = [
  ['a line feed', '\n'],
  ['a carriage return and line feed', '\r\n'],
  ['a vertical tab', '\u000b'],
  ['a form feed', '\u000c'],
  ['a next-line control', '\u0085'],
  ['a line separator', '\u2028'],
  ['a paragraph separator', '\u2029'],
];

// ---------------------------------------------------------------------------------------
// Every stored text field, as REST and tRPC take it.

interface Sent {
  method: InjectOptions['method'];
  url: string;
  body: unknown;
}

interface Field {
  /** What is tested, for the test's name. */
  what: string;
  /** How the field is named in its messages. */
  label: string;
  /** Which valid samples it takes: free text, a business id (no spaces), or none (ASCII-only fields). */
  kind: 'text' | 'code' | 'none';
  /** The REST call with `value` in the field (`n` keeps other unique fields unique). */
  rest?: (value: string, n: number) => Sent;
  /** The tRPC mutation and its input with `value` in the field. */
  trpc: (value: string, n: number) => [path: string, input: unknown];
  /** Whether `value` is stored (for the valid samples). */
  stored?: (value: string) => boolean;
}

const count = (table: string, column: string) => (value: string) =>
  (shop.db.$client
    .prepare(`select count(*) from ${table} where ${column} = ?`)
    .pluck()
    .get(value) as number) > 0;
const inProfile = (key: string) => (value: string) => {
  const row = shop.db.$client.prepare("select value from settings where key = 'shopProfile'").pluck().get();
  return typeof row === 'string' && JSON.parse(row)[key] === value;
};

const post = (url: string, body: unknown): Sent => ({ method: 'POST', url, body });
const put = (url: string, body: unknown): Sent => ({ method: 'PUT', url, body });

const item = (field: 'itemId' | 'name', label: string): Field => ({
  what: `an item's ${field}`,
  label,
  kind: field === 'itemId' ? 'code' : 'text',
  rest: (v, n) => post('/api/inventory', { itemId: `INV-T${n}`, name: `Item ${n}`, [field]: v }),
  trpc: (v, n) => ['inventory.add', { itemId: `INV-R${n}`, name: `Item ${n}`, [field]: v }],
  stored: count('inventory_items', field === 'itemId' ? 'item_id' : 'name'),
});

const cake = (field: 'cakeId' | 'name', label: string): Field => ({
  what: `a cake's ${field}`,
  label,
  kind: field === 'cakeId' ? 'code' : 'text',
  rest: (v, n) =>
    post('/api/cake/add', {
      cakeId: `CK-T${n}`,
      name: `Cake ${n}`,
      category: ids.cakeCategory,
      size: ids.size,
      availability: 'Regular',
      unitPrice: 650,
      ingredients: [{ inventoryItem: ids.item, quantity: 1 }],
      [field]: v,
    }),
  trpc: (v, n) => [
    'cakes.add',
    {
      cakeId: `CK-R${n}`,
      name: `Cake ${n}`,
      categoryId: ids.cakeCategory,
      sizeId: ids.size,
      availability: 'Always',
      price: 65000,
      ingredients: [{ itemId: ids.item, quantity: 1000 }],
      [field]: v,
    },
  ],
  stored: count('cakes', field === 'cakeId' ? 'cake_id' : 'name'),
});

const SUPPLIER_COLUMNS = { supplierId: 'supplier_id', name: 'name', contact: 'contact', company: 'company' };
const supplier = (field: keyof typeof SUPPLIER_COLUMNS, label: string): Field => ({
  what: `a supplier's ${field}`,
  label,
  kind: field === 'supplierId' ? 'code' : 'text',
  rest: (v, n) => post('/api/suppliers', { supplierId: `SUP-T${n}`, name: `Supplier ${n}`, [field]: v }),
  trpc: (v, n) => ['suppliers.add', { supplierId: `SUP-R${n}`, name: `Supplier ${n}`, [field]: v }],
  stored: count('suppliers', SUPPLIER_COLUMNS[field]),
});

const CUSTOMER_COLUMNS = {
  customerId: 'customer_id',
  name: 'name',
  email: 'email',
  phoneNumber: 'phone_number',
  address: 'address',
};
const customer = (field: keyof typeof CUSTOMER_COLUMNS, label: string): Field => ({
  what: `a customer's ${field}`,
  label,
  // An email must be a plain ASCII address (its own rule).
  kind: field === 'customerId' ? 'code' : field === 'email' ? 'none' : 'text',
  rest: (v, n) => post('/api/customers', { customerId: `CUS-T${n}`, name: `Customer ${n}`, [field]: v }),
  trpc: (v, n) => ['customers.add', { customerId: `CUS-R${n}`, name: `Customer ${n}`, [field]: v }],
  stored: count('customers', CUSTOMER_COLUMNS[field]),
});

const setting = (list: 'size' | 'uom' | 'category', table: string): Field => {
  const procedure = { size: 'sizes', uom: 'units', category: 'categories' }[list];
  const type = list === 'category' ? { type: 'inventory' } : {};
  return {
    what: `a settings ${list} name`,
    label: 'Name',
    kind: 'text',
    rest: (v) => post(`/api/settings/${list}`, { name: v, ...type }),
    trpc: (v) => [`settings.${procedure}.add`, { name: v, ...type }],
    stored: count(table, 'name'),
  };
};

const PROFILE = {
  businessName: 'Sweet Crumbs',
  address: 'Quezon City',
  contact: '0917',
  tin: '',
  birPermitNumber: '',
};
const profile = (field: keyof typeof PROFILE, label: string): Field => ({
  what: `the shop profile's ${field}`,
  label,
  kind: field === 'tin' ? 'none' : 'text',
  trpc: (v) => ['settings.saveShopProfile', { ...PROFILE, [field]: v }],
  stored: inProfile(field),
});

/** A sale of one ₱80.00 SC/PWD-eligible item. */
const saleRest = (fields: Record<string, unknown>) =>
  post('/api/sales', {
    orderType: 'Walk-in',
    items: [{ itemId: ids.item, quantity: 1 }],
    paymentMethod: 'Cash',
    ...fields,
  });
const saleTrpc = (fields: Record<string, unknown>): [string, unknown] => [
  'sales.checkout',
  {
    orderType: 'Walk-in',
    lines: [{ kind: 'item', id: ids.item, quantity: 1 }],
    paymentMethod: 'Cash',
    ...fields,
  },
];

const FIELDS: Field[] = [
  item('itemId', 'Item ID'),
  item('name', 'Item name'),
  {
    what: "an item's name in an edit",
    label: 'Item name',
    kind: 'text',
    rest: (v) => put(`/api/inventory/${ids.item}`, { name: v }),
    trpc: (v) => ['inventory.update', { id: ids.item, changes: { name: v } }],
    stored: count('inventory_items', 'name'),
  },
  cake('cakeId', 'Cake ID'),
  cake('name', 'Cake name'),
  supplier('supplierId', 'Supplier ID'),
  supplier('name', 'Name'),
  supplier('contact', 'Contact'),
  supplier('company', 'Company'),
  {
    what: "a supplier's name in an edit",
    label: 'Name',
    kind: 'text',
    rest: (v) => put(`/api/suppliers/${ids.supplier}`, { supplierId: 'SUP-BASE', name: v }),
    trpc: (v) => ['suppliers.update', { id: ids.supplier, supplierId: 'SUP-BASE', name: v }],
    stored: count('suppliers', 'name'),
  },
  customer('customerId', 'Customer ID'),
  customer('name', 'Name'),
  customer('email', 'Email'),
  customer('phoneNumber', 'Phone'),
  customer('address', 'Address'),
  setting('size', 'cake_sizes'),
  setting('uom', 'units'),
  setting('category', 'categories'),
  profile('businessName', 'Business name'),
  profile('address', 'Address'),
  profile('contact', 'Contact line'),
  profile('tin', 'TIN'),
  profile('birPermitNumber', 'BIR permit number'),
  {
    what: "a sale's customer name",
    label: 'Customer name',
    kind: 'text',
    rest: (v) => saleRest({ customerName: v }),
    trpc: (v) => saleTrpc({ customerName: v }),
    stored: count('sales', 'customer_name'),
  },
  {
    what: "a sale's reference number",
    label: 'Reference number',
    kind: 'text',
    rest: (v) => saleRest({ paymentMethod: 'GCash', reference: v }),
    trpc: (v) => saleTrpc({ paymentMethod: 'GCash', reference: v }),
    stored: count('sales', 'payment_reference'),
  },
  {
    what: "a split payment's reference number",
    label: 'Reference number',
    kind: 'text',
    rest: (v) =>
      saleRest({ paymentMethod: undefined, payments: [{ method: 'GCash', amount: 80, reference: v }] }),
    trpc: (v) =>
      saleTrpc({ paymentMethod: undefined, payments: [{ method: 'GCash', amount: 8000, reference: v }] }),
    stored: count('sale_payments', 'reference'),
  },
  {
    what: "an SC/PWD holder's name",
    label: "The holder's name",
    kind: 'text',
    rest: (v) => saleRest({ discount: { type: 'SC', name: v, idNumber: 'SC-1' } }),
    trpc: (v) => saleTrpc({ discount: { type: 'SC', name: v, idNumber: 'SC-1' } }),
    stored: count('sales', 'discount_name'),
  },
  {
    what: "an SC/PWD holder's ID number",
    label: 'The ID number',
    kind: 'text',
    rest: (v) => saleRest({ discount: { type: 'PWD', name: 'Ana', idNumber: v } }),
    trpc: (v) => saleTrpc({ discount: { type: 'PWD', name: 'Ana', idNumber: v } }),
    stored: count('sales', 'discount_id_number'),
  },
  {
    what: "a cash movement's reason",
    label: 'The reason',
    kind: 'text',
    rest: (v) => post(`/api/shifts/${ids.shift}/cash`, { type: 'in', amount: 1, reason: v }),
    trpc: (v) => ['shifts.cash', { id: ids.shift, type: 'in', amount: 100, reason: v }],
    stored: count('shift_cash', 'reason'),
  },
  {
    what: "an account's username",
    label: 'Username',
    // Letters, digits and . _ - only (its own rule).
    kind: 'none',
    rest: (v) =>
      put(`/api/user/update/${ids.staff}`, { username: v, email: 'staff.one@bakeshop.test', role: 'staff' }),
    trpc: (v) => [
      'users.update',
      { id: ids.staff, username: v, email: 'staff.one@bakeshop.test', role: 'staff' },
    ],
  },
];

// ---------------------------------------------------------------------------------------
// Sending.

const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function viaRest({ method, url, body }: Sent) {
  const res = await shop.app.inject({ method, url, headers: auth(), payload: JSON.stringify(body) });
  const json = res.json();
  return {
    status: res.statusCode,
    message: url.startsWith('/api/settings') ? json.error : json.message,
    body: res.body,
  };
}

async function viaTrpc([path, input]: [string, unknown]) {
  const res = await shop.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: auth(),
    payload: JSON.stringify({ json: input }),
  });
  return { status: res.statusCode, message: res.json().error?.json?.message, body: res.body };
}

/** Rows written on the app's connection so far (rolled-back ones too): still means nothing was written. */
const writes = () => shop.db.$client.prepare('select total_changes()').pluck().get() as number;

describe.each(FIELDS)('$what', (field) => {
  const cases = [
    ...HIDDEN.map(([name, c]) => [name, c, STORED_TEXT.hidden(field.label)] as const),
    ...LINE_BREAKS.map(([name, c]) => [name, c, STORED_TEXT.oneLine(field.label)] as const),
  ];

  it('refuses hidden and control characters with 400 naming the field, writing nothing', async () => {
    const problems: string[] = [];
    for (const [name, c, message] of cases) {
      // Inside the text, where trimming cannot take it away.
      const value = field.kind === 'code' ? `AB${c}CD` : `Fl${c}our`;
      const n = next();
      const calls = [
        ...(field.rest ? [['REST', () => viaRest(field.rest!(value, n))] as const] : []),
        ['tRPC', () => viaTrpc(field.trpc(value, n))] as const,
      ];
      for (const [how, call] of calls) {
        const before = writes();
        const res = await call();
        if (res.status !== 400 || res.message !== message)
          problems.push(`${how} ${name}: ${res.status} ${res.message ?? res.body}`);
        if (writes() !== before) problems.push(`${how} ${name}: wrote something`);
      }
    }
    expect(problems).toEqual([]);
  });

  if (field.kind === 'none') return;
  it('keeps unusual but real text as sent', async () => {
    const problems: string[] = [];
    const samples = field.kind === 'code' ? UNUSUAL_CODES : UNUSUAL_TEXT;
    for (const sample of samples) {
      for (const how of ['REST', 'tRPC'] as const) {
        if (how === 'REST' && !field.rest) continue;
        const n = next();
        // Ids and settings names are unique: a number keeps each one new.
        const value =
          field.kind === 'code'
            ? `${sample}${n}`
            : field.what.startsWith('a settings')
              ? `${sample} ${n}`
              : sample;
        const res =
          how === 'REST' ? await viaRest(field.rest!(value, n)) : await viaTrpc(field.trpc(value, n));
        if (res.status >= 300)
          problems.push(`${how} ${JSON.stringify(value)}: ${res.status} ${res.message ?? res.body}`);
        else if (!field.stored?.(value)) problems.push(`${how} ${JSON.stringify(value)}: not stored as sent`);
      }
    }
    expect(problems).toEqual([]);
  });
});
