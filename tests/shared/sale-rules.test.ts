import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPeso } from '../../shared/money';
import {
  cashTenderedProblem,
  needsReference,
  oneCashProblem,
  paymentsSumProblem,
  referenceProblem,
  referenceSent,
  sellProblem,
  shortProblem,
  tenderProblem,
  unsellableProblem,
} from '../../shared/saleRules';
import { checkoutInput } from '../../shared/schemas/sales';
import { SALE_TOTAL_MAX, SALES_TEXT } from '../../shared/texts/sales';

const product = (fields: Partial<{ name: string; status: string; stock: number }> = {}) => ({
  name: 'Bread Flour',
  status: 'Well-stocked',
  stock: 5,
  ...fields,
});

describe('what can be sold', () => {
  it('refuses by status first, then by stock, with the counter’s messages', () => {
    expect(sellProblem(product(), 5)).toBeNull();
    expect(sellProblem(product({ status: 'Expiring soon' }), 1)).toBeNull();
    expect(sellProblem(product({ status: 'Available' }), 1)).toBeNull();
    expect(sellProblem(product({ status: 'Expired' }), 1)).toBe(SALES_TEXT.expired('Bread Flour'));
    expect(sellProblem(product({ status: 'Out of season', stock: 0 }), 1)).toBe(
      SALES_TEXT.notAvailable('Bread Flour', 'Out of season'),
    );
    expect(sellProblem(product({ status: 'Out of stock', stock: 0 }), 1)).toBe(
      SALES_TEXT.outOfStock('Bread Flour'),
    );
    expect(sellProblem(product({ stock: 0 }), 1)).toBe(SALES_TEXT.outOfStock('Bread Flour'));
    expect(sellProblem(product(), 6)).toBe(SALES_TEXT.notEnough(6, 5, 'Bread Flour'));
  });

  it('splits into the product’s own problem and the quantity’s', () => {
    expect(unsellableProblem(product({ status: 'Expired' }))).toBe(SALES_TEXT.expired('Bread Flour'));
    expect(unsellableProblem(product())).toBeNull();
    expect(shortProblem(product(), 5)).toBeNull();
    expect(shortProblem(product({ stock: 2 }), 3)).toBe(SALES_TEXT.notEnough(3, 2, 'Bread Flour'));
  });
});

describe('the reference number', () => {
  it('is needed for card and e-wallet payments, never for cash', () => {
    for (const method of ['Credit Card', 'GCash', 'PayMaya']) {
      expect(needsReference(method)).toBe(true);
      expect(referenceProblem(method, '  ')).toBe(SALES_TEXT.referenceRequired);
      expect(referenceProblem(method, 'R-1')).toBeNull();
    }
    for (const method of ['Cash', 'Others', null]) {
      expect(needsReference(method)).toBe(false);
      expect(referenceProblem(method, '')).toBeNull();
    }
  });

  it('is sent, trimmed, only with a method that takes one', () => {
    expect(referenceSent('GCash', ' 0917 ')).toBe('0917');
    expect(referenceSent('Cash', '0917')).toBe('');
  });

  it('is the schema’s rule too', () => {
    const sale = { orderType: 'Walk-in', lines: [{ kind: 'item', id: 1, quantity: 1 }] };
    const issues = (input: object) =>
      checkoutInput.safeParse({ ...sale, ...input }).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ paymentMethod: 'GCash', reference: ' ' })).toEqual([SALES_TEXT.referenceRequired]);
    expect(issues({ paymentMethod: 'Cash' })).toEqual([]);
    expect(
      issues({
        payments: [
          { method: 'Cash', amount: 100 },
          { method: 'PayMaya', amount: 100 },
        ],
      }),
    ).toEqual([SALES_TEXT.referenceRequired]);
    expect(
      issues({
        payments: [
          { method: 'Cash', amount: 100 },
          { method: 'Cash', amount: 100 },
        ],
      }),
    ).toEqual([SALES_TEXT.oneCashPayment]);
  });
});

