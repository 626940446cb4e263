import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  cakeIngredients,
  cakes,
  inventoryItems,
  notifications,
  stockMovements,
} from '../../server/db/schema';
import { BACKUP_TEXT } from '../../shared/texts/backup';
import { CAKE_TEXT } from '../../shared/texts/cakes';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { backupFile, byField, edited, restoreFile } from '../helpers/backupFiles';
import { setCakeStock } from '../helpers/lots';
import { aDayOfInput, cakeState, customerState, lists } from '../helpers/shopDay';

// Cakes, with their recipes, have a backup area of their own: a day's cakes come back from
// their own file with nothing to change, come back whole onto an empty shop (with the
// customers), stock moves through the ledger, and a bad row refuses the file, naming it.

let shop: TestShop;
let owner: Session;
let id: Awaited<ReturnType<typeof aDayOfInput>>;

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  id = await aDayOfInput(shop, owner);
});
afterAll(() => shop.close());

const ledger = () => shop.db.select().from(stockMovements).all().length;
const state = () => ({ cakes: cakeState(shop.db), ledger: ledger() });
const restore = (file: Buffer, dryRun = false) => restoreFile(shop, 'cakes', file, owner.accessToken, dryRun);

describe('the cakes backup', () => {
  it('holds a cakes sheet by business id and names, in pesos, and an ingredients sheet', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await backupFile(shop, 'cakes', owner.accessToken)) as unknown as ArrayBuffer);
    const sheet = byField(book, 'cakes');
    expect((sheet.sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'cakeId',
      'name',
      'category',
      'size',
      'stock',
      'price',
      'amount',
      'availability',
      'seasonStart',
      'seasonEnd',
      'scPwdEligible',
      'expirationDate',
      'shelfLifeDays',
      'shelfTarget',
      'createdBy',
      'createdAt',
      'updatedAt',
    ]);
    expect(sheet.get(2)).toMatchObject({
      cakeId: id.flan,
      name: 'Leche Flan Niño’s 🎂',
      category: 'CELEBRACIÓN Ñ 🎉',
      size: 'BILOG 8" Ñ',
      stock: 4,
      price: 1250.5,
      availability: 'Always',
      scPwdEligible: 'yes',
      shelfLifeDays: 3,
      shelfTarget: 0,
      createdBy: owner.user.email,
    });
    expect(sheet.get(3)).toMatchObject({
      seasonStart: '2026-12-01',
      seasonEnd: '2027-01-06',
      scPwdEligible: 'no',
      shelfLifeDays: 5,
      shelfTarget: 2,
    });
    // Text stays text: a name that looks like a formula is a string cell.
    expect(sheet.sheet.getRow(3).getCell(2).type).toBe(ExcelJS.ValueType.String);
    const ingredients = byField(book, 'ingredients');
    expect((ingredients.sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'cakeId',
      'itemId',
      'quantity',
    ]);
    // For one cake, in the item's units.
    expect([2, 3, 4, 5, 6].map((n) => ingredients.get(n))).toEqual(
      expect.arrayContaining([
        { cakeId: id.flan, itemId: id.flour, quantity: 0.25 },
        { cakeId: id.flan, itemId: id.sugar, quantity: 1.125 },
        { cakeId: id.seasonal, itemId: id.eggs, quantity: 12 },
        { cakeId: id.ube, itemId: id.flour, quantity: 1 },
        { cakeId: id.ube, itemId: id.eggs, quantity: 3 },
      ]),
    );
  });

  it('the day’s own backup restores with nothing to change', async () => {
    const file = await backupFile(shop, 'cakes', owner.accessToken);
    const before = state();
    const preview = await restore(file, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ added: 0, updated: 0, unchanged: 3, rejected: [], applied: false });
    const res = await restore(file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 0, updated: 0, unchanged: 3, rejected: [], applied: true });
    expect(state()).toEqual(before);
  });

  it('a deleted cake, a changed stock, price and recipe come back; stock through the ledger', async () => {
    const db = shop.db;
    const original = cakeState(db);
    const file = await backupFile(shop, 'cakes', owner.accessToken);
    const flan = db.select().from(cakes).where(eq(cakes.cakeId, id.flan)).get()!;
    db.update(cakes).set({ price: 1, name: 'Renamed' }).where(eq(cakes.id, flan.id)).run();
    setCakeStock(shop, flan.id, 1);
    db.delete(cakeIngredients).where(eq(cakeIngredients.cakeId, flan.id)).run();
    const eggs = db.select().from(inventoryItems).where(eq(inventoryItems.itemId, id.eggs)).get()!;
    db.insert(cakeIngredients).values({ cakeId: flan.id, itemId: eggs.id, quantity: 99 }).run();
    db.delete(cakes).where(eq(cakes.cakeId, id.seasonal)).run();
    const moves = ledger();

    const res = await restore(file);
    expect(res.json()).toEqual({ added: 1, updated: 1, unchanged: 1, rejected: [], applied: true });
    expect(cakeState(db)).toEqual(original);
    const restored = db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reason, 'restore'))
      .orderBy(asc(stockMovements.id))
      .all();
    // The ledger counts cakes in thousandths too.
    expect(restored.map((m) => [m.record, m.change, m.stockBefore, m.stockAfter, m.cakeId !== null])).toEqual(
      [
        [id.flan, 3_000, 1_000, 4_000, true],
        [id.seasonal, 3_000, 0, 3_000, true],
      ],
    );
    expect(ledger()).toBe(moves + 2);
    const log = db.select().from(activityLogs).orderBy(asc(activityLogs.id)).all().at(-1);
    expect(log?.description).toBe('Restored the cakes backup: 1 added, 1 updated, 1 unchanged');
    const note = db.select().from(notifications).orderBy(asc(notifications.id)).all().at(-1);
    expect(note).toMatchObject({ type: 'success', message: BACKUP_TEXT.restored('cakes', 1, 1) });
  });

  it('bad rows refuse the file, each named, and nothing changes', async () => {
    const file = await backupFile(shop, 'cakes', owner.accessToken);
    const at = { ube: 0, other: 0, ubeFlour: 0 };
    const bad = await edited(file, (book) => {
      const sheet = byField(book, 'cakes');
      at.ube = [2, 3, 4].find((n) => sheet.get(n).cakeId === id.ube) ?? 0;
      at.other = at.ube === 2 ? 3 : 2;
      const ube = sheet.get(at.ube);
      sheet.set(at.other, 'price', -5);
      sheet.add({ ...ube, cakeId: 'CK-PLUS-3' }); // 5
      sheet.add({ ...ube, cakeId: 'CK-NEW-1', category: 'Nowhere' }); // 6
      sheet.add({ ...ube, cakeId: 'CK-NEW-2', price: 12.345 }); // 7
      sheet.add({
        ...ube,
        cakeId: 'CK-NEW-3',
        availability: 'Seasonal',
        seasonStart: '2027-02-01',
        seasonEnd: '2027-01-01',
      }); // 8
      const ingredients = byField(book, 'ingredients');
      at.ubeFlour =
        [2, 3, 4, 5, 6].find((n) => {
          const row = ingredients.get(n);
          return row.cakeId === id.ube && row.itemId === id.flour;
        }) ?? 0;
      ingredients.add({ cakeId: id.ube, itemId: 'INV-404404', quantity: 1 }); // 7
      ingredients.add({ cakeId: 'CK-NOWHERE', itemId: id.flour, quantity: 1 }); // 8
      ingredients.add({ cakeId: id.ube, itemId: id.flour, quantity: 5 }); // 9
      ingredients.add({ cakeId: id.ube, itemId: id.sugar, quantity: 0 }); // 10
      ingredients.add({ cakeId: id.ube, itemId: id.eggs, quantity: 0.0005 }); // 11
      sheet.add({ ...ube, cakeId: 'CK-NEW-4', shelfLifeDays: 0 }); // 9
      sheet.add({ ...ube, cakeId: 'CK-NEW-5', shelfTarget: 10_001 }); // 10
    });
    const before = state();
    const res = await restore(bad);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ added: 0, updated: 0, unchanged: 0, applied: false });
    expect(body.rejected).toEqual([
      { sheet: 'cakes', row: at.other, reason: 'price: Cake price must be a non-negative number.' },
      { sheet: 'cakes', row: 5, reason: `cakeId CK-PLUS-3 is also on row ${at.ube}.` },
      { sheet: 'cakes', row: 6, reason: 'category: "Nowhere" is not a cake category on file.' },
      { sheet: 'cakes', row: 7, reason: 'price: must be pesos with at most two decimals' },
      { sheet: 'cakes', row: 8, reason: 'seasonEnd: The seasonal period cannot end before it starts.' },
      { sheet: 'cakes', row: 9, reason: `shelfLifeDays: ${CAKE_TEXT.shelfLifeRange}` },
      { sheet: 'cakes', row: 10, reason: `shelfTarget: ${CAKE_TEXT.shelfTargetRange}` },
      {
        sheet: 'ingredients',
        row: 7,
        reason: 'itemId INV-404404 is not an item on file; restore the inventory backup first.',
      },
      { sheet: 'ingredients', row: 8, reason: 'cakeId CK-NOWHERE is not in the cakes sheet.' },
      {
        sheet: 'ingredients',
        row: 9,
        reason: `itemId ${id.flour} for ${id.ube} is also on row ${at.ubeFlour}.`,
      },
      { sheet: 'ingredients', row: 10, reason: `quantity: ${CAKE_TEXT.quantityPositive}` },
      { sheet: 'ingredients', row: 11, reason: 'quantity: must have at most three decimals' },
    ]);
    expect(state()).toEqual(before);
  });

  it('a cake the ingredients sheet does not list keeps its recipe; a new one comes without', async () => {
    const file = await backupFile(shop, 'cakes', owner.accessToken);
    const before = cakeState(shop.db);
    const trimmed = await edited(file, (book) => {
      const sheet = byField(book, 'cakes');
      const at = [2, 3, 4].find((n) => sheet.get(n).cakeId === id.ube) ?? 0;
      sheet.set(at, 'price', 600);
      sheet.add({ ...sheet.get(at), cakeId: 'CK-BARE', name: 'Bare Ñ' });
      const ingredients = byField(book, 'ingredients');
      for (let n = ingredients.sheet.rowCount; n > 1; n--)
        if (ingredients.get(n).cakeId === id.ube) ingredients.sheet.spliceRows(n, 1);
    });
    const res = await restore(trimmed);
    expect(res.json()).toEqual({ added: 1, updated: 1, unchanged: 2, rejected: [], applied: true });
    const after = cakeState(shop.db);
    const ube = (all: typeof before) => all.find((c) => c.cakeId === id.ube);
    expect(ube(after)?.recipe).toEqual(ube(before)?.recipe);
    expect(ube(after)?.price).toBe(60000);
    expect(after.find((c) => c.cakeId === 'CK-BARE')).toMatchObject({ name: 'Bare Ñ', recipe: [] });
  });
});

