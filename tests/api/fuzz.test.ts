import ExcelJS from 'exceljs';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BODY_LIMIT, type RouteRecord } from '../../server/app';
import { appRouter } from '../../server/trpc/appRouter';
import { MAX_BATCH } from '../../shared/constants';
import { BACKUP_AREAS, RESTORE_MAX_BYTES } from '../../shared/schemas/backup';
import { SETTINGS_LISTS } from '../../shared/texts/settings';
import { ADMIN, PASSWORD, testApp } from '../helpers/app';
import {
  BAD_DATES,
  BIG_TEXT,
  badValues,
  changedTables,
  type Digest,
  digestOf,
  exampleOf,
  fieldsOf,
  HOSTILE_IDS,
  HOSTILE_STRINGS,
  sampled,
  toWire,
  unreadable,
  valueAt,
  WireDate,
  withOwnKey,
  withValue,
} from '../helpers/fuzzInputs';
import { type Blocked, dryRun, type FuzzIds, notThrough, seedFuzzShop } from '../helpers/fuzzShop';
import { apiRoutes, PROCEDURES, urlOf } from '../helpers/routes';

// Issue: every REST route and every tRPC procedure fed malformed, oversized, wrong-typed and
// hostile input (docs/rules.md, Bad input: a 4xx with a message a person can act on, never a
// 500, and nothing written). A small shop is seeded first so ids point at real rows; every
// answer must be below 500 with a readable message, and every refused call must leave every
// table as it was. Hostile text that is valid input is stored verbatim. The inputs are
// fixed (fast-check samples use FUZZ_SEED), so a failure names an input that fails again.

const shop = await testApp();
const ROUTES = apiRoutes(shop.app);

/**
 * Tables a refused call may legitimately change, left out of the digest:
 * - throttle_hits: the server counts failed sign-ins and public requests (registration,
 *   password reset) per email and address, so refusing one of them is written down.
 */
const NOT_DIGESTED = new Set(['throttle_hits']);
/**
 * Written on purpose when a call is refused or a file downloaded: the audit trail
 * (docs/rules.md, Records: a backup or restore that completes or fails makes a
 * notification; the activity log names who downloaded what). Only the calls that are
 * documented to do so (backups, exports, a refused restore) may change these.
 */
const AUDIT = ['activity_logs', 'activity_by_day', 'notifications', 'sqlite_sequence'];

const digest = () => digestOf(shop.db.$client, NOT_DIGESTED);
/**
 * Rows inserted, updated or deleted on the app's one connection so far (triggers included,
 * rolled-back ones too): while it stands still nothing was written, and the digest is not
 * taken again.
 */
const totalChanges = () => shop.db.$client.prepare('select total_changes()').pluck().get() as number;

let token = '';
/** The seeded shop's records (tests/helpers/fuzzShop.ts): what the valid inputs name. */
let ids = {} as FuzzIds;
let closeShop = async () => {};

/** The settings lists that hold a name only: their REST specs and inputs are made, not written. */
const NAMED_LISTS = SETTINGS_LISTS.filter((list) => list !== 'category');

beforeAll(async () => {
  const seeded = await seedFuzzShop(shop);
  ({ token, ids } = seeded);
  closeShop = seeded.close;
});
afterAll(async () => {
  await closeShop();
  await shop.close();
});

// ---------------------------------------------------------------------------------------
// Sending, and judging what came back.

type Expect = 'refuse' | 'answer';

/**
 * One call and what it must do: 'refuse' is a 4xx, 'answer' anything below 500. Neither may
 * write (runCalls checks); an error answer carries a readable message either way.
 */
interface Call {
  label: string;
  options: InjectOptions;
  expect: Expect;
  /** The statuses it must answer with, when they are known exactly. */
  statuses?: number[];
}

const ANSWER_WITHIN_MS = 10_000;

async function send(options: InjectOptions) {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within 10 s')), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([shop.app.inject(options), hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** The message of an error answer: REST's `message` (settings: `error`), tRPC's error.json.message. */
function messageOf(url: string, body: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const answer = (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown> | null;
  if (url.startsWith('/trpc/')) {
    // Every /trpc answer is in tRPC's shape, Fastify's own refusals too (a body over the limit).
    const error = answer?.error as { json?: { message?: unknown } } | undefined;
    return error?.json?.message;
  }
  return url.startsWith('/api/settings') ? answer?.error : answer?.message;
}

/** Problems found, one line each: the suite fails listing all of them. */
type Problems = string[];

function expectNone(problems: Problems) {
  if (problems.length > 0) throw new Error(`${problems.length} problems:\n${problems.join('\n')}`);
}

/**
 * Sends each call in turn. After every call that could write (anything but a GET) the
 * digest of every table is compared with the one before it, and once more after the batch
 * (the GETs): no call here may change a table outside `allowWrites`.
 */
async function runCalls(calls: Call[], problems: Problems, allowWrites: readonly string[] = []) {
  const stray = (before: Digest, after: Digest) =>
    changedTables(before, after).filter((t) => !allowWrites.includes(t));
  let before = digest();
  let changes = totalChanges();
  /** The tables changed since the last look, but those allowed. */
  const written = () => {
    if (totalChanges() === changes) return [];
    const after = digest();
    const changed = stray(before, after);
    before = after;
    changes = totalChanges();
    return changed;
  };
  for (const call of calls) {
    const url = String(call.options.url);
    const name = `${call.options.method ?? 'GET'} ${url.slice(0, 120)} [${call.label}]`;
    let res: Awaited<ReturnType<typeof send>>;
    try {
      res = await send(call.options);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      continue;
    }
    const status = res.statusCode;
    if (status >= 500) problems.push(`${name}: ${status} ${res.body.slice(0, 200)}`);
    else if (call.expect === 'refuse' && status < 400)
      problems.push(`${name}: accepted with ${status}, must be refused: ${res.body.slice(0, 200)}`);
    else if (call.statuses && !call.statuses.includes(status))
      problems.push(`${name}: ${status}, expected ${call.statuses.join(' or ')}: ${res.body.slice(0, 200)}`);
    if (status >= 400) {
      const why = unreadable(messageOf(url, res.body));
      if (why) problems.push(`${name}: ${status} with ${why}`);
    }
    if ((call.options.method ?? 'GET') !== 'GET') {
      const changed = written();
      if (changed.length > 0) problems.push(`${name}: answered ${status} but wrote ${changed.join(', ')}`);
    }
  }
  const changed = written();
  if (changed.length > 0) problems.push(`the batch's reads wrote ${changed.join(', ')}`);
}

// ---------------------------------------------------------------------------------------
// REST: what each route reads, and the values each kind of field must refuse.

/** Raw JSON text placed as is in a body (1e999 parses as Infinity; JSON.stringify cannot write it). */
class Raw {
  constructor(readonly text: string) {}
}

function jsonText(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value) => {
    if (value instanceof Raw) {
      raws.push(value.text);
      return `@@RAW${raws.length - 1}@@`;
    }
    return value;
  });
  return raws.reduce((t, raw, i) => t.replace(`"@@RAW${i}@@"`, raw), text);
}

type RestKind =
  | 'text'
  | 'optText'
  | 'code'
  | 'optCode'
  | 'email'
  | 'password'
  | 'token'
  | 'money'
  | 'saleMoney'
  | 'count'
  | 'quantity'
  | 'amount'
  | 'ref'
  | 'requiredRef'
  | 'date'
  | 'bool'
  | 'enum'
  | 'role'
  | 'userId'
  | 'saleId'
  | 'taxRate'
  | 'lines'
  | 'chargedLines'
  | 'instant'
  | 'ingredients'
  | 'season'
  | 'discount'
  | 'payments'
  | 'poLines'
  | 'receiveLines'
  | 'orderLines'
  | 'buyer';

const INF = new Raw('1e999');
const NEG_INF = new Raw('-1e999');
const WRONG_TYPES = [42, true, {}, ['a'], { $gt: '' }];
const NOT_NUMBERS = [
  'abc',
  'NaN',
  'Infinity',
  '-Infinity',
  INF,
  NEG_INF,
  '1e308',
  1e308,
  -1e308,
  2 ** 53 + 1,
];
const NOT_NUMBERS_TYPES = [{}, [], true, '<script>alert(1)</script>', "' OR 1=1 --", { _id: 5 }];