describe('the tender', () => {
  const cash = (amount: number) => ({ method: 'Cash', amount });
  const gcash = (amount: number) => ({ method: 'GCash', amount });

  it('adds the payments up to the total', () => {
    expect(paymentsSumProblem([cash(300), gcash(700)], 1000)).toBeNull();
    expect(paymentsSumProblem([cash(300), gcash(600)], 1000)).toBe(SALES_TEXT.paymentsSum(formatPeso(1000)));
  });

  it('takes cash tendered within the ceiling, covering the cash payment', () => {
    expect(cashTenderedProblem([cash(1000)], null, false)).toBeNull();
    expect(cashTenderedProblem([cash(1000)], 1000, false)).toBeNull();
    expect(cashTenderedProblem([cash(1000)], 999, false)).toBe(SALES_TEXT.cashTooLow);
    expect(cashTenderedProblem([cash(1000)], SALE_TOTAL_MAX + 1, false)).toBe(SALES_TEXT.tenderedTooLarge);
    // A split names its cash share, and cash tendered needs a Cash payment in it.
    expect(cashTenderedProblem([cash(300), gcash(700)], 200, true)).toBe(
      SALES_TEXT.cashShareTooLow(formatPeso(300)),
    );
    expect(cashTenderedProblem([gcash(1000)], 500, true)).toBe(SALES_TEXT.cashTenderedWithoutCash);
    // A one-method sale may send cash tendered with another method: it is ignored.
    expect(cashTenderedProblem([gcash(1000)], 500, false)).toBeNull();
  });

  it('answers the sum first, then the cash', () => {
    expect(tenderProblem([cash(300)], 1000, 100, true)).toBe(SALES_TEXT.paymentsSum(formatPeso(1000)));
    expect(tenderProblem([cash(1000)], 1000, 100, false)).toBe(SALES_TEXT.cashTooLow);
  });

  it('has one Cash payment at most', () => {
    expect(oneCashProblem([cash(1), gcash(1)])).toBeNull();
    expect(oneCashProblem([cash(1), cash(1)])).toBe(SALES_TEXT.oneCashPayment);
  });
});

describe('each sale rule is written once', () => {
  const root = path.resolve(__dirname, '../..');
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const sources = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? sources(path.join(dir, e.name))
        : /\.tsx?$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );

  it('the server, the schema and the cart hooks take the rules from shared/saleRules.ts', () => {
    const users: Record<string, string[]> = {
      'server/domains/sales/lines.ts': ['sellProblem'],
      'server/domains/sales/tender.ts': ['tenderProblem'],
      'shared/schemas/sales.ts': ['referenceProblem', 'oneCashProblem'],
      'client/screens/sales-management/useCart.ts': ['sellProblem'],
      'client/screens/sales-management/useCheckout.ts': [
        'referenceProblem',
        'paymentsSumProblem',
        'cashTenderedProblem',
      ],
      'client/screens/sales-management/useInlineSale.ts': ['unsellableProblem', 'referenceProblem'],
    };
    for (const [file, rules] of Object.entries(users)) {
      const imported = /import \{([^}]*)\} from '[./]*\/?(?:shared\/)?saleRules'/.exec(read(file))?.[1] ?? '';
      for (const rule of rules)
        expect(imported, `${file} imports ${rule}`).toMatch(new RegExp(`\\b${rule}\\b`));
    }
  });

  it('no other code writes the rules’ messages or the methods that need a reference', () => {
    const RULE_TEXT =
      /SALES_TEXT\.(expired|notAvailable|outOfStock|notEnough|referenceRequired|cashTooLow|cashShareTooLow|paymentsSum|oneCashPayment|cashTenderedWithoutCash|tenderedTooLarge)\b|NEEDS_REFERENCE/;
    const home = new Set(['shared/saleRules.ts', 'shared/texts/sales.ts']);
    const found = ['client', 'server', 'shared']
      .flatMap(sources)
      .filter((file) => !home.has(file))
      .flatMap((file) =>
        read(file)
          .split('\n')
          .filter((line) => RULE_TEXT.test(line))
          .map((line) => `${file}: ${line.trim()}`),
      );
    // The schema states the cash ceiling as zod's own maximum, with the same constant and message.
    expect(found).toEqual([
      "shared/schemas/sales.ts: [z.null(), saleAmount('Cash tendered must be a non-negative amount.', SALES_TEXT.tenderedTooLarge)],",
    ]);
  });
});
