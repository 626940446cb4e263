import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../server/db/open';
import { activityLogs, inventoryItems, notifications } from '../../server/db/schema';
import { RestoreRefused, restoreDatabase } from '../../server/domains/backup/restoreFile';
import {
  backupsFolder,
  databaseProblemAside,
  pruneSnapshots,
  SNAPSHOT_MODULE,
  SNAPSHOT_NAME,
  scheduleSnapshots,
  takeSnapshot,
} from '../../server/domains/backup/snapshot';
import { ADMIN, type TestShop, testApp } from '../helpers/app';
import { rest } from '../helpers/rest';

// Whole-database snapshots: consistent under checkouts, the admin/owner
// download, the daily schedule and its pruning, and the restore that refuses bad files.

let shop: TestShop;
let adminToken: string;
let adminId: number;
const scratch = mkdtempSync(path.join(tmpdir(), 'shop-snapshots-'));

beforeAll(async () => {
  shop = await testApp();
  const admin = await shop.login(ADMIN.email, ADMIN.password);
  adminToken = admin.accessToken;
  adminId = admin.user.id;
});
afterAll(async () => {
  await shop.close();
  rmSync(scratch, { recursive: true, force: true });
});

const tick = () => new Promise((resolve) => setImmediate(resolve));
const open = (file: string) => new Database(file, { readonly: true, fileMustExist: true });

describe('a snapshot taken while checkouts run', () => {
  it('passes integrity_check and holds every sale acknowledged before it started', async () => {
    // Enough pages that the online backup takes several turns of the event loop.
    shop.db.transaction((tx) => {
      for (let i = 0; i < 4000; i++)
        tx.insert(inventoryItems)
          .values({ itemId: `FILL-${i}`, name: `Filler ${i} ${'x'.repeat(200)}`, stock: 5_000 })
          .run();
    });
    // 10,000 units, in thousandths.
    const INITIAL = 10_000_000;
    const stocked = [1, 2, 3].map((n) =>
      shop.db
        .insert(inventoryItems)
        .values({ itemId: `SNAP-${n}`, name: `Snapshot Flour ${n}`, stock: INITIAL, unitPrice: 5000 })
        .returning()
        .get(),
    );
    const api = shop.caller(adminToken);
    const acknowledged = new Set<string>();
    let snapshotRunning = false;
    let duringSnapshot = 0;
    const sold: Promise<unknown>[] = [];
    // Half the sales wait for the snapshot to start, so some always arrive while it runs
    // (group commit may acknowledge the first hundred all at once).
    let snapshotStarted = () => {};
    const started = new Promise<void>((resolve) => {
      snapshotStarted = resolve;
    });
    const launching = (async () => {
      for (let i = 0; i < 200; i++) {
        if (i === 100) await started;
        const line = { kind: 'item' as const, id: stocked[i % 3]!.id, quantity: 1 + (i % 3) };
        const sale = api.sales.checkout({
          orderType: 'Walk-in',
          paymentMethod: 'Cash',
          lines: [line],
        } as never);
        sold.push(
          sale.then(({ sale }) => {
            acknowledged.add(sale.saleId);
            if (snapshotRunning) duringSnapshot++;
          }),
        );
        if (i % 4 === 3) await tick();
      }
    })();
    while (acknowledged.size < 60) await tick();
    const before = [...acknowledged];
    const file = path.join(scratch, 'under-load.sqlite');
    snapshotRunning = true;
    const snapshot = takeSnapshot(shop.db, file);
    snapshotStarted();
    await snapshot;
    snapshotRunning = false;
    await launching;
    await Promise.all(sold);
    expect(acknowledged.size).toBe(200);
    expect(before.length).toBeLessThan(200);
    // The test is only worth something if sales really landed while the copy was made.
    expect(duringSnapshot).toBeGreaterThan(0);

    const copy = open(file);
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const inCopy = new Set(
        copy
          .prepare('select sale_id as saleId from sales')
          .all()
          .map((r) => (r as { saleId: string }).saleId),
      );
      for (const saleId of before) expect(inCopy.has(saleId), saleId).toBe(true);
      for (const item of stocked) {
        const { stock } = copy.prepare('select stock from inventory_items where id = ?').get(item.id) as {
          stock: number;
        };
        const { sold } = copy
          .prepare('select coalesce(sum(quantity), 0) as sold from sale_lines where item_id = ?')
          .get(item.id) as { sold: number };
        expect(stock + sold * 1000, item.itemId).toBe(INITIAL);
      }
    } finally {
      copy.close();
    }
    expect(existsSync(`${file}-wal`) || existsSync(`${file}.part`)).toBe(false);
  });
});