/** Values a field of each kind must refuse over REST (the legacy translations included). */
function restBad(kind: RestKind): unknown[] {
  switch (kind) {
    case 'text':
      return [...WRONG_TYPES, null, '', '   ', BIG_TEXT, INF];
    case 'optText':
      return [...WRONG_TYPES, BIG_TEXT, INF];
    case 'code':
      return [...WRONG_TYPES, null, '', 'has space', BIG_TEXT, 'x'.repeat(41)];
    case 'optCode':
      return [...WRONG_TYPES, 'has space', BIG_TEXT];
    case 'email':
      return [
        ...WRONG_TYPES,
        '<script>@x.co',
        "' OR 1=1 --",
        'a@b',
        'a@b..co',
        `${BIG_TEXT}@x.co`,
        'ab\u200b@x.co',
      ];
    case 'password':
      return [...WRONG_TYPES, null, '', 'short', BIG_TEXT];
    case 'token':
      return [...WRONG_TYPES, null, '', BIG_TEXT];
    case 'money':
      return [...NOT_NUMBERS, ...NOT_NUMBERS_TYPES, -1, -0.01, 10_000_001];
    case 'saleMoney':
      // A sale's amounts go up to ₱1,000,000,000.00.
      return [...NOT_NUMBERS, ...NOT_NUMBERS_TYPES, -1, -0.01, 1_000_000_001];
    case 'count':
      return [...NOT_NUMBERS, ...NOT_NUMBERS_TYPES, -1, 0.5, 1e-300, 10_000_001];
    case 'quantity':
      // An item's stock in units, to three decimals: a fourth, even half a thousandth, is refused.
      return [...NOT_NUMBERS, ...NOT_NUMBERS_TYPES, -1, -0.001, 1.2345, 0.0005, 10_000_001];
    case 'amount':
      return [...NOT_NUMBERS, ...NOT_NUMBERS_TYPES, -1, 1_000_001];
    case 'ref':
      return [
        ...NOT_NUMBERS,
        {},
        [],
        true,
        -1,
        0,
        0.5,
        99_999,
        { _id: -1 },
        { _id: 'abc' },
        { _id: { _id: 'x' } },
        { _id: '__proto__' },
        "' OR 1=1 --",
        '<script>alert(1)</script>',
      ];
    case 'requiredRef':
      return [...restBad('ref'), null, ''];
    case 'date':
      return [...BAD_DATES, '2200-01-01', '1999-12-31', 20_260_101, {}, [], true, BIG_TEXT];
    case 'bool':
      return ['yes', 'TRUE', 1, 0, {}, [], 'NaN'];
    case 'enum':
      return [...HOSTILE_STRINGS, 42, {}, [], '', BIG_TEXT, null, '__proto__', 'constructor'];
    case 'role':
      return [...HOSTILE_STRINGS, 'admin', 'Admin', 42, {}, [], BIG_TEXT, '__proto__'];
    case 'userId':
      return ['abc', -1, 0, 1.5, {}, [], true, 'NaN', INF];
    case 'saleId':
      return [42, {}, [], 'SALE-<script>', "SALE-' OR 1=1", 'sale-abcdefgh', 'SALE-1234567', BIG_TEXT];
    case 'taxRate':
      return [5, -12, 12.0001, 'NaN', 'Infinity', INF, {}, [], true, '12abc', 1e308];
    case 'lines':
      return [
        'text',
        {},
        42,
        null,
        [],
        [null],
        [42],
        ['x'],
        [{ itemId: -1, quantity: 1 }],
        [{ itemId: ids.itemA, quantity: 0 }],
        [{ itemId: ids.itemA, quantity: 'NaN' }],
        [{ itemId: ids.itemA, quantity: INF }],
        [{ itemId: ids.itemA, quantity: 1e308 }],
        [{ itemId: ids.itemA, quantity: 0.5 }],
        [{ itemId: ids.itemA, quantity: 99_999 }],
        [{ itemId: "' OR 1=1 --", quantity: 1 }],
        [{ itemId: '__proto__', quantity: 1 }],
        [{ itemId: { _id: ids.itemA }, quantity: 1 }],
        [{ itemId: ids.itemA, quantity: 1, kind: '<script>' }],
        Array.from({ length: 201 }, () => ({ itemId: ids.itemA, quantity: 1 })),
      ];
    case 'chargedLines': {
      // A sale's lines with the price each was charged at (pesos): every bad cart, priced, and
      // good carts with bad prices.
      const priced = (lines: unknown) =>
        Array.isArray(lines)
          ? lines.map((l) => (l && typeof l === 'object' && !Array.isArray(l) ? { price: 80, ...l } : l))
          : lines;
      const line = { itemId: ids.itemB, quantity: 1 };
      return [
        ...restBad('lines').map(priced),
        [line],
        ...[-1, -0.01, 0.001, 'NaN', INF, 1e308, 1_000_000_001, 'abc', null, {}, []].map((price) => [
          { ...line, price },
        ]),
      ];
    }
    case 'instant':
      // The time a sale was made: an ISO 8601 instant with its offset, not ahead of the server
      // nor before the sale's invoice number was set aside.
      return [
        ...BAD_DATES.filter((d) => !d.includes('T')),
        '2026-01-01',
        '2026-01-01T00:00:00',
        '1970-01-01T00:00:00Z',
        '2099-01-01T00:00:00+08:00',
        20_260_101,
        {},
        [],
        true,
        null,
        BIG_TEXT,
      ];
    case 'ingredients':
      return [
        'text',
        {},
        42,
        null,
        [],
        [null],
        [{ inventoryItem: -1, quantity: 1 }],
        [{ inventoryItem: ids.itemA, quantity: 0 }],
        [{ inventoryItem: ids.itemA, quantity: 'NaN' }],
        [{ inventoryItem: ids.itemA, quantity: INF }],
        // Units to three decimals, above 0.
        [{ inventoryItem: ids.itemA, quantity: -0.25 }],
        [{ inventoryItem: ids.itemA, quantity: 1.2345 }],
        [{ inventoryItem: ids.itemA, quantity: 0.0005 }],
        [{ inventoryItem: 99_999, quantity: 1 }],
        [{ inventoryItem: "' OR 1=1 --", quantity: 1 }],
        [
          { inventoryItem: ids.itemA, quantity: 1 },
          { inventoryItem: ids.itemA, quantity: 2 },
        ],
        Array.from({ length: 101 }, () => ({ inventoryItem: ids.itemA, quantity: 1 })),
      ];
    case 'season':
      return [
        'text',
        42,
        [],
        { startDate: '2026-02-30', endDate: '2026-03-01' },
        { startDate: '+275760-09-13', endDate: '2026-03-01' },
        { startDate: 42, endDate: '2026-03-01' },
        { startDate: '0000-00-00', endDate: '9999-99-99' },
      ];
    case 'buyer':
      // The buyer's lines on the invoice: texts of bounded length, a TIN that looks like one.
      return [
        'text',
        42,
        [],
        true,
        { name: 42 },
        { name: BIG_TEXT },
        { address: BIG_TEXT },
        { address: ['Pasig'] },
        { tin: 42 },
        { tin: 'not a tin' },
        { tin: '123-456' },
        { tin: "' OR 1=1 --" },
        { tin: '123-456-789-000-1' },
      ];
    case 'discount':
      return [
        'text',
        42,
        [],
        { type: '<script>', name: 'Lola', idNumber: '1' },
        { type: 'SC', name: 42, idNumber: '1' },
        { type: 'SC', name: BIG_TEXT, idNumber: '1' },
        { type: 'SC', name: 'Lola', idNumber: '' },
      ];
    case 'receiveLines': {
      const line = { itemId: ids.itemCodeA, quantity: 1, expirationDate: '2099-01-31' };
      return [
        'text',
        {},
        42,
        null,
        [],
        [null],
        ['x'],
        [{ ...line, itemId: 'INV-NONE' }],
        [{ ...line, itemId: "' OR 1=1 --" }],
        [{ ...line, expirationDate: undefined }],
        [{ ...line, expirationDate: '2020-01-01' }],
        [{ ...line, expirationDate: '2026-02-30' }],
        [{ ...line, quantity: 0 }],
        [{ ...line, quantity: 1.2345 }],
        [{ ...line, quantity: -1 }],
        [{ ...line, unitCost: -1 }],
        [{ ...line, unitCost: 1.234 }],
        [{ ...line, lotCode: BIG_TEXT }],
        [line, line],
      ];
    }
    case 'poLines':
      return [
        'text',
        {},
        42,
        null,
        [],
        [null],
        ['x'],
        [{ itemId: 'INV-NONE', quantity: 1, unitCost: 1 }],
        [{ itemId: ids.itemA, quantity: 1, unitCost: 1 }],
        [{ itemId: "' OR 1=1 --", quantity: 1, unitCost: 1 }],
        [{ itemId: { _id: ids.itemA }, quantity: 1, unitCost: 1 }],
        [{ itemId: ids.itemCodeA, quantity: 0, unitCost: 1 }],
        [{ itemId: ids.itemCodeA, quantity: -1, unitCost: 1 }],
        [{ itemId: ids.itemCodeA, quantity: 1.2345, unitCost: 1 }],
        [{ itemId: ids.itemCodeA, quantity: 'NaN', unitCost: 1 }],
        [{ itemId: ids.itemCodeA, quantity: INF, unitCost: 1 }],
        [{ itemId: ids.itemCodeA, quantity: 1e308, unitCost: 1 }],
        [{ itemId: ids.itemCodeA, quantity: 1, unitCost: -1 }],
        [{ itemId: ids.itemCodeA, quantity: 1, unitCost: 1.005 }],
        [{ itemId: ids.itemCodeA, quantity: 1, unitCost: 'NaN' }],
        [{ itemId: ids.itemCodeA, quantity: 10_000_000, unitCost: 10_000_000 }],
        [
          { itemId: ids.itemCodeA, quantity: 1, unitCost: 1 },
          { itemId: ids.itemCodeA.toLowerCase(), quantity: 2, unitCost: 1 },
        ],
        Array.from({ length: 201 }, () => ({ itemId: ids.itemCodeA, quantity: 1, unitCost: 1 })),
      ];
    case 'orderLines': {
      const custom = { description: '8" mango', quantity: 1, price: 900 };
      return [
        'text',
        {},
        42,
        null,
        [],
        [null],
        ['x'],
        [{ quantity: 1 }],
        [{ description: '8" mango', quantity: 1 }],
        [{ price: 900, quantity: 1 }],
        [{ ...custom, description: '' }],
        [{ ...custom, price: 0 }],
        [{ ...custom, price: -1 }],
        [{ ...custom, price: 1.234 }],
        [{ ...custom, price: 'NaN' }],
        [{ ...custom, price: INF }],
        [{ ...custom, quantity: 0 }],
        [{ ...custom, quantity: 1.5 }],
        [{ ...custom, quantity: 101 }],
        [{ ...custom, description: BIG_TEXT }],
        [{ cakeId: 'CK-NONE', quantity: 1 }],
        [{ cakeId: 99_999, quantity: 1 }],
        [{ cakeId: "' OR 1=1 --", quantity: 1 }],
        [{ cakeId: { _id: ids.cake }, quantity: 1 }],
        [
          { cakeId: ids.cake, quantity: 1 },
          { cakeId: ids.cake, quantity: 2 },
        ],
        Array.from({ length: 21 }, () => custom),
      ];
    }
    case 'payments':
      return [
        'text',
        42,
        {},
        [null],
        [{ method: 'Cash', amount: 'NaN' }],
        [{ method: '<script>', amount: 1 }],
        [{ method: 'Cash', amount: -1 }],
        [{ method: 'Cash', amount: 1e308 }],
        [{ method: 'Cash', amount: INF }],
      ];
  }
}

type QueryKind =
  | 'page'
  | 'limit'
  | 'search'
  | 'field'
  | 'order'
  | 'range'
  | 'day'
  | 'periodDay'
  | 'days'
  | 'enum'
  | 'asOf';

const NOT_WHOLE = ['-1', '0', '1.5', 'NaN', 'Infinity', '1e308', '9007199254740993', 'abc', '', '%00'];

/** Query-string values each kind must refuse. */
function queryBad(kind: QueryKind): string[] {
  switch (kind) {
    case 'page':
      return [...NOT_WHOLE, '1000001', ...HOSTILE_STRINGS];
    case 'limit':
      return [...NOT_WHOLE, '1001', ...HOSTILE_STRINGS];
    case 'search':
      return ['x'.repeat(5000), 'a\u0000bc', '\u0000\u0000\u0000', 'two\nlines'];
    case 'field':
    case 'order':
    case 'enum':
      return [...HOSTILE_STRINGS, '__proto__', 'constructor', 'password_hash', 'x'.repeat(5000)];
    case 'range':
      return [...HOSTILE_STRINGS, '__proto__', 'x'.repeat(5000)];
    case 'day':
      return BAD_DATES.filter((d) => d !== '1899-12-31');
    case 'periodDay':
      return [...BAD_DATES, '2200-01-01'];
    case 'days':
      return ['0', '8', '-7', '7.5', 'NaN', 'Infinity', '1e308', 'abc', ...HOSTILE_STRINGS];
    case 'asOf':
      return ['-1', '1.5', 'NaN', 'Infinity', '1e308', 'abc', ...HOSTILE_STRINGS];
  }
}

interface RestSpec {
  /** Real values for the route's :params (a route without them has none). */
  params?: Record<string, string>;
  /** A valid body, when the route reads one; each field in `fields` is broken in turn. */
  body?: Record<string, unknown>;
  /** The body may be left out (the end of day's requestKey): an empty one is none, not a 400. */
  optionalBody?: boolean;
  fields?: Record<string, RestKind>;
  /** A valid query; each parameter in `query` is broken in turn. */
  validQuery?: Record<string, string>;
  query?: Record<string, QueryKind>;
  /** The answer to the valid body, sent after the refused calls (a first-time add, an edit). */
  valid?: number[];
  /** Tables a valid call writes (a download's log line): a query that is still valid may too. */
  writes?: string[];
  /**
   * The answer to no body, or to a body of unknown keys only, when the body is optional and
   * each of its fields has a default (an invoice block's size): valid calls, sent with the
   * valid body after the refused ones rather than among them.
   */
  bareValid?: number[];
  /** The answer to garbage when a route takes nothing that can be wrong (logout). */
  lenient?: number[];
  /** The answer to a valid query with harmless noise added (the catch-alls: 404). */
  noiseStatus?: number;
  /** Whole query strings that must be refused, beyond one broken parameter. */
  refusedQueries?: Record<string, string>[];
  /**
   * The valid call (params, validQuery, body) gets through to the handler: a 2xx, checked in
   * a dry run before the route's own calls. Where it cannot, the status it gets and why.
   */
  blocked?: Blocked;
}

const pesoItem = () => ({
  name: 'Cake Flour',
  stock: 40,
  category: ids.itemCategory,
  purchasePrice: 60,
  unitPrice: 80.5,
  amount: 1,
  unit: ids.unit,
  supplier: ids.supplier,
  restockThreshold: 5,
  scPwdEligible: false,
  expirationDate: '2099-12-31',
});
const ITEM_FIELDS: Record<string, RestKind> = {
  itemId: 'optCode',
  name: 'text',
  stock: 'quantity',
  category: 'ref',
  purchasePrice: 'money',
  unitPrice: 'money',
  amount: 'amount',
  unit: 'ref',
  supplier: 'ref',
  restockThreshold: 'quantity',
  scPwdEligible: 'bool',
  expirationDate: 'date',
};
const pesoCake = () => ({
  name: 'Mango Cake',
  category: ids.cakeCategory,
  size: ids.size,
  availability: 'Regular',
  unitPrice: 650,
  stock: 3,
  amount: 1,
  scPwdEligible: true,
  expirationDate: '2099-12-31',
  seasonalPeriod: { startDate: '2026-12-01', endDate: '2026-12-31' },
  ingredients: [{ inventoryItem: ids.itemB, quantity: 2 }],
});
const CAKE_FIELDS: Record<string, RestKind> = {
  cakeId: 'optCode',
  name: 'text',
  category: 'requiredRef',
  size: 'requiredRef',
  availability: 'enum',
  unitPrice: 'money',
  stock: 'count',
  amount: 'amount',
  scPwdEligible: 'bool',
  expirationDate: 'date',
  seasonalPeriod: 'season',
  shelfLifeDays: 'count',
  shelfTarget: 'count',
  ingredients: 'ingredients',
};
const poBody = () => ({
  supplierId: 'SUP-001',
  expectedDate: '2099-01-31',
  notes: 'Deliver before noon',
  lines: [{ itemId: ids.itemCodeA, quantity: 2.5, unitCost: 60.5 }],
});
const PO_FIELDS: Record<string, RestKind> = {
  supplierId: 'code',
  expectedDate: 'date',
  notes: 'optText',
  lines: 'poLines',
};
const LIST_QUERY: Record<string, QueryKind> = {
  page: 'page',
  limit: 'limit',
  search: 'search',
  field: 'field',
  order: 'order',
};
const DAYS_QUERY: Record<string, QueryKind> = { from: 'day', to: 'day' };
const PERIOD_QUERY: Record<string, QueryKind> = { range: 'range', from: 'periodDay', to: 'periodDay' };
const CUSTOM_PERIOD = { range: 'custom', from: '2026-01-01', to: '2026-12-31' };
/** A refused sign-in is written to the activity log ("Failed Login", auth/service.ts): on purpose. */
const FAILED_SIGN_IN = ['activity_logs', 'activity_by_day', 'sqlite_sequence'];

