import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cakeFields, ingredientInput } from '../../../../shared/schemas/cakes';
import { calendarDate } from '../../../../shared/schemas/fields';
import { CAKE_TEXT } from '../../../../shared/texts/cakes';
import type { Tx } from '../../../db/open';
import { prepared } from '../../../db/prepared';
import { cakeIngredients, cakeSizes, cakes, categories, inventoryItems } from '../../../db/schema';
import { costOpeningLot } from '../../cakes/cakeLots';
import { restoreStock } from './inventory';
import type { Book, SheetRow } from './read';
import {
  cellText,
  changedFields,
  checkedRows,
  foldCase,
  idLookup,
  instantCell,
  numberCell,
  orNull,
  pesosCell,
  quantityCell,
  readRow,
  type Tally,
  tableWriter,
  userLookup,
  yesNoCell,
} from './rows';

export const CAKES_LAYOUT = {
  cakes: [
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
    // Backups made before shelf lives and targets have no such columns: their cakes take the defaults.
    'shelfLifeDays?',
    'shelfTarget?',
    'createdBy',
    'createdAt',
    'updatedAt',
  ],
  // Quantities in units; older backups' whole numbers read the same way.
  ingredients: ['cakeId', 'itemId', 'quantity'],
} as const;

const f = cakeFields.in.shape;

/** A number cell read with a form field's schema; a blank cell (or a column older backups lack) is its default. */
const blankIs = <T extends z.ZodDefault<z.ZodNumber>>(field: T) =>
  orNull(numberCell.pipe(field.unwrap())).transform((v) => v ?? (field.parse(undefined) as number));
const cakeRow = z
  .object({
    cakeId: cellText.pipe(f.cakeId.unwrap().min(1, 'is required')),
    name: cellText.pipe(f.name),
    category: orNull(cellText),
    size: orNull(cellText),
    stock: numberCell.pipe(f.stock.unwrap()),
    price: pesosCell.pipe(f.price),
    amount: numberCell.pipe(f.amount.unwrap()),
    // The form says Regular where the record says Always: either reads.
    availability: cellText.pipe(z.preprocess((v) => (v === 'Regular' ? 'Always' : v), f.availability)),
    seasonStart: orNull(cellText.pipe(calendarDate('Season start'))),
    seasonEnd: orNull(cellText.pipe(calendarDate('Season end'))),
    scPwdEligible: yesNoCell(true),
    expirationDate: orNull(cellText.pipe(calendarDate('Expiration date'))),
    shelfLifeDays: blankIs(f.shelfLifeDays),
    shelfTarget: blankIs(f.shelfTarget),
    createdBy: orNull(cellText),
    createdAt: instantCell,
    updatedAt: orNull(instantCell),
  })
  .superRefine((cake, ctx) => {
    if (cake.availability !== 'Seasonal') return;
    if (!cake.seasonStart || !cake.seasonEnd)
      ctx.addIssue({
        code: 'custom',
        message: CAKE_TEXT.seasonRequired,
        path: [cake.seasonStart ? 'seasonEnd' : 'seasonStart'],
      });
    else if (cake.seasonEnd < cake.seasonStart)
      ctx.addIssue({ code: 'custom', message: CAKE_TEXT.seasonBackwards, path: ['seasonEnd'] });
  })
  // As the form keeps it: a period only when Seasonal.
  .transform((cake) =>
    cake.availability === 'Seasonal' ? cake : { ...cake, seasonStart: null, seasonEnd: null },
  );

const ingredientRow = z.object({
  cakeId: cellText.pipe(z.string().trim().min(1, 'is required')),
  itemId: cellText.pipe(z.string().trim().min(1, 'is required')),
  quantity: quantityCell.pipe(ingredientInput.shape.quantity),
});

interface Ingredient {
  itemId: number;
  quantity: number;
}

/** A recipe in one comparable form: the same ingredients in any order are the same recipe. */
const recipeKey = (recipe: readonly Ingredient[]) =>
  recipe
    .map((i) => `${i.itemId}x${i.quantity}`)
    .sort()
    .join(',');

/**
 * The ingredients sheet by cake, each row checked on its own: an item not on file or
 * listed twice for one cake refuses its row. `mentioned` holds every cake a row names.
 */
function recipesOf(tx: Tx, rows: readonly SheetRow[], tally: Tally) {
  const item = idLookup(tx, inventoryItems, inventoryItems.itemId);
  const recipes = new Map<string, (Ingredient & { row: number })[]>();
  const mentioned = new Map<string, { cakeId: string; rows: number[] }>();
  for (const row of rows) {
    const read = readRow(ingredientRow, row);
    if ('reason' in read) {
      tally.reject(row.row, read.reason, 'ingredients');
      continue;
    }
    const { cakeId, itemId, quantity } = read.value;
    const key = foldCase(cakeId);
    const named = mentioned.get(key) ?? { cakeId, rows: [] };
    named.rows.push(row.row);
    mentioned.set(key, named);
    const id = item(itemId);
    if (id === undefined) {
      tally.reject(
        row.row,
        `itemId ${itemId} is not an item on file; restore the inventory backup first.`,
        'ingredients',
      );
      continue;
    }
    const recipe = recipes.get(key) ?? [];
    const twice = recipe.find((i) => i.itemId === id);
    if (twice) {
      tally.reject(row.row, `itemId ${itemId} for ${cakeId} is also on row ${twice.row}.`, 'ingredients');
      continue;
    }
    recipe.push({ itemId: id, quantity, row: row.row });
    recipes.set(key, recipe);
  }
  return { recipes, mentioned };
}

