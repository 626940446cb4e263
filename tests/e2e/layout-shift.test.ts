import { describe, expect, it } from 'vitest';
import { customers, inventoryItems, suppliers } from '../../server/db/schema';
import { NAVIGATION } from '../../shared/roles';
import { ADMIN } from '../helpers/app';
import { CASHIER_SCREEN, signedInPage, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// Layout that holds still: every screen, opened afresh at the till's and the tablet's size,
// shifts its layout by less than 0.1 (the cumulative layout shift, summed over everything
// that moved without the user's input while it loaded, as Chromium reports it).

const b = browserShopForFile();

const SCREENS = [
  ...new Set(NAVIGATION.map((entry) => (entry.view ? `${entry.path}?view=${entry.view}` : entry.path))),
];

/** Sums every layout shift the page reports from its first paint, as the page loads. */
function recordShifts() {
  const w = window as unknown as { __cls: number; __shifts: unknown[] };
  w.__cls = 0;
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      w.__cls += entry.value;
      w.__shifts.push({
        value: Number(entry.value.toFixed(4)),
        at: Math.round(entry.startTime),
        nodes: (entry.sources ?? []).map((s) => {
          const el = s.node as HTMLElement | undefined;
          return el ? `${el.tagName?.toLowerCase()}.${String(el.className ?? '').slice(0, 60)}` : '?';
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Opens `url` afresh and answers the layout shift it made while loading. */
async function measure(page: import('playwright-core').Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // Late data and fonts: give the page a moment after the network settles.
  await page.waitForTimeout(800);
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: unknown[] };
    return { cls: Number(w.__cls.toFixed(4)), shifts: w.__shifts };
  });
}

async function seed() {
  const db = b.shop.db;
  const supplier = db
    .insert(suppliers)
    .values({ supplierId: 'SUP-CLS1', name: 'Mills Inc.' })
    .returning()
    .get().id;
  db.insert(customers).values({ customerId: 'CUST-CLS1', name: 'Ana Reyes' }).run();
  for (let n = 1; n <= 12; n++)
    db.insert(inventoryItems)
      .values({
        itemId: `INV-CLS${n}`,
        name: `Layout Flour ${n}`,
        stock: n * 3_000,
        unitPrice: 5000 + n,
        purchasePrice: 3000,
        restockThreshold: 5_000,
        supplierId: supplier,
        expirationDate: '2027-06-30',
      })
      .run();
}

describe('cumulative layout shift under 0.1', () => {
  for (const [size, viewport] of [
    ['1366x768', CASHIER_SCREEN],
    ['820x1180', TABLET],
  ] as const) {
    it(`every screen at ${size}`, async () => {
      if (size === '1366x768') await seed();
      const measured: Record<string, { cls: number; shifts: unknown }> = {};
      const signedOut = await b.newPage(viewport);
      await signedOut.context.addInitScript(recordShifts);
      measured['/login'] = await measure(signedOut.page, '/login');
      await signedOut.context.close();
      const { context, page } = await signedInPage(b, { as: ADMIN, viewport });
      await context.addInitScript(recordShifts);
      for (const screen of SCREENS) measured[screen] = await measure(page, screen);
      const over = Object.entries(measured).filter(([, m]) => m.cls >= 0.1);
      expect(over, JSON.stringify(over, null, 1)).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