// Valid calls that cannot get through here, by design (RestSpec.blocked, BLOCKED).
const SIGN_IN_FAILS: Blocked = { status: 401, why: 'a sign-in that gets through opens a session' };
const TOKEN_OF_NO_SESSION: Blocked = { status: 401, why: 'a refresh token is good once: none is spent here' };
const NO_RESET_DUE: Blocked = {
  status: 403,
  why: 'only a session opened with a temporary password sets a new one; the admin holds none',
};
const SHIFT_OPEN: Blocked = {
  status: 409,
  why: "the admin's shift is open, so a valid opening is refused too",
};

function restSpecs(): Record<string, RestSpec> {
  const contact = (key: 'supplierId' | 'customerId', extra: Record<string, RestKind>) => ({
    fields: { [key]: 'code', name: 'text', ...extra } as Record<string, RestKind>,
  });
  const supplierBody = (supplierId: string) => ({
    supplierId,
    name: 'Sugar Co',
    contact: '0918',
    company: 'Sweet',
  });
  const customerBody = (customerId: string) => ({
    customerId,
    name: 'Ben Reyes',
    email: 'ben@example.com',
    phoneNumber: '0918',
    address: 'Pasig',
  });
  const supplierFields = contact('supplierId', { contact: 'optText', company: 'optText' });
  const customerFields = contact('customerId', {
    email: 'email',
    phoneNumber: 'optText',
    address: 'optText',
  });
  const saleBody = {
    customerName: 'Walk-in',
    customerId: ids.customer,
    orderType: 'Walk-in',
    items: [{ itemId: ids.itemB, quantity: 1 }],
    taxRate: 0,
    paymentMethod: 'Cash',
    cashTendered: 100,
    terminalId: 1,
    buyer: { name: 'Ana Cruz', address: 'Quezon City', tin: '123-456-789-000' },
  };
  const id = String;
  return {
    'GET /api/health': {},
    'POST /api/auth/login': {
      body: { email: 'nobody@bakeshop.test', password: 'wrong-password' },
      fields: { email: 'token', password: 'password' },
      writes: FAILED_SIGN_IN,
      blocked: SIGN_IN_FAILS,
    },
    'POST /api/auth/refresh': {
      body: { refreshToken: 'not-a-token' },
      fields: { refreshToken: 'token' },
      blocked: TOKEN_OF_NO_SESSION,
    },
    // Logout takes an optional token and answers 200 to anything; it must still write nothing.
    'POST /api/auth/logout': { body: { refreshToken: 'not-a-token' }, lenient: [200, 400, 413, 415] },
    'GET /api/auth/me': {},
    'POST /api/resetRequest/reset-password': {
      body: { userId: ids.adminId, newPassword: 'new-password-123' },
      fields: { userId: 'userId', newPassword: 'password' },
      blocked: NO_RESET_DUE,
    },
    'POST /api/request/register': {
      body: { email: 'fuzz.rest@bakeshop.test', password: 'long-enough-1' },
      fields: { email: 'email', password: 'password' },
    },
    'GET /api/request': {},
    'POST /api/request/approve/:id': { params: { id: id(ids.registration) } },
    'DELETE /api/request/reject/:id': { params: { id: id(ids.registration) } },
    'POST /api/resetRequest': { body: { email: 'fuzz.reset@bakeshop.test' }, fields: { email: 'email' } },
    'GET /api/resetRequest': {},
    'PUT /api/resetRequest/:id/approve': { params: { id: id(ids.reset) } },
    'PUT /api/resetRequest/:id/reject': { params: { id: id(ids.reset) } },
    'DELETE /api/resetRequest/:id': { params: { id: id(ids.decidedReset) } },
    'GET /api/user': {},
    'PUT /api/user/update/:id': {
      params: { id: id(ids.staffId) },
      body: { username: 'counter.staff', email: 'counter.staff@bakeshop.test', role: 'staff' },
      fields: { username: 'text', email: 'email', role: 'role' },
      valid: [200],
    },
    'PUT /api/user/deactivate/:id': { params: { id: id(ids.staffId) } },
    'POST /api/user/reactivate/:id': { params: { id: id(ids.inactiveUser) } },
    'GET /api/actionRequest': {},
    'POST /api/actionRequest/approve/:id': { params: { id: id(ids.action) } },
    'DELETE /api/actionRequest/reject/:id': { params: { id: id(ids.action) } },
    'GET /api/activitylog': {
      validQuery: { range: 'all', page: '1', limit: '10' },
      query: { range: 'enum', page: 'page', limit: 'limit' },
    },
    'GET /api/notifications': {
      validQuery: { page: '1', limit: '12' },
      query: { page: 'page', limit: 'limit' },
    },
    'GET /api/suppliers': {
      validQuery: { search: 'flour', searchField: 'name', field: 'name', order: 'asc' },
      query: { ...LIST_QUERY, searchField: 'enum' },
    },
    'POST /api/suppliers': { body: supplierBody('SUP-REST'), ...supplierFields, valid: [201] },
    'PUT /api/suppliers/:id': {
      params: { id: id(ids.supplier) },
      body: supplierBody('SUP-001'),
      ...supplierFields,
      valid: [200],
    },
    'DELETE /api/suppliers/:id': { params: { id: id(ids.spareSupplier) } },
    'GET /api/customers': {
      validQuery: { page: '1', limit: '10', search: 'ana', searchField: 'name', field: 'name', order: 'asc' },
      query: { ...LIST_QUERY, searchField: 'enum' },
    },
    'POST /api/customers': { body: customerBody('CUST-REST'), ...customerFields, valid: [201] },
    'PUT /api/customers/:id': {
      params: { id: id(ids.customer) },
      body: customerBody('CUST-001'),
      ...customerFields,
      valid: [200],
    },
    'DELETE /api/customers/:id': { params: { id: id(ids.customer) } },
    'GET /api/inventory': {
      validQuery: {
        page: '1',
        limit: '10',
        search: 'flour',
        field: 'name',
        order: 'desc',
        status: 'Expiring soon',
      },
      query: { ...LIST_QUERY, status: 'enum' },
      // ?all=true is the ingredient lookup, with a search of its own.
      refusedQueries: [
        { all: 'true', search: 'a\u0000bc' },
        { all: 'true', search: 'x'.repeat(5000) },
      ],
    },
    'GET /api/inventory/:id': { params: { id: id(ids.itemA) } },
    'GET /api/inventory/:id/movements': { params: { id: id(ids.itemA) } },
    'POST /api/inventory': { body: pesoItem(), fields: ITEM_FIELDS, valid: [201] },
    'PUT /api/inventory/:id': {
      params: { id: id(ids.itemB) },
      body: { ...pesoItem(), name: 'Sugar', stock: 300 },
      fields: ITEM_FIELDS,
      valid: [200],
    },
    'DELETE /api/inventory/:id': { params: { id: id(ids.spareItem) } },
    'GET /api/purchase-orders': {
      validQuery: { page: '1', limit: '10', search: 'PO-', status: 'Draft', supplierId: 'SUP-001' },
      query: { page: 'page', limit: 'limit', search: 'search', status: 'enum', supplierId: 'enum' },
    },
    'GET /api/purchase-orders/:id': { params: { id: id(ids.purchaseOrder) } },
    'POST /api/purchase-orders': { body: poBody(), fields: PO_FIELDS, valid: [201] },
    'PUT /api/purchase-orders/:id': {
      params: { id: id(ids.purchaseOrder) },
      body: { ...poBody(), notes: 'Edited' },
      fields: PO_FIELDS,
      valid: [200],
    },
    'POST /api/purchase-orders/:id/order': { params: { id: id(ids.purchaseOrder) } },
    'POST /api/purchase-orders/:id/cancel': { params: { id: id(ids.purchaseOrder) } },
    'POST /api/purchase-orders/:id/receive': {
      params: { id: id(ids.orderedPO) },
      body: {
        reference: 'DR 1001',
        lines: [{ itemId: ids.itemCodeA, quantity: 1, expirationDate: '2099-01-31', lotCode: 'A-1' }],
      },
      fields: { reference: 'optText', lines: 'receiveLines' },
      valid: [200],
    },
    'GET /api/inventory/:id/lots': { params: { id: id(ids.itemA) } },
    'POST /api/inventory/:id/write-off-expired': { params: { id: id(ids.staleItem) } },
    'POST /api/cake/:id/write-off-expired': { params: { id: id(ids.staleCake) } },
    'POST /api/waste': {
      body: { itemId: ids.itemCodeA, quantity: 0.5, reason: 'Damaged', note: 'Torn sack' },
      fields: { itemId: 'code', quantity: 'quantity', reason: 'enum', note: 'optText' },
      valid: [201],
    },
    'GET /api/waste': {
      validQuery: CUSTOM_PERIOD,
      query: PERIOD_QUERY,
    },
    'GET /api/reorder-suggestions': {},
    'POST /api/reorder-suggestions/:supplierId/draft': { params: { supplierId: ids.lowSupplier } },
    'GET /api/cake': {
      validQuery: { page: '1', limit: '10', search: 'ube', field: 'price' },
      query: LIST_QUERY,
    },
    'GET /api/cake/:id': { params: { id: id(ids.cake) } },
    'POST /api/cake/add': { body: pesoCake(), fields: CAKE_FIELDS, valid: [201] },
    'PUT /api/cake/:id': {
      params: { id: id(ids.cake) },
      body: { ...pesoCake(), name: 'Ube Cake' },
      fields: CAKE_FIELDS,
      valid: [200],
    },
    'DELETE /api/cake/:id': { params: { id: id(ids.cake) } },
    'POST /api/sales': {
      body: saleBody,
      fields: {
        saleId: 'saleId',
        customerName: 'optText',
        customerId: 'ref',
        orderType: 'enum',
        items: 'lines',
        taxRate: 'taxRate',
        paymentMethod: 'enum',
        reference: 'optText',
        cashTendered: 'saleMoney',
        date: 'date',
        inDrawer: 'bool',
        discount: 'discount',
        payments: 'payments',
        terminalId: 'ref',
        buyer: 'buyer',
        subtotal: 'saleMoney',
        totalAmount: 'saleMoney',
      },
      valid: [201],
    },
    // A sale made offline: its time, block number, cashier and shift, the prices it charged.
    'POST /api/sales/offline': {
      body: {
        saleId: 'SALE-FUZZOFF1',
        customerName: 'Walk-in',
        customerId: ids.customer,
        orderType: 'Walk-in',
        items: [{ itemId: ids.itemB, quantity: 1, price: 80 }],
        taxRate: 0,
        paymentMethod: 'Cash',
        cashTendered: 100,
        subtotal: 80,
        taxAmount: 0,
        totalAmount: 80,
        soldAt: new Date().toISOString(),
        terminalId: 1,
        invoiceSeq: ids.blockFirst,
        cashierId: ids.adminId,
        shiftId: ids.shift,
        buyer: { name: 'Ana Cruz', address: 'Quezon City', tin: '123-456-789-000' },
      },
      fields: {
        saleId: 'saleId',
        customerName: 'optText',
        customerId: 'ref',
        orderType: 'enum',
        items: 'chargedLines',
        taxRate: 'taxRate',
        paymentMethod: 'enum',
        reference: 'optText',
        cashTendered: 'saleMoney',
        discount: 'discount',
        payments: 'payments',
        buyer: 'buyer',
        subtotal: 'saleMoney',
        taxAmount: 'saleMoney',
        totalAmount: 'saleMoney',
        soldAt: 'instant',
        terminalId: 'requiredRef',
        invoiceSeq: 'count',
        cashierId: 'requiredRef',
        shiftId: 'ref',
      },
      valid: [201],
    },
    // The till it is refunded at, in an optional body: anything but a JSON object is refused.
    'POST /api/sales/:id/refund': {
      params: { id: id(ids.refundedSale) },
      body: { terminalId: 1 },
      optionalBody: true,
      fields: { terminalId: 'ref' },
      blocked: {
        status: 409,
        why: 'the sale it names is refunded already, so a refund that gets through writes nothing',
      },
    },
    'POST /api/sales/:id/reprint': { params: { id: id(ids.sale) } },
    'GET /api/sales/:id/receipt': { params: { id: ids.saleCode } },
    'GET /api/sales/all': { validQuery: { page: '1', limit: '20' }, query: { page: 'page', limit: 'limit' } },
    'GET /api/sales/:id': { params: { id: ids.saleCode } },
    'GET /api/sales/sc5-allowance': { validQuery: { idNumber: 'OSCA-0001' }, query: { idNumber: 'search' } },
    // The admin's shift is open, so even a valid opening is refused (409).
    'POST /api/shifts/open': {
      body: { openingCash: 500, terminalId: 1 },
      fields: { openingCash: 'money', terminalId: 'ref' },
      valid: [409],
      blocked: SHIFT_OPEN,
    },
    'POST /api/shifts/:id/cash': {
      params: { id: id(ids.shift) },
      body: { type: 'in', amount: 50, reason: 'Change fund' },
      fields: { type: 'enum', amount: 'money', reason: 'text' },
      valid: [200],
    },
    'POST /api/shifts/cash/:id/void': {
      params: { id: id(ids.cashMoves[0]!) },
      body: { reason: 'Typed twice' },
      fields: { reason: 'text' },
      valid: [200],
    },
    'GET /api/shifts/current': {},
    'GET /api/shifts/:id/reading': { params: { id: id(ids.shift) } },
    'POST /api/shifts/:id/close': {
      params: { id: id(ids.shift) },
      body: { countedCash: 1000 },
      fields: { countedCash: 'money' },
    },
    'GET /api/shifts': { validQuery: { from: '2026-01-01', to: '2026-12-31' }, query: DAYS_QUERY },
    // The admin's shift is open, so a valid key is refused too (409) and no reading is made.
    'POST /api/end-of-day': {
      body: { requestKey: 'fuzz-dialog-1' },
      optionalBody: true,
      fields: { requestKey: 'text' },
      valid: [409],
      blocked: { status: 409, why: "the admin's shift is open, so no Z reading is taken (nor its key kept)" },
    },
    'GET /api/end-of-day': { validQuery: { from: '2026-01-01', to: '2026-12-31' }, query: DAYS_QUERY },
    'GET /api/sc-pwd-book': { validQuery: { from: '2026-01-01', to: '2026-12-31' }, query: DAYS_QUERY },
    'GET /api/bir/sales-summary': { validQuery: { from: '2026-01-01', to: '2026-12-31' }, query: DAYS_QUERY },
    'GET /api/sc-pwd-book/export': {
      validQuery: { from: '2026-01-01', to: '2026-12-31' },
      query: DAYS_QUERY,
      writes: AUDIT,
    },
    ...namedListSpecs(),
    'GET /api/settings/category': { validQuery: { type: 'cake' }, query: { type: 'enum' } },
    'POST /api/settings/category': {
      body: { name: 'Icing', type: 'inventory' },
      fields: { name: 'text', type: 'enum' },
      valid: [201],
    },
    'PUT /api/settings/category/:id': {
      params: { id: id(ids.itemCategory) },
      body: { name: 'Flours', type: 'inventory' },
      fields: { name: 'text', type: 'enum' },
      valid: [200],
    },
    'DELETE /api/settings/category/:id': { params: { id: id(ids.spareCategory) } },
    'GET /api/dashboard': {},
    'GET /api/dashboard/revenue-cost-by-day': { validQuery: { days: '30' }, query: { days: 'days' } },
    'GET /api/salesReport/sales': {
      validQuery: { ...CUSTOM_PERIOD, page: '1', limit: '6', asOf: String(ids.sale) },
      query: { ...PERIOD_QUERY, page: 'page', limit: 'limit', asOf: 'asOf' },
    },
    'GET /api/salesReport/summary': { validQuery: CUSTOM_PERIOD, query: PERIOD_QUERY },
    'GET /api/salesReport/export': { validQuery: CUSTOM_PERIOD, query: PERIOD_QUERY, writes: AUDIT },
    'GET /api/salesReport/by-cashier': { validQuery: CUSTOM_PERIOD, query: PERIOD_QUERY },
    'GET /api/salesReport/by-item': {
      validQuery: { ...CUSTOM_PERIOD, page: '1', limit: '10' },
      query: { ...PERIOD_QUERY, page: 'page', limit: 'limit' },
    },
    'GET /api/backup/:area': { params: { area: 'supplier' }, writes: AUDIT },
    // Its own describe below feeds it files; here only its area and the wrong kinds of body.
    'POST /api/backup/:area/restore': {
      params: { area: 'inventory' },
      blocked: { status: 400, why: 'its body is a workbook: the describe below restores files' },
    },
    'GET /api/pricing': {
      validQuery: { kind: 'cake', page: '1', limit: '10', search: 'ube', order: 'desc' },
      query: { kind: 'enum', page: 'page', limit: 'limit', search: 'search', order: 'order' },
    },
    'PATCH /api/pricing/:kind/:id': {
      params: { kind: 'item', id: id(ids.itemA) },
      body: { price: 85.25 },
      fields: { price: 'money' },
      valid: [200],
    },
    'GET /api/backup/database': { writes: AUDIT },
    ...cakeOrderSpecs(),
    ...productionSpecs(),
    ...birSpecs(),
    ...printerSpecs(),
  };
}

