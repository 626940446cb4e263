import { eq, inArray } from 'drizzle-orm';
import { yesNo } from '../../../shared/display';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import type { CakeFields, UpdateCakeInput } from '../../../shared/schemas/cakes';
import { AVAILABILITY_LABELS } from '../../../shared/texts/cakes';
import type { Store } from '../../db/open';
import { inventoryItems, units } from '../../db/schema';
import { describeChanges, type FieldList, type HeldField } from '../actionRequests/held';
import type { CakeDetail } from './queries';

// A cake's edit as held changes and the activity log read it: the fields before and after,
// the recipe by item name.

/** A cake in the shape an edit sends; one on record may lack a category or size. */
type CakeState = Omit<CakeFields, 'categoryId' | 'sizeId'> & Pick<CakeDetail, 'categoryId' | 'sizeId'>;

/** The items recipes name, as a change reads them: name and unit by item id. */
type ItemNames = ReadonlyMap<number, { name: string; unit: string | null }>;

export function itemNames(
  store: Store,
  ...recipes: { ingredients: readonly { itemId: number }[] }[]
): ItemNames {
  const ids = [...new Set(recipes.flatMap((r) => r.ingredients.map((i) => i.itemId)))];
  if (ids.length === 0) return new Map();
  const rows = store
    .select({ id: inventoryItems.id, name: inventoryItems.name, unit: units.name })
    .from(inventoryItems)
    .leftJoin(units, eq(units.id, inventoryItems.unitId))
    .where(inArray(inventoryItems.id, ids))
    .all();
  return new Map(rows.map(({ id, ...item }) => [id, item]));
}

/** A recipe as people read it: "Cake Flour 0.25 kg, Eggs 1", by name. */
function recipeShown(cake: CakeState, names: ItemNames): string {
  const lines = cake.ingredients.map((i) => {
    const item = names.get(i.itemId);
    const unit = item?.unit ? ` ${item.unit}` : '';
    return `${item?.name ?? `Item #${i.itemId}`} ${formatQuantity(i.quantity)}${unit}`;
  });
  return lines.sort((a, b) => a.localeCompare(b)).join(', ') || '(none)';
}

/**
 * A cake's fields as change notes and held edits see them: label, value as compared, and as
 * shown. The recipe is compared by item id and thousandths, and shown by name in units.
 */
export function facts(cake: CakeState, names: ItemNames = new Map()): FieldList<keyof CakeFields> {
  const fact = (label: string, value: unknown, shown: unknown = value): HeldField => ({
    label,
    value: value ?? null,
    shown: String(shown ?? '(none)'),
  });
  const season = cake.seasonalPeriod && `${cake.seasonalPeriod.startDate} to ${cake.seasonalPeriod.endDate}`;
  const ingredients = cake.ingredients.map((i) => `${i.itemId}x${i.quantity}`).sort();
  return {
    cakeId: fact('Cake ID', cake.cakeId),
    name: fact('Cake Name', cake.name),
    categoryId: fact('Category', cake.categoryId),
    sizeId: fact('Size', cake.sizeId),
    price: fact('Price', cake.price, formatPeso(cake.price)),
    stock: fact('Stock', cake.stock),
    amount: fact('Amount', cake.amount),
    availability: fact('Availability', cake.availability, AVAILABILITY_LABELS[cake.availability]),
    seasonalPeriod: fact('Seasonal Period', season),
    scPwdEligible: fact('SC/PWD Eligible', cake.scPwdEligible, yesNo(cake.scPwdEligible)),
    expirationDate: fact('Expiration Date', cake.expirationDate),
    shelfLifeDays: { ...fact('Shelf Life', cake.shelfLifeDays), unit: 'days' },
    shelfTarget: fact('Shelf Target', cake.shelfTarget),
    ingredients: fact('Ingredients', ingredients.join(', '), recipeShown(cake, names)),
  };
}

/** The cake as it is, in the shape an edit sends. */
export function asFields(cake: CakeDetail): CakeState {
  const { cakeId, name, categoryId, sizeId, price, stock, amount, availability } = cake;
  return {
    ...{ cakeId, name, categoryId, sizeId, price, stock, amount, availability },
    seasonalPeriod: cake.seasonStart ? { startDate: cake.seasonStart, endDate: cake.seasonEnd ?? '' } : null,
    scPwdEligible: cake.scPwdEligible,
    expirationDate: cake.expirationDate,
    shelfLifeDays: cake.shelfLifeDays,
    shelfTarget: cake.shelfTarget,
    ingredients: cake.ingredients.map(({ itemId, quantity }) => ({ itemId, quantity })),
  };
}

/** The cake as it is and as an edit would leave it (a blank Cake ID keeps the one it has). */
export function edited(store: Store, current: CakeDetail, next: CakeFields) {
  const names = itemNames(store, current, next);
  return [
    facts(asFields(current), names),
    facts({ ...next, cakeId: next.cakeId || current.cakeId }, names),
  ] as const;
}

/** Readable changes for a held request and the activity log. */
export const describeEdit = (store: Store, current: CakeDetail, next: CakeFields) =>
  describeChanges(...edited(store, current, next));

/** The cake an edit asks for: one sent without the SC/PWD flag or shelf fields keeps its own. */
export function editedCake(current: CakeDetail, edit: UpdateCakeInput['cake']): CakeFields {
  return {
    ...edit,
    scPwdEligible: edit.scPwdEligible ?? current.scPwdEligible,
    shelfLifeDays: edit.shelfLifeDays ?? current.shelfLifeDays,
    shelfTarget: edit.shelfTarget ?? current.shelfTarget,
  };
}