describe('an older cakes backup', () => {
  it('without shelf columns and with whole-unit recipes restores: the defaults, quantities in units', async () => {
    const file = await backupFile(shop, 'cakes', owner.accessToken);
    const older = await edited(file, (book) => {
      const sheet = byField(book, 'cakes');
      for (const field of ['shelfTarget', 'shelfLifeDays'])
        sheet.sheet.spliceColumns((sheet.sheet.getRow(1).values as unknown[]).indexOf(field), 1);
      const ingredients = byField(book, 'ingredients');
      // Whole units, as backups made before recipes took decimals hold them.
      for (let n = 2; n <= ingredients.sheet.rowCount; n++)
        ingredients.set(n, 'quantity', Math.ceil(Number(ingredients.get(n).quantity)));
    });
    const res = await restore(older);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rejected: [], applied: true });
    const after = cakeState(shop.db);
    const flan = after.find((c) => c.cakeId === id.flan)!;
    // 0.25 and 1.125 written back as 1 and 2 whole units: 1000 and 2000 thousandths.
    expect(Object.fromEntries(flan.recipe.map((i) => [i.itemId, i.quantity]))).toEqual({
      [id.flour]: 1000,
      [id.sugar]: 2000,
    });
    const seasonal = after.find((c) => c.cakeId === id.seasonal)!;
    expect(seasonal).toMatchObject({ shelfLifeDays: 3, shelfTarget: 0 });
    expect(seasonal.recipe.map((i) => i.quantity)).toEqual([12_000]);
  });
});