/**
 * Receipt printers, printing again and the cash drawer. A terminal of its own has a fake
 * printer on loopback (tests/helpers/fuzzShop.ts), so the valid calls get through in their
 * dry run; the first terminal has none, so a print that names no terminal is refused (409)
 * and sends nothing.
 */
function printerSpecs(): Record<string, RestSpec> {
  const printer = { host: '192.168.1.50', port: 9100, paperWidth: 80, charsPerLine: 48, autoPrint: false };
  return {
    'GET /api/printers': {},
    'PUT /api/printers/:terminalId': {
      params: { terminalId: '1' },
      body: { ...printer, openDrawer: true },
      fields: {
        host: 'text',
        port: 'count',
        paperWidth: 'enum',
        charsPerLine: 'count',
        autoPrint: 'bool',
        openDrawer: 'bool',
      },
    },
    'DELETE /api/printers/:terminalId': { params: { terminalId: String(ids.printing) } },
    'POST /api/printers/:terminalId/test': { params: { terminalId: String(ids.printing) } },
    'POST /api/sales/:id/print': {
      params: { id: String(ids.sale) },
      body: { terminalId: ids.printing },
      optionalBody: true,
      fields: { terminalId: 'ref' },
    },
    'POST /api/drawer/open': {
      body: { terminalId: ids.printing, reason: 'Change for a ₱1,000 bill' },
      fields: { terminalId: 'ref', reason: 'text' },
    },
  };
}

/** The tills and their registration, and the journal (a terminal's prefix is locked once it numbered a sale). */
function birSpecs(): Record<string, RestSpec> {
  const terminal = (name: string, invoicePrefix: string) => ({
    name,
    min: '240000000000001',
    serialNumber: 'SN-0001',
    permitNumber: 'FP-2026-0001',
    invoicePrefix,
  });
  const fields: Record<string, RestKind> = {
    name: 'text',
    min: 'optText',
    serialNumber: 'optText',
    permitNumber: 'optText',
    invoicePrefix: 'code',
  };
  return {
    'GET /api/terminals': {},
    'POST /api/terminals': { body: terminal('Counter 9', 'F9-'), fields, valid: [201] },
    'PUT /api/terminals/:id': {
      params: { id: '1' },
      body: terminal('Counter 1', 'INV1-'),
      fields,
      valid: [200],
    },
    // A block of the terminal's invoice numbers for a device; the size may be left out (50).
    'POST /api/terminals/:id/invoice-blocks': {
      params: { id: '1' },
      body: { size: 5 },
      optionalBody: true,
      fields: { size: 'count' },
      valid: [201],
      bareValid: [201],
    },
    'GET /api/journal/verify': {},
    'GET /api/journal': { validQuery: { from: '2026-01-01', to: '2026-12-31' }, query: DAYS_QUERY },
  };
}

/** Baking: a batch of the seeded cake (its recipe takes 1 of the bread flour), the plan, a cake's lots. */
function productionSpecs(): Record<string, RestSpec> {
  return {
    'POST /api/production': {
      body: { cakeId: ids.cake, quantity: 1 },
      fields: { cakeId: 'requiredRef', quantity: 'count', orderNumber: 'ref', bakedOn: 'date' },
      valid: [201],
    },
    'GET /api/production': {
      validQuery: { page: '1', limit: '10', from: '2026-01-01', to: '2099-12-31' },
      query: { page: 'page', limit: 'limit', from: 'day', to: 'day' },
    },
    'GET /api/bake-plan': { validQuery: { date: '2026-01-01' }, query: { date: 'day' } },
    'GET /api/cake/:id/lots': { params: { id: String(ids.cake) } },
  };
}

/** The cake order routes and their settings (pesos; pickupAt an ISO instant). */
function cakeOrderSpecs(): Record<string, RestSpec> {
  const id = String;
  const payment = { method: 'GCash', amount: 100, reference: 'G-FUZZ-1' };
  return {
    'GET /api/cake-orders': {
      validQuery: {
        page: '1',
        limit: '10',
        search: 'lia',
        status: 'Pending',
        from: '2026-01-01',
        to: '2099-12-31',
      },
      query: { page: 'page', limit: 'limit', search: 'search', status: 'enum', from: 'day', to: 'day' },
    },
    'GET /api/cake-orders/calendar': {
      validQuery: { from: '2026-01-01', to: '2026-01-31' },
      query: DAYS_QUERY,
      // At most 62 days at once.
      refusedQueries: [
        { from: '2000-01-01', to: '2199-12-31' },
        { from: '2026-01-31', to: '2026-01-01' },
      ],
    },
    'GET /api/cake-orders/:id': { params: { id: id(ids.cakeOrder) } },
    'POST /api/cake-orders': {
      body: {
        customerId: ids.customer,
        customerName: 'Ben Reyes',
        phone: '0918 000 0000',
        pickupAt: new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString(),
        lines: [{ description: '8" mango, "Congrats"', quantity: 1, price: 1500 }],
        inscription: 'Congrats',
        notes: 'Pink roses',
        taxRate: 0,
        payments: [payment],
        cashTendered: null,
      },
      fields: {
        customerId: 'ref',
        customerName: 'optText',
        phone: 'text',
        pickupAt: 'date',
        lines: 'orderLines',
        inscription: 'optText',
        notes: 'optText',
        taxRate: 'taxRate',
        payments: 'payments',
        cashTendered: 'saleMoney',
      },
      valid: [201],
    },
    'POST /api/cake-orders/:id/payments': {
      params: { id: id(ids.cakeOrder) },
      body: payment,
      fields: { method: 'enum', amount: 'money', reference: 'optText', cashTendered: 'saleMoney' },
      valid: [201],
    },
    'POST /api/cake-orders/:id/status': {
      params: { id: id(ids.cakeOrder) },
      body: { status: 'In production' },
      fields: { status: 'enum' },
      valid: [200],
    },
    'POST /api/cake-orders/:id/pickup': {
      params: { id: id(ids.pickupOrders[0]!) },
      body: { payments: [{ method: 'Cash', amount: 1500 }], cashTendered: 2000, key: 'fuzz-pickup-1' },
      fields: { payments: 'payments', cashTendered: 'saleMoney', key: 'optText' },
      valid: [201],
    },
    'POST /api/cake-orders/:id/cancel': {
      params: { id: id(ids.cancelOrders[0]!) },
      body: { reason: 'Party moved', refundDeposit: false },
      fields: { reason: 'text', refundDeposit: 'bool' },
      valid: [200],
    },
    'GET /api/settings/orders': {},
    'PUT /api/settings/orders': {
      body: { minimumDepositPercent: 50, maxOrdersPerDay: null, keepDepositOnStaffCancel: true },
      fields: { minimumDepositPercent: 'count', maxOrdersPerDay: 'count', keepDepositOnStaffCancel: 'bool' },
      valid: [200],
    },
  };
}