describe('GET /api/backup/database', () => {
  it('sends admin and owner a checked SQLite file and records it', async () => {
    const owner = await shop.signedIn('owner');
    for (const [who, token, userId] of [
      ['admin', adminToken, adminId],
      ['owner', owner.accessToken, owner.user.id],
    ] as const) {
      const res = await rest(shop, 'GET', '/api/backup/database', token);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.sqlite3');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="shop-\d{4}-\d{2}-\d{2}T\d{4}\.sqlite"$/,
      );
      const file = path.join(scratch, `download-${who}.sqlite`);
      writeFileSync(file, res.rawPayload);
      const copy = open(file);
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.prepare("select name from inventory_items where item_id = 'SNAP-1'").get()).toEqual({
          name: 'Snapshot Flour 1',
        });
      } finally {
        copy.close();
      }
      const logged = shop.db
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.module, SNAPSHOT_MODULE), eq(activityLogs.userId, userId)))
        .all();
      expect(
        logged.map((l) => l.action),
        who,
      ).toEqual(['Download Full Backup']);
    }
    const done = shop.db.select().from(notifications).where(eq(notifications.type, 'success')).all();
    expect(done.filter((n) => n.message === 'Download Full Backup completed.')).toHaveLength(2);
    // The temp copies are gone once sent.
    await vi.waitFor(() =>
      expect(readdirSync(backupsFolder(shop.config)).filter((n) => n.startsWith('download-'))).toEqual([]),
    );
  });

  it('is 403 for manager and staff and 401 without a token', async () => {
    for (const role of ['manager', 'staff'] as const) {
      const { accessToken } = await shop.signedIn(role);
      const res = await rest(shop, 'GET', '/api/backup/database', accessToken);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBeTypeOf('string');
    }
    expect((await rest(shop, 'GET', '/api/backup/database')).statusCode).toBe(401);
  });
});

describe('the daily snapshot', () => {
  it('takes one at start unless today has one, by nobody, and announces it', async () => {
    const folder = backupsFolder(shop.config);
    const errors: unknown[] = [];
    const stop = scheduleSnapshots(shop.db, shop.config, (e) => errors.push(e));
    stop();
    const daily = () => readdirSync(folder).filter((n) => SNAPSHOT_NAME.test(n));
    await vi.waitFor(() => expect(daily()).toHaveLength(1));
    expect(errors).toEqual([]);
    const logged = shop.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'Daily Full Backup'), isNull(activityLogs.userId)))
      .all();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.module).toBe(SNAPSHOT_MODULE);
    const announced = shop.db.select().from(notifications).where(eq(notifications.type, 'success')).all();
    expect(announced.some((n) => n.message === 'Daily Full Backup completed.')).toBe(true);

    // Same day again: nothing new. A later day: a second one.
    scheduleSnapshots(shop.db, shop.config, (e) => errors.push(e))();
    await tick();
    expect(daily()).toHaveLength(1);
    const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000);
    scheduleSnapshots(shop.db, shop.config, (e) => errors.push(e), tomorrow)();
    await vi.waitFor(() => expect(daily()).toHaveLength(2));
    expect(errors).toEqual([]);
  });

  it('keeps the newest 14 snapshots and leaves other files alone', () => {
    const folder = path.join(scratch, 'prune');
    mkdirSync(folder);
    const names = Array.from(
      { length: 16 },
      (_, i) => `shop-2025-05-${String(i + 1).padStart(2, '0')}T0300.sqlite`,
    );
    const others = [
      'before-restore-2025-05-01T0900.sqlite',
      'notes.txt',
      'shop-old.sqlite',
      'download-x.sqlite',
    ];
    for (const name of [...names, ...others]) writeFileSync(path.join(folder, name), 'x');
    expect(pruneSnapshots(folder)).toEqual(names.slice(0, 2));
    expect(readdirSync(folder).sort()).toEqual([...names.slice(2), ...others].sort());
  });
});

