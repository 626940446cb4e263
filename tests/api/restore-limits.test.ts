import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { DATABASE_BUSY } from '../../server/lib/errors';
import { BACKUP_TEXT } from '../../shared/texts/backup';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { deflatedZeros, inventoryWorkbook, withPart, workbookOf } from '../helpers/zip';

// A restore's bounds: a workbook that inflates to far more than it weighs is refused before
// it is inflated, a file of too many rows is refused, and a big restore runs off the serving
// thread, so the tills are answered meanwhile (reads at once, writes told plainly to wait).

let shop: TestShop;
let owner: Session;
let itemId: number;

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  itemId = shop.db
    .insert(inventoryItems)
    .values({ itemId: 'INV-000001', name: 'Bread Flour', stock: 1_000_000, unitPrice: 5000 })
    .returning()
    .get().id;
});

afterAll(() => shop.close());

const auth = () => ({ authorization: `Bearer ${owner.accessToken}` });
const restore = (file: Buffer, dryRun = false) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/backup/inventory/restore${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...auth(), 'content-type': 'application/octet-stream' },
    payload: file,
  });

async function inventoryBackup() {
  const res = await shop.app.inject({ method: 'GET', url: '/api/backup/inventory', headers: auth() });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** The highest resident memory seen while `work` runs, above what it was before. */
async function memoryRise(work: () => Promise<unknown>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
}

const itemRows = (count: number, from = 100_000) => inventoryWorkbook(count, from);

describe('a workbook that inflates to more than it weighs', () => {
  it('an image inflating to 1 GiB: 413 with a message, the server holding next to nothing more', async () => {
    const good = await inventoryBackup();
    // The worker is started once; its own start is not the file's cost.
    expect((await restore(good, true)).statusCode).toBe(200);
    const bomb = withPart(good, await deflatedZeros(1024 ** 3));
    expect(bomb.length).toBeLessThan(2 * 1024 ** 2);
    let answer: Awaited<ReturnType<typeof restore>> | undefined;
    const rise = await memoryRise(async () => {
      answer = await restore(bomb);
    });
    expect(answer?.statusCode).toBe(413);
    expect(answer?.json()).toEqual({ message: BACKUP_TEXT.inflatesTooLarge });
    // exceljs held 3.3 GB for this file.
    expect(rise).toBeLessThan(150 * 1024 ** 2);
  });

  it('a sheet that inflates past the size it declared: 413, stopped at the declared size', async () => {
    const honest = itemRows(20_000);
    expect((await restore(honest, true)).statusCode).toBe(200);
    const liar = inventoryWorkbook(20_000, 100_000, { declared: 4096 });
    const res = await restore(liar, true);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(BACKUP_TEXT.inflatesTooLarge);
  });

  it('a file of more than 200,000 rows: 413 saying to split it, nothing written', async () => {
    const before = await shop.db.$count(inventoryItems);
    const res = await restore(itemRows(200_001));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(BACKUP_TEXT.tooManyRows);
    expect(await shop.db.$count(inventoryItems)).toBe(before);
  });

  it('random bytes and a zip that is no workbook are still 400 "not a workbook"', async () => {
    for (const file of [Buffer.from('PK\x05\x06 not really'), workbookOf('inventory', []).subarray(0, 100)]) {
      const res = await restore(file, true);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(BACKUP_TEXT.notWorkbook);
    }
  });
});

describe('a 50,000-row restore while the tills work', () => {
  it('runs off the serving thread: health answers, sales go through or are told to wait, never a 500', async () => {
    const file = itemRows(50_000, 200_000);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let done = false;
    const restoring = restore(file).finally(() => {
      done = true;
    });
    const health: number[] = [];
    const sales: { status: number; message?: string }[] = [];
    while (!done) {
      const [h, s] = await Promise.all([
        shop.app.inject({ method: 'GET', url: '/api/health' }),
        owner.api.sales
          .checkout({
            orderType: 'Walk-in',
            paymentMethod: 'Cash',
            lines: [{ kind: 'item', id: itemId, quantity: 1 }],
          } as never)
          .then(
            () => ({ status: 200 }),
            (error: { code?: string; message: string }) => ({
              status: error.code === 'SERVICE_UNAVAILABLE' ? 503 : 500,
              message: error.message,
            }),
          ),
      ]);
      health.push(h.statusCode);
      sales.push(s);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    delay.disable();
    const res = await restoring;
    expect(res.json().rejected?.slice(0, 3)).toEqual([]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 50_000, applied: true, rejected: [] });
    expect(health.length).toBeGreaterThan(5);
    expect(health.every((status) => status === 200)).toBe(true);
    for (const sale of sales)
      if (sale.status !== 200) expect(sale).toEqual({ status: 503, message: DATABASE_BUSY });
    // The loop never stood still for as long as the restore took (seconds): the parse and the
    // write ran in the worker. The stall itself is a performance figure, measured by
    // `npm run bench:restore` (bench/restoreStall.ts); here only a bound a busy test machine
    // cannot trip, that a restore on the serving thread would.
    expect(delay.max / 1e6).toBeLessThan(1500);
  }, 120_000);
});