describe('onto an empty shop', () => {
  let empty: TestShop;
  afterAll(() => empty?.close());

  it('suppliers, items, then cakes with their recipes and customers come back whole', async () => {
    const files = Object.fromEntries(
      await Promise.all(
        ['supplier', 'inventory', 'cakes', 'customers'].map(
          async (area) => [area, await backupFile(shop, area, owner.accessToken)] as const,
        ),
      ),
    );
    empty = await testApp();
    const other = await empty.signedIn('owner');
    lists(empty.db);
    const put = (area: string) => restoreFile(empty, area, files[area] as Buffer, other.accessToken);
    expect((await put('supplier')).json()).toMatchObject({ added: 1, rejected: [] });
    expect((await put('inventory')).json()).toMatchObject({ added: 3, rejected: [], applied: true });
    const cakesBack = await put('cakes');
    expect(cakesBack.json()).toEqual({ added: 4, updated: 0, unchanged: 0, rejected: [], applied: true });
    const customersBack = await put('customers');
    expect(customersBack.json()).toEqual({ added: 3, updated: 0, unchanged: 0, rejected: [], applied: true });
    expect(cakeState(empty.db)).toEqual(cakeState(shop.db));
    expect(customerState(empty.db)).toEqual(customerState(shop.db));
    const moves = empty.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reason, 'restore'))
      .all()
      .filter((m) => m.cakeId !== null);
    // Cakes' stock is whole cakes; their ledger rows are thousandths.
    expect(moves.map((m) => [m.record, m.stockBefore, m.stockAfter]).sort()).toEqual(
      cakeState(shop.db)
        .map((c) => [c.cakeId, 0, c.stock * 1000])
        .sort(),
    );
  });
});