/** The four routes of each name-only settings list, alike but for the list's name. */
function namedListSpecs(): Record<string, RestSpec> {
  return Object.fromEntries(
    NAMED_LISTS.flatMap((list) => {
      const params = { id: String(ids.lists[list]) };
      const fields: Record<string, RestKind> = { name: 'text' };
      return [
        [`GET /api/settings/${list}`, {}],
        [`POST /api/settings/${list}`, { body: { name: `New ${list}` }, fields, valid: [201] }],
        [
          `PUT /api/settings/${list}/:id`,
          { params, body: { name: `Renamed ${list}` }, fields, valid: [200] },
        ],
        [`DELETE /api/settings/${list}/:id`, { params: { id: String(ids.spareLists[list]) } }],
      ];
    }),
  );
}

/** The catch-all routes under /api/settings answer 404 {error} to anything. */
const isCatchAll = (route: RouteRecord) => route.url === '/api/settings' || route.url === '/api/settings/*';

const MALFORMED_JSON = [
  '{"name": ',
  '{name: 1}',
  "{'name': 'x'}",
  'NaN',
  '[1,]',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"name": "\\ud800"',
  // Deep nesting, inside the body limit: the parser must not fall over.
  '['.repeat(100_000),
];
const WRONG_CONTENT_TYPES: [string, string][] = [
  ['text/plain', 'name=x'],
  ['application/xml', '<name>x</name>'],
  ['application/x-www-form-urlencoded', 'name=x&stock=1'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--'],
];
const NOT_OBJECTS = ['[]', '[{"name":"x"}]', '"name"', 'null', '42', 'true', '{}'];
/** What an optional body's route reads as no fields at all (admitTo: none, null, {}, unknown keys). */
const BARE_BODIES = ['', 'null', '{}', '{"unknown": 1}'];

function restCalls(route: RouteRecord, spec: RestSpec): { refused: Call[]; answered: Call[] } {
  const method = route.method as InjectOptions['method'];
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const realUrl = urlOf(route, (p) => spec.params?.[p] ?? 'x');
  const withQuery = (url: string, query: Record<string, string | string[]>) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) qs.append(k, one);
    const text = qs.toString();
    return text ? `${url}?${text}` : url;
  };
  const refused: Call[] = [];
  const answered: Call[] = [];
  // Fastify parses the bodies of these methods, so its refusals have fixed statuses.
  const parsed = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const refuse = (label: string, options: InjectOptions, parserStatus?: number) => {
    const statuses = spec.lenient ?? (parsed && parserStatus ? [parserStatus] : undefined);
    (spec.lenient ? answered : refused).push({
      label,
      options,
      expect: spec.lenient ? 'answer' : 'refuse',
      ...(statuses ? { statuses } : {}),
    });
  };
  const bodyOptions = (url: string, payload: string, headers: Record<string, string> = json) => ({
    method,
    url,
    headers,
    payload,
  });
  const takesBody = spec.body !== undefined;
  const parsesBodies = method !== 'GET';

  // Hostile params: every :param in turn, the others real, the body valid.
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  if (route.url.endsWith('*')) paramNames.push('*');
  for (const name of paramNames) {
    for (const bad of HOSTILE_IDS) {
      // urlOf encodes each :param; the trailing * it places as given.
      const url = urlOf(route, (p) =>
        p === name ? (p === '*' ? encodeURIComponent(bad) : bad) : (spec.params?.[p] ?? 'x'),
      );
      refuse(`:${name}=${JSON.stringify(bad.slice(0, 30))}`, {
        method,
        url,
        headers: takesBody ? json : auth,
        ...(takesBody ? { payload: jsonText(spec.body) } : {}),
      });
    }
  }

  // Bodies the parser refuses, on every route that parses one (params real: refused before the handler).
  if (parsesBodies) {
    for (const text of MALFORMED_JSON)
      refuse(`malformed ${JSON.stringify(text.slice(0, 20))}`, bodyOptions(realUrl, text), 400);
    // text/plain has a parser: a route that reads no body takes it as the nothing it reads;
    // one that reads a body finds no object in it (400). The others have no parser (415).
    for (const [type, text] of WRONG_CONTENT_TYPES.filter(([t]) => takesBody || t !== 'text/plain'))
      refuse(
        `content-type ${type}`,
        bodyOptions(realUrl, text, { ...auth, 'content-type': type }),
        type === 'text/plain' ? 400 : 415,
      );
    // The legacy client sends the JSON content type on every call, so an empty body is no body:
    // a route that reads one refuses it (400); one that reads none takes the call.
    if (takesBody && !spec.bareValid)
      refuse('empty JSON body', bodyOptions(realUrl, ''), spec.optionalBody ? undefined : 400);
    refuse('over the body limit', bodyOptions(realUrl, jsonText({ name: 'a'.repeat(BODY_LIMIT) })), 413);
    const base = spec.body ?? { name: 'x' };
    refuse(
      '__proto__ key',
      bodyOptions(realUrl, `{"__proto__": {"role": "admin"}, ${jsonText(base).slice(1)}`),
      400,
    );
    refuse(
      'constructor.prototype',
      bodyOptions(realUrl, `{"constructor": {"prototype": {"role": "admin"}}, ${jsonText(base).slice(1)}`),
      400,
    );
    refuse(
      'nested __proto__',
      bodyOptions(realUrl, jsonText({ ...base, nested: new Raw('{"__proto__": {"x": 1}}') })),
      400,
    );
  }

  if (takesBody && spec.body) {
    const body = spec.body;
    for (const text of NOT_OBJECTS.filter((t) => !(spec.bareValid && BARE_BODIES.includes(t))))
      refuse(`body ${text}`, bodyOptions(realUrl, text));
    // Each known field broken in turn, the rest valid.
    for (const [field, kind] of Object.entries(spec.fields ?? {})) {
      for (const bad of restBad(kind)) {
        const label = `${field}=${jsonText(bad).slice(0, 40)}`;
        refuse(label, bodyOptions(realUrl, jsonText({ ...body, [field]: bad })));
      }
    }
    // Bodies of unknown keys only (fast-check, fixed seed): the required fields are missing.
    const known = new Set(Object.keys(body));
    const strangers = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.has(k) && k !== '__proto__'),
      fc.jsonValue({ maxDepth: 2 }),
      { minKeys: 1, maxKeys: 5 },
    );
    if (spec.fields && !spec.bareValid)
      for (const [n, stranger] of sampled(strangers, 8).entries())
        refuse(`unknown keys #${n}`, bodyOptions(realUrl, JSON.stringify(stranger)));
  }

  // Query strings: the valid one with each parameter broken in turn.
  if (spec.query) {
    for (const [param, kind] of Object.entries(spec.query)) {
      for (const bad of queryBad(kind)) {
        const query: Record<string, string | string[]> = { ...spec.validQuery, [param]: bad };
        refuse(`?${param}=${bad.slice(0, 30)}`, { method, url: withQuery(realUrl, query), headers: auth });
      }
      refuse(`?${param} twice`, {
        method,
        url: withQuery(realUrl, { ...spec.validQuery, [param]: ['1', '2'] }),
        headers: auth,
      });
    }
  }
  for (const query of spec.refusedQueries ?? [])
    refuse(`?${Object.keys(query).join('&')}`, { method, url: withQuery(realUrl, query), headers: auth });
  // Harmless noise every read must shrug off: unknown, prototype and hostile parameters.
  if (method === 'GET') {
    const noises: [string, string][][] = [
      [
        ['__proto__', '1'],
        ['constructor', 'x'],
        ['prototype', 'y'],
      ],
      [
        ['__proto__[role]', 'admin'],
        ['constructor[prototype][x]', '1'],
      ],
      [
        ['q', "' OR 1=1 --"],
        ['html', '<script>alert(1)</script>'],
        ['nul', '\u0000'],
      ],
    ];
    for (const noise of noises) {
      const qs = new URLSearchParams(Object.entries(spec.validQuery ?? {}));
      for (const [k, v] of noise) qs.append(k, v);
      answered.push({
        label: `noise ${noise.map(([k]) => k).join(',')}`,
        options: { method, url: `${realUrl}?${qs}`, headers: auth },
        expect: 'answer',
        statuses: [spec.noiseStatus ?? 200],
      });
    }
    // A hostile search is text to look for, never SQL: valid, and it matches nothing here.
    if (spec.query?.search)
      for (const search of HOSTILE_STRINGS)
        answered.push({
          label: `search ${search}`,
          options: { method, url: withQuery(realUrl, { ...spec.validQuery, search }), headers: auth },
          expect: 'answer',
          statuses: [200],
        });
  }
  return { refused, answered };
}