describe('restoreDatabase (npm run restore)', () => {
  /** A stopped shop in a data folder of its own, holding one item. */
  function stoppedShop(name: string) {
    const dataDir = path.join(scratch, name);
    mkdirSync(dataDir);
    const config = { dataDir, dbFile: path.join(dataDir, 'shop.sqlite') };
    const db = openDb(config.dbFile);
    db.insert(inventoryItems).values({ itemId: 'OLD-1', name: 'Old Flour' }).run();
    db.$client.close();
    return config;
  }
  const itemIds = (file: string) => {
    const db = open(file);
    try {
      return db
        .prepare("select item_id as id from inventory_items where item_id in ('OLD-1', 'SNAP-1')")
        .all();
    } finally {
      db.close();
    }
  };

  it('puts a good snapshot in place and keeps the previous database in backups/', async () => {
    const config = stoppedShop('restore-good');
    const snapshot = path.join(scratch, 'to-restore.sqlite');
    await takeSnapshot(shop.db, snapshot);
    const { keptAs } = await restoreDatabase(config, snapshot);
    expect(itemIds(config.dbFile)).toEqual([{ id: 'SNAP-1' }]);
    expect(keptAs).toMatch(/backups\/before-restore-\d{4}-\d{2}-\d{2}T\d{4}\.sqlite$/);
    expect(itemIds(keptAs!)).toEqual([{ id: 'OLD-1' }]);
    // It opens as the shop's database again, migrations and all.
    const reopened = openDb(config.dbFile);
    expect(
      reopened.select().from(inventoryItems).where(eq(inventoryItems.itemId, 'SNAP-1')).get(),
    ).toBeDefined();
    reopened.$client.close();
  });

  it('checks a snapshot on a worker thread, leaving the serving thread free', async () => {
    const good = path.join(scratch, 'aside-good.sqlite');
    await takeSnapshot(shop.db, good);
    const corrupted = path.join(scratch, 'aside-corrupted.sqlite');
    const bytes = readFileSync(good);
    randomBytes(bytes.length / 2).copy(bytes, 4096);
    writeFileSync(corrupted, bytes);
    // A timer fires while the check runs: a check on this thread would hold it until done.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      expect(await databaseProblemAside(good)).toBeNull();
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
    expect(await databaseProblemAside(corrupted)).toMatch(/malformed|integrity check/);
    expect(await databaseProblemAside(path.join(scratch, 'no-such.sqlite'))).toMatch(
      /does not exist|unable to open/,
    );
  });

  it('refuses random bytes, a corrupted database and a foreign one, changing nothing', async () => {
    const config = stoppedShop('restore-bad');
    const original = readFileSync(config.dbFile);
    const random = path.join(scratch, 'random.sqlite');
    writeFileSync(random, randomBytes(64 * 1024));
    const corrupted = path.join(scratch, 'corrupted.sqlite');
    await takeSnapshot(shop.db, corrupted);
    const bytes = readFileSync(corrupted);
    randomBytes(bytes.length / 2).copy(bytes, 4096);
    writeFileSync(corrupted, bytes);
    const foreign = path.join(scratch, 'foreign.sqlite');
    new Database(foreign).exec('create table recipes (name text)');
    for (const [file, reason] of [
      [random, /file is not a database/],
      [corrupted, /malformed|integrity check/],
      [foreign, /not the shop's/],
    ] as const) {
      const refused = await restoreDatabase(config, file).catch((e: unknown) => e);
      expect(refused, file).toBeInstanceOf(RestoreRefused);
      expect((refused as Error).message).toMatch(reason);
      expect((refused as Error).message).toMatch(/Nothing was changed/);
    }
    expect(readFileSync(config.dbFile).equals(original)).toBe(true);
    expect(readdirSync(config.dataDir)).toEqual(['shop.sqlite']);
  });

  it('refuses while the server has the database open', async () => {
    const snapshot = path.join(scratch, 'while-running.sqlite');
    await takeSnapshot(shop.db, snapshot);
    const refused = await restoreDatabase(shop.config, snapshot).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toMatch(/Stop the server first/);
    expect(
      shop.db.select().from(inventoryItems).where(eq(inventoryItems.itemId, 'SNAP-1')).get(),
    ).toBeDefined();
  });
});