/** What a cake row writes, beside its stock (which moves through the ledger) and its recipe. */
const CAKE_FIELDS = [
  'cakeId',
  'name',
  'categoryId',
  'sizeId',
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
] as const;

/** Reading and replacing a cake's recipe, prepared once. */
function recipeStatements(tx: Tx) {
  const ph = sql.placeholder;
  const read = prepared(tx, 'restore.cakes.recipe', () =>
    tx
      .select({ itemId: cakeIngredients.itemId, quantity: cakeIngredients.quantity })
      .from(cakeIngredients)
      .where(eq(cakeIngredients.cakeId, ph('cakeId')))
      .prepare(),
  );
  const clear = prepared(tx, 'restore.cakes.clearRecipe', () =>
    tx
      .delete(cakeIngredients)
      .where(eq(cakeIngredients.cakeId, ph('cakeId')))
      .prepare(),
  );
  const add = prepared(tx, 'restore.cakes.addIngredient', () =>
    tx
      .insert(cakeIngredients)
      .values({ cakeId: ph('cakeId'), itemId: ph('itemId'), quantity: ph('quantity') })
      .prepare(),
  );
  return {
    of: (cakeId: number) => read.all({ cakeId }) as Ingredient[],
    set: (cakeId: number, recipe: readonly Ingredient[]) => {
      clear.run({ cakeId });
      for (const { itemId, quantity } of recipe) add.run({ cakeId, itemId, quantity });
    },
  };
}

/**
 * Cakes by cakeId: new ones added, the others set to the file's values. The ingredients the
 * sheet lists for a cake replace its recipe; a cake it does not list keeps its own, so a
 * trimmed ingredients sheet never empties a recipe. Stock moves through the ledger
 * (reason 'restore').
 */
export function restoreCakes(tx: Tx, book: Book, tally: Tally, userId: number): void {
  const { recipes, mentioned } = recipesOf(tx, book.ingredients ?? [], tally);
  const category = idLookup(tx, categories, categories.name, eq(categories.type, 'cake'));
  const size = idLookup(tx, cakeSizes, cakeSizes.name);
  const user = userLookup(tx);
  const recipe = recipeStatements(tx);
  const rows = tableWriter<typeof cakes.$inferSelect>(tx, 'cakes', cakes, cakes.cakeId, [
    ...CAKE_FIELDS,
    'stock',
  ]);
  const fieldsOnly = tableWriter(tx, 'cakes.fields', cakes, cakes.cakeId, CAKE_FIELDS);
  // Every cake the sheet lists, even on a refused row: its ingredients are not strays.
  const listed = new Set((book.cakes ?? []).map((r) => foldCase(String(r.cells.cakeId ?? '').trim())));
  for (const { row, value: cake } of checkedRows(book.cakes ?? [], cakeRow, 'cakeId', tally)) {
    const categoryId = cake.category ? category(cake.category) : null;
    if (categoryId === undefined) {
      tally.reject(row, `category: "${cake.category}" is not a cake category on file.`);
      continue;
    }
    const sizeId = cake.size ? size(cake.size) : null;
    if (sizeId === undefined) {
      tally.reject(row, `size: "${cake.size}" is not a cake size on file.`);
      continue;
    }
    // A cake the ingredients sheet does not list keeps the recipe it has (a new one has none).
    const wanted = recipes.get(foldCase(cake.cakeId)) ?? null;
    // The form's own limits on a recipe (how many ingredients).
    const recipeRules = wanted && f.ingredients.safeParse(wanted);
    if (recipeRules && !recipeRules.success) {
      tally.reject(row, `${cake.cakeId}: ${recipeRules.error.issues[0]?.message}`);
      continue;
    }
    const { stock, category: _c, size: _s, createdBy, ...fields } = cake;
    const values = { ...fields, categoryId, sizeId, createdBy: user(createdBy) };
    const existing = rows.find(cake.cakeId);
    if (!existing) {
      const id = rows.insert({ ...values, stock });
      if (wanted) recipe.set(id, wanted);
      costOpeningLot(tx, id);
      restoreStock(tx, { kind: 'cake', id, record: cake.cakeId }, null, stock, userId);
      tally.added++;
      continue;
    }
    const recipeChanged = wanted !== null && recipeKey(recipe.of(existing.id)) !== recipeKey(wanted);
    if (!recipeChanged && changedFields(existing, { ...values, stock }).length === 0) {
      tally.unchanged++;
      continue;
    }
    fieldsOnly.update(existing.id, values);
    if (wanted && recipeChanged) recipe.set(existing.id, wanted);
    restoreStock(tx, { kind: 'cake', id: existing.id, record: cake.cakeId }, existing.stock, stock, userId);
    tally.updated++;
  }
  for (const [key, { cakeId, rows: at }] of mentioned) {
    if (listed.has(key)) continue;
    for (const n of at) tally.reject(n, `cakeId ${cakeId} is not in the cakes sheet.`, 'ingredients');
  }
}