describe('REST routes', () => {
  const specs = () => restSpecs();

  it('has a fuzz spec for every route the app serves', () => {
    const missing = ROUTES.filter((r) => !isCatchAll(r) && !(`${r.method} ${r.url}` in specs()));
    expect(
      missing.map((r) => `${r.method} ${r.url}`),
      'give each a spec in restSpecs (tests/api/fuzz.test.ts)',
    ).toEqual([]);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    const spec: RestSpec = isCatchAll(route)
      ? { noiseStatus: 404 }
      : (specs()[`${route.method} ${route.url}`] ?? {});
    const { refused, answered } = restCalls(route, spec);
    const problems: Problems = [];
    if (!isCatchAll(route)) {
      const query = spec.validQuery ? `?${new URLSearchParams(spec.validQuery)}` : '';
      const valid = await dryRun(shop, {
        method: route.method as InjectOptions['method'],
        url: `${urlOf(route, (p) => spec.params?.[p] ?? 'x')}${query}`,
        headers: {
          authorization: `Bearer ${token}`,
          ...(spec.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(spec.body ? { payload: jsonText(spec.body) } : {}),
      });
      const why = notThrough(valid, spec.blocked);
      if (why) problems.push(why);
    }
    await runCalls(refused, problems, spec.writes ?? []);
    await runCalls(answered, problems, spec.writes ?? []);
    if (spec.body && spec.valid) {
      // The valid body is accepted: each refusal above was the broken field's doing.
      const res = await send({
        method: route.method as InjectOptions['method'],
        url: urlOf(route, (p) => spec.params?.[p] ?? 'x'),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: jsonText(spec.body),
      });
      if (!spec.valid.includes(res.statusCode))
        problems.push(`valid body: ${res.statusCode} ${res.body.slice(0, 300)}, expected ${spec.valid}`);
    }
    for (const payload of spec.bareValid ? BARE_BODIES : []) {
      const res = await send({
        method: route.method as InjectOptions['method'],
        url: urlOf(route, (p) => spec.params?.[p] ?? 'x'),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
      if (!spec.bareValid?.includes(res.statusCode))
        problems.push(`bare body ${JSON.stringify(payload)}: ${res.statusCode}, expected ${spec.bareValid}`);
    }
    expectNone(problems);
    expect(refused.length + answered.length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------
// tRPC: every procedure, its input schema read for its fields.

type Procedure = { _def: { inputs: z.ZodType[]; type: string } };
const procedureOf = (path: string) =>
  (appRouter._def.procedures as unknown as Record<string, Procedure>)[path] as Procedure;

/** Whether the procedure's own schema takes `input` (as the server does after superjson). */
function schemaTakes(path: string, input: unknown): boolean {
  const { inputs } = procedureOf(path)._def;
  return inputs.every((schema) => schema.safeParse(input).success);
}

/**
 * A valid input for each procedure that takes one: the one written in handInputs, else one
 * made from its schema (exampleOf) when the schema takes it.
 */
function trpcInputs(): Record<string, unknown> {
  const inputs = handInputs();
  for (const { path } of PROCEDURES) {
    const { inputs: schemas } = procedureOf(path)._def;
    if (path in inputs || schemas.length === 0) continue;
    const made = exampleOf(schemas[0]!);
    if (schemaTakes(path, made)) inputs[path] = made;
  }
  return inputs;
}

/** The inputs a schema alone cannot give: seeded ids, refined fields, cross-field rules. */
function handInputs(): Record<string, unknown> {
  const list = { page: 1, limit: 10, search: 'flour', field: 'name', order: 'asc' };
  const item = {
    itemId: '',
    name: 'Rye Flour',
    stock: 10_000,
    categoryId: ids.itemCategory,
    purchasePrice: 5000,
    unitPrice: 7000,
    amount: 1,
    unitId: ids.unit,
    supplierId: ids.supplier,
    restockThreshold: 3_000,
    scPwdEligible: false,
    expirationDate: '2099-12-31',
  };
  const cake = {
    cakeId: '',
    name: 'Choco Cake',
    categoryId: ids.cakeCategory,
    sizeId: ids.size,
    availability: 'Seasonal',
    seasonalPeriod: { startDate: '2026-12-01', endDate: '2026-12-31' },
    price: 60000,
    stock: 2,
    amount: 1,
    scPwdEligible: true,
    expirationDate: null,
    ingredients: [{ itemId: ids.itemB, quantity: 1000 }],
  };
  const days = { from: '2026-01-01', to: '2026-12-31' };
  const period = { range: 'custom', from: '2026-01-01', to: '2026-12-31' };
  const po = {
    supplierId: ids.supplier,
    expectedDate: '2099-01-31',
    notes: 'Deliver before noon',
    lines: [{ itemId: ids.itemA, quantity: 2500, unitCost: 6050 }],
  };
  return {
    'auth.login': { email: 'nobody@bakeshop.test', password: 'wrong-password' },
    'auth.refresh': { refreshToken: 'not-a-token' },
    'auth.logout': { refreshToken: 'not-a-token' },
    'auth.setNewPassword': { userId: ids.adminId, newPassword: 'new-password-123' },
    'requests.register': { email: 'fuzz.trpc@bakeshop.test', password: 'long-enough-1' },
    'requests.approve': { id: ids.registration },
    'requests.reject': { id: ids.registration },
    'resetRequests.create': { email: 'fuzz.trpc.reset@bakeshop.test' },
    'resetRequests.approve': { id: ids.reset },
    'resetRequests.reject': { id: ids.reset },
    'resetRequests.delete': { id: ids.decidedReset },
    'settings.saveShopProfile': { businessName: 'Sweet Crumbs', tin: '123-456-789-000' },
    'settings.categories.list': { type: 'inventory' },
    'settings.categories.add': { name: 'Toppings', type: 'cake' },
    'settings.categories.update': { id: ids.cakeCategory, name: 'Birthday', type: 'cake' },
    'settings.categories.delete': { id: ids.spareCategory },
    'settings.sizes.update': { id: ids.size, name: '8 inch' },
    'settings.sizes.delete': { id: ids.spareLists.size },
    'settings.units.update': { id: ids.unit, name: 'sack' },
    'settings.units.delete': { id: ids.spareLists.uom },
    'users.update': {
      id: ids.staffId,
      username: 'counter.staff',
      email: 'counter.staff@bakeshop.test',
      role: 'staff',
    },
    'users.deactivate': { id: ids.staffId },
    'users.reactivate': { id: ids.inactiveUser },
    'actionRequests.list': { status: 'pending' },
    'actionRequests.approve': { id: ids.laterAction },
    'actionRequests.reject': { id: ids.action },
    'activity.list': { page: 1, limit: 50, range: 'all' },
    'notifications.list': { page: 1, limit: 12 },
    'suppliers.list': { ...list, searchField: 'name' },
    'suppliers.add': { supplierId: 'SUP-TRPC', name: 'Egg Co', contact: '', company: '' },
    'suppliers.update': {
      id: ids.supplier,
      supplierId: 'SUP-001',
      name: 'Flour Co',
      contact: '0917',
      company: 'Mill',
    },
    'suppliers.delete': { id: ids.spareSupplier },
    'customers.list': { ...list, searchField: 'email' },
    'customers.add': { customerId: 'CUST-TRPC', name: 'Cora', email: '', phoneNumber: '', address: '' },
    'customers.update': {
      id: ids.customer,
      customerId: 'CUST-001',
      name: 'Ana Cruz',
      email: 'ana@example.com',
      phoneNumber: '0917 000 0000',
      address: 'Quezon City',
    },
    'customers.delete': { id: ids.customer },
    'customers.purchases': { id: ids.customer },
    'inventory.list': { ...list, status: 'Expiring soon' },
    'inventory.lookup': { search: 'flour' },
    'inventory.get': { id: ids.itemA },
    'inventory.movements': { id: ids.itemA },
    'inventory.add': item,
    'inventory.update': { id: ids.itemB, changes: item },
    'inventory.delete': { id: ids.spareItem },
    'inventory.lots': { id: ids.itemA },
    'cakes.list': { ...list, field: 'price' },
    'cakes.get': { id: ids.cake },
    'cakes.add': cake,
    'cakes.update': { id: ids.cake, cake },
    'cakes.delete': { id: ids.cake },
    'waste.writeOff': { itemId: ids.itemA, quantity: 1000, reason: 'Damaged' },
    'waste.writeOffExpired': { id: ids.staleItem },
    'waste.writeOffExpiredCake': { id: ids.staleCake },
    'waste.log': { period },
    'sales.checkout': {
      saleId: 'SALE-FUZZ0001',
      customerName: 'Walk-in',
      customerId: ids.customer,
      orderType: 'Online',
      lines: [{ kind: 'item', id: ids.itemC, quantity: 1 }],
      taxRate: 12,
      paymentMethod: 'GCash',
      reference: 'REF-1',
      cashTendered: null,
      date: null,
      expected: { subtotal: 8000, taxAmount: 960, totalAmount: 8960 },
      discount: null,
      payments: null,
      terminalId: 1,
      buyer: { name: 'Ana Cruz', address: 'Quezon City', tin: '123-456-789-000' },
    },
    'sales.offline': {
      saleId: 'SALE-FUZZOFF2',
      customerName: 'Walk-in',
      customerId: ids.customer,
      orderType: 'Walk-in',
      lines: [{ kind: 'item', id: ids.itemB, quantity: 1, price: 8000 }],
      taxRate: 0,
      paymentMethod: 'Cash',
      reference: '',
      cashTendered: null,
      expected: { subtotal: 8000, taxAmount: 0, totalAmount: 8000, discountAmount: 0 },
      discount: null,
      payments: null,
      buyer: null,
      soldAt: new Date(),
      terminalId: 1,
      invoiceSeq: ids.blockFirst + 1,
      cashierId: ids.adminId,
      shiftId: ids.shift,
    },
    'sales.refund': { id: ids.sale, terminalId: 1 },
    'sales.get': { id: ids.sale },
    'sales.receipt': { id: ids.sale },
    'sales.reprint': { id: ids.sale },
    'sales.products': { search: 'flour' },
    'sales.productsPage': { search: 'flour', page: 1 },
    'sales.list': { page: 1, limit: 20 },
    'sales.today': { search: 'SALE-' },
    'sales.sc5Allowance': { idNumber: 'OSCA-0001' },
    'shifts.open': { openingCash: 0 },
    'shifts.cash': { id: ids.shift, type: 'out', amount: 100, reason: 'Ice' },
    'shifts.reading': { id: ids.shift },
    'shifts.close': { id: ids.shift, countedCash: 0, reason: 'Left open' },
    'shifts.voidCash': { id: ids.cashMoves[1], reason: 'Typed twice' },
    'shifts.takeZReading': { requestKey: 'fuzz-dialog-2' },
    'shifts.list': days,
    'shifts.zReadings': days,
    'shifts.scPwdBook': days,
    'bir.salesSummary': days,
    'reports.revenueCostByDay': { days: 30 },
    'reports.summary': period,
    'reports.records': { period, limit: 6, cursor: { soldAt: Date.now(), id: ids.sale } },
    'reports.recordsPage': { period, page: 1, limit: 6, asOf: ids.sale },
    'reports.byCashier': period,
    'reports.byItem': { period, page: 1, limit: 10 },
    'pricing.margins': { kind: 'cake', page: 1, limit: 10, search: 'ube', order: 'desc' },
    'pricing.setPrice': { kind: 'item', id: ids.itemA, price: 8100 },
    'purchaseOrders.get': { id: ids.purchaseOrder },
    'purchaseOrders.create': po,
    'purchaseOrders.update': { id: ids.purchaseOrder, ...po },
    'purchaseOrders.order': { id: ids.purchaseOrder },
    'purchaseOrders.cancel': { id: ids.purchaseOrder },
    'purchaseOrders.receive': {
      id: ids.orderedPO,
      reference: 'DR 2002',
      lines: [{ itemId: ids.itemA, quantity: 1000, expirationDate: '2099-01-31', lotCode: 'B-1' }],
    },
    'reorder.draft': { supplierId: ids.lowSupplier },
    'cakeOrders.get': { id: ids.cakeOrder },
    'cakeOrders.calendar': { from: '2026-01-01', to: '2026-01-31' },
    'cakeOrders.pay': {
      id: ids.cakeOrder,
      payment: { method: 'GCash', amount: 10000, reference: 'G-FUZZ-2' },
      cashTendered: null,
    },
    'cakeOrders.setStatus': { id: ids.cakeOrder, status: 'Ready' },
    // Its balance, ₱1,500.00, in cash.
    'cakeOrders.pickup': {
      id: ids.pickupOrders[1],
      payments: [{ method: 'Cash', amount: 150000 }],
      cashTendered: 200000,
      key: 'fuzz-pickup-2',
    },
    'cakeOrders.cancel': { id: ids.cancelOrders[1], reason: 'Party moved', refundDeposit: false },
    'cakeOrders.saveSettings': {
      minimumDepositPercent: 50,
      maxOrdersPerDay: null,
      keepDepositOnStaffCancel: true,
    },
    'terminals.reserveBlock': { terminalId: 1, size: 5 },
    'production.bake': { cakeId: ids.cake, quantity: 1, orderId: null, bakedOn: null },
    'production.list': { page: 1, limit: 10, from: '2026-01-01', to: '2099-12-31' },
    'production.plan': { date: '2026-01-01' },
    'production.cakeLots': { id: ids.cake },
    'terminals.create': {
      name: 'Counter 8',
      min: '240000000000008',
      serialNumber: 'SN-8',
      permitNumber: 'FP-8',
      invoicePrefix: 'T8-',
    },
    'terminals.update': {
      id: 1,
      name: 'Counter 1',
      min: '',
      serialNumber: '',
      permitNumber: '',
      invoicePrefix: 'INV1-',
    },
    'journal.export': days,
    'printers.set': { terminalId: 1, host: '192.168.1.50', port: 9100, paperWidth: 58, charsPerLine: 32 },
    'printers.remove': { terminalId: ids.printing },
    'printers.test': { terminalId: ids.printing },
    'printers.print': { document: 'receipt', id: ids.sale, terminalId: ids.printing, original: false },
    'printers.openDrawer': { terminalId: ids.printing, reason: 'Change for a ₱1,000 bill' },
    'cakeOrders.create': {
      customerName: 'Lia Reyes',
      phone: '0917 111 2222',
      pickupAt: new Date(Date.now() + 4 * 24 * 60 * 60 * 1000),
      lines: [{ description: '8" ube', quantity: 1, price: 150000 }],
    },
  };
}

/** The procedures whose valid input cannot get through here: the status it gets instead, and why. */
const BLOCKED: Record<string, Blocked> = {
  'auth.login': SIGN_IN_FAILS,
  'auth.refresh': TOKEN_OF_NO_SESSION,
  'auth.setNewPassword': NO_RESET_DUE,
  'shifts.open': SHIFT_OPEN,
  // Its fields are all optional, so the meta calls keep a valid input: one that got through would take a reading.
  'shifts.takeZReading': { status: 409, why: "the admin's shift is open, so no Z reading is taken" },
};

/** Tables a procedure may write however it is called. */
const PROCEDURE_WRITES: Record<string, string[]> = {
  // Takes no input, so runs whatever it is sent: marks the caller's notifications seen.
  'notifications.markSeen': ['users'],
  // A well-formed sign-in that fails is logged ("Failed Login").
  'auth.login': FAILED_SIGN_IN,
};

function trpcCall(path: string, type: string, wire: unknown, label: string, expect: Expect): Call {
  const auth = { authorization: `Bearer ${token}` };
  if (type === 'query') {
    const input = wire === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(wire))}`;
    return { label, expect, options: { method: 'GET', url: `/trpc/${path}${input}`, headers: auth } };
  }
  return {
    label,
    expect,
    options: {
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: wire === undefined ? '' : JSON.stringify(wire),
    },
  };
}

/** Arbitrary values superjson carries (NaN, -0, BigInt, Dates), for whole inputs and fields. */
const anything = fc.anything({
  maxDepth: 2,
  maxKeys: 4,
  withBigInt: true,
  withDate: true,
  withNullPrototype: true,
  withSparseArray: true,
});

function trpcCalls(path: string, type: string, base: unknown, problems: Problems) {
  const calls: Call[] = [];
  const takesInput = procedureOf(path)._def.inputs.length > 0;
  const mutation = type === 'mutation';
  /** A schema-valid input of a mutation would write: sent only where the service must still refuse it. */
  const add = (label: string, input: unknown, opts: { never?: boolean; refusedAnyway?: boolean } = {}) => {
    const valid = takesInput ? schemaTakes(path, input) : true;
    if (opts.never && valid)
      problems.push(
        `${path} schema takes ${label}: ${String(JSON.stringify(toWire(input).json)).slice(0, 80)}`,
      );
    if (valid && mutation && !opts.refusedAnyway) return;
    calls.push(
      trpcCall(path, type, toWire(input), label, valid && !opts.refusedAnyway ? 'answer' : 'refuse'),
    );
  };

  if (!takesInput) {
    // Whatever is sent is ignored; it must still answer below 500 and (but for markSeen) write nothing.
    for (const junk of [
      null,
      [],
      'text',
      Number.NaN,
      2n ** 64n,
      new WireDate('not a date'),
      { __proto__x: 1 },
    ])
      calls.push(trpcCall(path, type, toWire(junk), `junk ${String(junk)}`, 'answer'));
    return calls;
  }

  // The whole input wrong.
  for (const [label, whole] of [
    ['nothing', undefined],
    ['null', null],
    ['[]', []],
    ['"text"', 'text'],
    ['42', 42],
    ['true', true],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['BigInt', 2n ** 64n],
    ['Date "not a date"', new WireDate('not a date')],
    ['Date year 275760', new Date(8.64e15)],
    ['100 kB text', BIG_TEXT],
  ] as const)
    add(`input ${label}`, whole);

  // Each field with each value its kind must refuse (nested objects and first list elements too).
  const fields = procedureOf(path)._def.inputs.flatMap((schema) => fieldsOf(schema, base));
  for (const field of fields) {
    const element =
      field.kind === 'array' ? (valueAt(base, field.path) as unknown[] | undefined)?.[0] : undefined;
    for (const bad of badValues(field.kind, element)) {
      // Where an id names a row, a hostile text is a valid shape that finds nothing: still refused.
      const refusedAnyway = field.kind === 'id' && typeof bad.value === 'string';
      add(`${field.path.join('.')}=${bad.label}`, withValue(base, field.path, bad.value), {
        never: bad.never,
        refusedAnyway,
      });
    }
  }

  // Prototype keys: never read as fields, never polluting. On a mutation they ride on an
  // input missing a required field, which must stay missing.
  const first = fields.find(
    (f) => f.path.length === 1 && !schemaTakes(path, withValue(base, f.path, undefined)),
  );
  const holed = first ? withValue(base, first.path, undefined) : base;
  const hidden = first ? { [first.path[0] as string]: valueAt(base, first.path) } : { role: 'admin' };
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    add(
      'own __proto__ key holding the missing field',
      withOwnKey(holed as Record<string, unknown>, '__proto__', hidden),
    );
    add('constructor.prototype', { ...(holed as object), constructor: { prototype: hidden } });
    add('prototype key', { ...(holed as object), prototype: hidden });
  }
  // superjson meta aimed at the prototype, unknown types, absurd paths: one plain 400.
  // Aimed at the prototype: refused whatever the input. Otherwise refused when the input
  // lacks a field it needs (a path that names nothing may be ignored).
  for (const [label, meta, always] of [
    ['meta __proto__ path', { values: { '__proto__.polluted': ['undefined'] } }, true],
    ['meta constructor path', { values: { 'constructor.prototype.polluted': ['undefined'] } }, true],
    ['meta referential __proto__', { referentialEqualities: withOwnKey({}, '__proto__', ['a']) }, true],
    ['meta unknown type', { values: ['wat'] }, false],
    [
      'meta deep path',
      { values: { [Array.from({ length: 5000 }, () => 'a').join('.')]: ['undefined'] } },
      false,
    ],
  ] as const)
    calls.push(trpcCall(path, type, { json: holed, meta }, label, always || first ? 'refuse' : 'answer'));

  // Random whole inputs and random field values (fast-check, fixed seed), judged by the schema.
  for (const [n, value] of sampled(anything, 10).entries()) add(`random input #${n}`, value);
  for (const field of fields.filter((f) => f.path.length === 1))
    for (const [n, value] of sampled(anything, 4, field.path.length * 7919 + n0(field.path[0])).entries())
      add(`${field.path[0]}=random #${n}`, withValue(base, field.path, value));

  // The transport: a raw input without superjson's {json} (read as no input at all),
  // malformed JSON, the wrong content type, the wrong method.
  const bare = !schemaTakes(path, undefined);
  if (bare || !mutation)
    calls.push(trpcCall(path, type, base, 'raw input without {json}', bare ? 'refuse' : 'answer'));
  if (mutation) {
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (const text of ['{"json": ', '{json: 1}', '[1,]', '\u0000', '['.repeat(100_000)])
      calls.push({
        label: `malformed ${JSON.stringify(text.slice(0, 12))}`,
        expect: 'refuse',
        statuses: [400],
        options: { method: 'POST', url: `/trpc/${path}`, headers: auth, payload: text },
      });
    calls.push({
      label: 'over the body limit',
      expect: 'refuse',
      statuses: [413],
      options: {
        method: 'POST',
        url: `/trpc/${path}`,
        headers: auth,
        payload: JSON.stringify({ json: { x: 'a'.repeat(BODY_LIMIT) } }),
      },
    });
    calls.push({
      label: 'text/plain body',
      expect: 'refuse',
      statuses: [415],
      options: {
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { ...auth, 'content-type': 'text/plain' },
        payload: 'x',
      },
    });
    calls.push({
      label: 'GET of a mutation',
      expect: 'refuse',
      statuses: [405],
      options: { method: 'GET', url: `/trpc/${path}`, headers: auth },
    });
  } else {
    const auth = { authorization: `Bearer ${token}` };
    for (const text of ['{', '{"json":', 'undefined', '%00'])
      calls.push({
        label: `malformed input ${text}`,
        expect: 'refuse',
        statuses: [400],
        options: { method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(text)}`, headers: auth },
      });
    calls.push({
      label: 'POST to a query',
      expect: 'refuse',
      statuses: [405],
      options: {
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{}',
      },
    });
    // A batch of bad inputs, and one over the batch limit.
    const batch = (n: number) =>
      `/trpc/${Array.from({ length: n }, () => path).join(',')}?batch=1&input=${encodeURIComponent(
        JSON.stringify(
          Object.fromEntries(Array.from({ length: n }, (_, i) => [i, toWire(i % 2 ? 'text' : 42)])),
        ),
      )}`;
    calls.push({
      label: 'batch of bad inputs',
      expect: 'refuse',
      options: { method: 'GET', url: batch(2), headers: auth },
    });
    calls.push({
      label: 'batch over the limit',
      expect: 'refuse',
      options: { method: 'GET', url: batch(MAX_BATCH + 1), headers: auth },
    });
  }
  return calls;
}

/** A seed per field name, so each field gets its own random values. */
function n0(name = ''): number {
  return [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
}

describe('tRPC procedures', () => {
  it('has a valid input for every procedure that takes one', () => {
    const inputs = trpcInputs();
    const missing = PROCEDURES.filter(
      (p) => procedureOf(p.path)._def.inputs.length > 0 && !(p.path in inputs),
    );
    expect(
      missing.map((p) => p.path),
      'none could be made from the schema: write one in handInputs (tests/api/fuzz.test.ts)',
    ).toEqual([]);
    // And each of them is valid, so a refusal below is the broken field's doing.
    const invalid = Object.entries(inputs).filter(([path, input]) => !schemaTakes(path, input));
    expect(invalid.map(([path]) => path)).toEqual([]);
    const paths = PROCEDURES.map((p) => p.path);
    expect(
      Object.keys(BLOCKED).filter((path) => !paths.includes(path)),
      'procedures that are gone: take them out of BLOCKED',
    ).toEqual([]);
  });

  it.each(PROCEDURES.map((p) => [p.path, p] as const))('%s', async (path, procedure) => {
    const problems: Problems = [];
    // The valid input gets through to the handler (in a dry run: a mutation writes nothing).
    const base = trpcInputs()[path];
    const valid = trpcCall(
      path,
      procedure.type,
      base === undefined ? undefined : toWire(base),
      'valid',
      'answer',
    );
    const why = notThrough(await dryRun(shop, valid.options), BLOCKED[path]);
    if (why) problems.push(why);
    const calls = trpcCalls(path, procedure.type, trpcInputs()[path], problems);
    await runCalls(calls, problems, PROCEDURE_WRITES[path] ?? []);
    expectNone(problems);
  });
});

// ---------------------------------------------------------------------------------------
// Restore: the body is a workbook, so it gets files (random bytes, the wrong area's, a real
// backup with hostile cells) instead of JSON.

describe('POST /api/backup/:area/restore', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const restore = (area: string, file: Buffer, dryRun: boolean, type = XLSX): InjectOptions => ({
    method: 'POST',
    url: `/api/backup/${area}/restore${dryRun ? '?dryRun=true' : ''}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    payload: file,
  });
  const download = async (area: string) => {
    const res = await send({
      method: 'GET',
      url: `/api/backup/${area}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it('refuses what is not a workbook of the area, and too large a file, writing nothing', async () => {
    const problems: Problems = [];
    const supplierFile = await download('supplier');
    const junk = sampled(fc.uint8Array({ minLength: 0, maxLength: 4000 }), 12).map((b) => Buffer.from(b));
    const files: [string, Buffer][] = [
      ['empty file', Buffer.alloc(0)],
      ['a zip that is no workbook', Buffer.from('504b0506000000000000000000000000000000000000', 'hex')],
      ['the supplier backup', supplierFile],
      ['a truncated backup', supplierFile.subarray(0, supplierFile.length >> 1)],
      ...junk.map((b, i) => [`random bytes #${i}`, b] as [string, Buffer]),
    ];
    const calls: Call[] = [];
    for (const [label, file] of files)
      for (const dryRun of [true, false])
        calls.push({
          label: `${label}${dryRun ? ' (dry run)' : ''}`,
          expect: 'refuse',
          options: restore('inventory', file, dryRun),
        });
    calls.push({
      label: 'JSON body',
      expect: 'refuse',
      options: restore('inventory', Buffer.from('{}'), false, 'application/json'),
    });
    calls.push({
      label: 'text body',
      expect: 'refuse',
      options: restore('inventory', Buffer.from('x'), false, 'text/plain'),
    });
    calls.push({
      label: 'over 20 MB',
      expect: 'refuse',
      options: restore(
        'inventory',
        Buffer.alloc(RESTORE_MAX_BYTES + 1, 1),
        false,
        'application/octet-stream',
      ),
    });
    for (const area of HOSTILE_IDS.slice(0, 20))
      calls.push({
        label: `area ${area.slice(0, 20)}`,
        expect: 'refuse',
        options: {
          ...restore('x', supplierFile, false),
          url: `/api/backup/${encodeURIComponent(area)}/restore`,
        },
      });
    await runCalls(calls, problems);
    expectNone(problems);
  });

  it('refuses a backup with hostile cells, naming the rows, and changes no business table', async () => {
    const problems: Problems = [];
    const badCells: unknown[] = [
      'NaN',
      'Infinity',
      -1,
      1e308,
      0.5,
      '9999-99-99',
      '+275760-09-13',
      '2026-02-30',
      BIG_TEXT.slice(0, 30_000),
      { formula: '1+1' },
      { error: '#REF!' },
    ];
    for (const area of BACKUP_AREAS) {
      const original = await download(area);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(original as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
      const cell = (col: number) => sheet.getRow(2).getCell(col);
      const calls: Call[] = [];
      // A sample of (column, value) pairs, the same on every run.
      const pairs = fc.tuple(fc.integer({ min: 1, max: header.length - 1 }), fc.nat(badCells.length - 1));
      for (const [col, n] of sampled(pairs, 30)) {
        const kept = cell(col).value;
        cell(col).value = badCells[n] as ExcelJS.CellValue;
        const file = Buffer.from(await book.xlsx.writeBuffer());
        cell(col).value = kept;
        // A dry run writes nothing, whatever the cell; some values are fine in some columns.
        calls.push({
          label: `${area} ${header[col]}=#${n} (dry run)`,
          expect: 'answer',
          options: restore(area, file, true),
        });
      }
      await runCalls(calls, problems);
      // The clearly broken ones for real: refused, rows named, only the refusal recorded.
      for (const value of ['NaN', '2026-02-30', { formula: '1+1' }, BIG_TEXT.slice(0, 30_000)]) {
        const copy = new ExcelJS.Workbook();
        await copy.xlsx.load(original as unknown as ArrayBuffer);
        const row = copy.worksheets[0]!.getRow(2);
        for (let col = 1; col < header.length; col++) row.getCell(col).value = value as ExcelJS.CellValue;
        const before = digest();
        const res = await send(restore(area, Buffer.from(await copy.xlsx.writeBuffer()), false));
        const label = `${area} every cell ${JSON.stringify(value).slice(0, 20)}`;
        if (res.statusCode !== 400) problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (!(res.json().rejected?.length > 0)) problems.push(`${label}: refused without naming a row`);
        const changed = changedTables(before, digest()).filter((t) => !AUDIT.includes(t));
        if (changed.length > 0) problems.push(`${label}: wrote ${changed.join(', ')}`);
      }
    }
    expectNone(problems);
  });
});

// ---------------------------------------------------------------------------------------
// Hostile text that is valid input is stored and read back byte for byte.

describe('hostile text that is valid input', () => {
  const auth = () => ({ authorization: `Bearer ${token}` });
  const post = (url: string, body: unknown, method: InjectOptions['method'] = 'POST') =>
    send({
      method,
      url,
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const get = (url: string) => send({ method: 'GET', url, headers: auth() });
  /** Runs `write`, checks only `tables` changed. */
  async function onlyChanges(tables: string[], write: () => Promise<void>) {
    const before = digest();
    await write();
    return changedTables(before, digest()).filter((t) => !tables.includes(t));
  }
  const LOGGED = ['activity_logs', 'activity_by_day', 'sqlite_sequence'];

  it.each(HOSTILE_STRINGS.map((s, i) => [s, i] as const))('%s as names and texts', async (text, i) => {
    const problems: Problems = [];
    const code = `H-${i}`;
    // Suppliers: every text field.
    let saved: Record<string, unknown> | undefined;
    let stray = await onlyChanges(['suppliers', ...LOGGED], async () => {
      const res = await post('/api/suppliers', {
        supplierId: code,
        name: text,
        contact: text,
        company: text,
      });
      expect(res.statusCode, res.body).toBe(201);
      saved = res.json().supplier;
    });
    if (stray.length) problems.push(`supplier also wrote ${stray.join(', ')}`);
    const suppliers = (
      await get(`/api/suppliers?search=${encodeURIComponent(code)}&searchField=supplierId`)
    ).json();
    expect(suppliers).toHaveLength(1);
    expect(suppliers[0]).toMatchObject({ _id: saved?._id, name: text, contact: text, company: text });

    // Customers: name and address (the email must look like one).
    stray = await onlyChanges(['customers', ...LOGGED], async () => {
      const res = await post('/api/customers', {
        customerId: code,
        name: text,
        address: text,
        phoneNumber: text.slice(0, 40),
      });
      expect(res.statusCode, res.body).toBe(201);
    });
    if (stray.length) problems.push(`customer also wrote ${stray.join(', ')}`);
    const customers = (
      await get(`/api/customers?search=${encodeURIComponent(code)}&searchField=customerId`)
    ).json();
    expect(customers.customers[0]).toMatchObject({
      name: text,
      address: text,
      phoneNumber: text.slice(0, 40),
    });

    // An item and a cake named with it; the search finds exactly them by that text.
    let itemId = 0;
    stray = await onlyChanges(
      [
        'inventory_items',
        'inventory_version',
        'inventory_search_data',
        'inventory_search_idx',
        'inventory_search_docsize',
        'stock_movements',
        'stock_lots',
        ...LOGGED,
      ],
      async () => {
        const res = await post('/api/inventory', { name: text, stock: 100, restockThreshold: 1 });
        expect(res.statusCode, res.body).toBe(201);
        itemId = res.json().item._id;
      },
    );
    if (stray.length) problems.push(`item also wrote ${stray.join(', ')}`);
    expect((await get(`/api/inventory/${itemId}`)).json().name).toBe(text);
    const found = (await get(`/api/inventory?limit=1000&search=${encodeURIComponent(text)}`)).json();
    for (const row of found.items) expect(String(row.name).toLowerCase()).toContain(text.toLowerCase());
    expect(found.items.map((r: { _id: number }) => r._id)).toContain(itemId);

    let cakeId = 0;
    stray = await onlyChanges(['cakes', 'cake_ingredients', ...LOGGED], async () => {
      const cake = await post('/api/cake/add', {
        name: text,
        category: ids.cakeCategory,
        size: ids.size,
        availability: 'Regular',
        unitPrice: 100,
        ingredients: [{ inventoryItem: itemId, quantity: 1 }],
      });
      expect(cake.statusCode, cake.body).toBe(201);
      cakeId = cake.json().cake._id;
    });
    if (stray.length) problems.push(`cake also wrote ${stray.join(', ')}`);
    expect((await get(`/api/cake/${cakeId}`)).json().name).toBe(text);

    // Settings names (one line, at most 120).
    for (const [list, table] of [
      ['size', 'cake_sizes'],
      ['uom', 'units'],
    ] as const) {
      stray = await onlyChanges([table, ...LOGGED], async () => {
        const res = await post(`/api/settings/${list}`, { name: `${text} ${i}` });
        expect(res.statusCode, res.body).toBe(201);
      });
      if (stray.length) problems.push(`${list} also wrote ${stray.join(', ')}`);
      const names = (await get(`/api/settings/${list}`)).json().map((e: { name: string }) => e.name);
      expect(names).toContain(`${text} ${i}`);
    }
    // A sale's customer name (a sale writes its lines, payments, stock and the report rollups).
    let saleId = 0;
    stray = await onlyChanges(
      [
        'sales',
        'sale_lines',
        'sale_payments',
        'inventory_items',
        'stock_movements',
        'stock_lots',
        'sale_line_lots',
        'sales_by_day',
        'payments_by_day',
        'product_sales_by_day',
        'category_sales_by_day',
        // Its invoice number and its row in the journal.
        'terminals',
        'journal',
        ...LOGGED,
      ],
      async () => {
        const sale = await post('/api/sales', {
          customerName: text,
          orderType: 'Walk-in',
          items: [{ itemId, quantity: 1 }],
          paymentMethod: 'Cash',
          buyer: { name: text, address: text, tin: '' },
        });
        expect(sale.statusCode, sale.body).toBe(201);
        saleId = sale.json().sale._id;
      },
    );
    if (stray.length) problems.push(`sale also wrote ${stray.join(', ')}`);
    const sold = (await get(`/api/sales/${saleId}`)).json();
    expect(sold.customerName).toBe(text);
    expect(sold.buyer).toMatchObject({ name: text, address: text });
    // A terminal named with it, and the journal that keeps the change.
    stray = await onlyChanges(['terminals', 'journal', ...LOGGED], async () => {
      const res = await post('/api/terminals', {
        name: `${text.slice(0, 30)} ${i}`,
        min: text.slice(0, 40),
        invoicePrefix: `H${i}-`,
      });
      expect(res.statusCode, res.body).toBe(201);
    });
    if (stray.length) problems.push(`terminal also wrote ${stray.join(', ')}`);
    const terminals = (await get('/api/terminals')).json();
    expect(terminals.find((t: { invoicePrefix: string }) => t.invoicePrefix === `H${i}-`)).toMatchObject({
      name: `${text.slice(0, 30)} ${i}`,
      min: text.slice(0, 40),
    });
    // A cash movement's reason.
    stray = await onlyChanges(['shift_cash', ...LOGGED], async () => {
      const cash = await post(`/api/shifts/${ids.shift}/cash`, { type: 'in', amount: 1, reason: text });
      expect(cash.statusCode, cash.body).toBe(200);
    });
    if (stray.length) problems.push(`cash movement also wrote ${stray.join(', ')}`);
    const reasons = shop.db.$client
      .prepare('select reason from shift_cash where shift_id = ?')
      .pluck()
      .all(ids.shift);
    expect(reasons).toContain(text);
    expectNone(problems);
  });

  it('stores any valid text verbatim (fast-check, fixed seed)', async () => {
    const admin = shop.caller(token);
    const names = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
      // What the schema keeps as is: no leading or trailing space (it trims), some text,
      // at most 120 UTF-16 units.
      .filter((s) => s.trim() === s && s.length > 0 && s.length <= 120);
    for (const [n, name] of sampled(names, 40).entries()) {
      const supplierId = `FC-${n}`;
      const { record } = await admin.suppliers.add({ supplierId, name, contact: name, company: '' });
      const { rows } = await admin.suppliers.list({ search: supplierId, searchField: 'supplierId' });
      expect(rows.map((r) => r.id)).toEqual([record.id]);
      expect(Buffer.from(rows[0]!.name).equals(Buffer.from(name))).toBe(true);
      expect(rows[0]!.contact).toBe(name);
    }
  });

  it('takes % and _ in a search literally', async () => {
    await post('/api/suppliers', { supplierId: 'PCT-1', name: '100% Pure_Cocoa' });
    await post('/api/suppliers', { supplierId: 'PCT-2', name: '1000 Pure Cocoa' });
    for (const search of ['%', '_', '100%', 'e_C']) {
      const rows = (await get(`/api/suppliers?search=${encodeURIComponent(search)}&searchField=name`)).json();
      expect(rows.length, search).toBeGreaterThan(0);
      for (const row of rows) expect(row.name).toContain(search);
    }
  });

  it('ignores prototype and unknown keys in a valid body and pollutes nothing', async () => {
    const res = await post('/api/suppliers', {
      supplierId: 'PROTO-1',
      name: 'Proto Co',
      prototype: { isAdmin: true },
      constructor: 'x',
      isAdmin: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(Object.keys(res.json().supplier).sort()).toEqual(
      ['_id', 'company', 'contact', 'createdAt', 'leadTimeDays', 'name', 'supplierId', 'updatedAt'].sort(),
    );
    const trpc = await send({
      method: 'POST',
      url: '/trpc/suppliers.add',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: `{"json": {"__proto__": {"isAdmin": true}, "supplierId": "PROTO-2", "name": "Proto Two"}}`,
    });
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------
// After all of it: the server is well and the database sound.

describe('afterwards', () => {
  it('is healthy, sound, and the admin still signs in and lists inventory', async () => {
    const health = await send({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(shop.db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(shop.db.$client.pragma('foreign_key_check')).toEqual([]);
    const login = await send({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      remoteAddress: '10.9.9.9',
    });
    expect(login.statusCode, login.body).toBe(200);
    const list = await send({
      method: 'GET',
      url: '/api/inventory?limit=1000',
      headers: { authorization: `Bearer ${login.json().accessToken}` },
    });
    expect(list.statusCode).toBe(200);
    const names = list.json().items.map((i: { name: string }) => i.name);
    expect(names).toEqual(expect.arrayContaining(['Bread Flour', 'Sugar']));
    // No prototype was polluted along the way.
    for (const key of ['role', 'isAdmin', 'polluted', 'x'])
      expect(({} as Record<string, unknown>)[key], key).toBeUndefined();
    // The rows every hostile id and approval was aimed at are as seeded.
    const api = shop.caller(login.json().accessToken);
    expect((await api.sales.get({ id: ids.sale })).status).not.toBe('Refunded');
    expect((await api.requests.list()).find((r) => r.id === ids.registration)?.status).toBe('pending');
    expect((await api.resetRequests.list()).find((r) => r.id === ids.reset)?.status).toBe('pending');
    expect((await api.actionRequests.list({ status: 'pending' })).map((r) => r.id)).toContain(ids.action);
    expect((await api.shifts.current()).shift?.id).toBe(ids.shift);
    // The staff member the fuzz aimed at is untouched: active, same role, same password.
    const email = shop.db.$client.prepare('select email from users where id = ?').pluck().get(ids.staffId);
    const staff = await shop.login(String(email), PASSWORD);
    expect(staff.user.role).toBe('staff');
  });
});
