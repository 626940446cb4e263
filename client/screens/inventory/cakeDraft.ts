import { toCentavos } from '../../../shared/money';
import { costOf, fromMilli, toMilli } from '../../../shared/quantity';
import type { CakeFieldsIn } from '../../../shared/schemas/cakes';
import { type AVAILABILITY, CAKE_TEXT, SHELF_LIFE_MAX, SHELF_TARGET_MAX } from '../../../shared/texts/cakes';
import { QUANTITY_TEXT } from '../../../shared/texts/fields';
import { numberOf } from '../../ui/inputs';
import { type CakeRow, idOf } from './inventory';

export type Availability = (typeof AVAILABILITY)[number];

/** One ingredient line of the form: the item as the lookup showed it, and how much (in its unit) for one cake. */
export interface IngredientLine {
  itemId: number;
  code: string;
  name: string;
  unit: string | null;
  purchasePrice: number;
  quantity: number | string;
}

export interface CakeDraft {
  cakeId: string;
  name: string;
  categoryId: string | null;
  sizeId: string | null;
  availability: Availability | null;
  seasonStart: string;
  seasonEnd: string;
  price: number | string;
  stock: number | string;
  scPwdEligible: boolean;
  expirationDate: string;
  shelfLifeDays: number | string;
  shelfTarget: number | string;
  /** Not on the form; kept as it was when a cake is edited. */
  amount: number;
  ingredients: IngredientLine[];
}

export type CakeErrors = Partial<
  Record<
    | 'name'
    | 'categoryId'
    | 'sizeId'
    | 'availability'
    | 'season'
    | 'price'
    | 'stock'
    | 'shelfLifeDays'
    | 'shelfTarget'
    | 'ingredients',
    string
  >
>;

export const BLANK_CAKE: CakeDraft = {
  cakeId: '',
  name: '',
  categoryId: null,
  sizeId: null,
  availability: null,
  seasonStart: '',
  seasonEnd: '',
  price: '',
  stock: '',
  /** Cakes are food: the SC/PWD discount applies unless unticked. */
  scPwdEligible: true,
  expirationDate: '',
  shelfLifeDays: 3,
  shelfTarget: 0,
  amount: 0,
  ingredients: [],
};

const text = (id: number | null) => (id === null ? null : String(id));

export function cakeDraftOf(cake: CakeRow): CakeDraft {
  return {
    cakeId: cake.cakeId,
    name: cake.name,
    categoryId: text(cake.categoryId),
    sizeId: text(cake.sizeId),
    availability: cake.availability,
    seasonStart: cake.seasonStart ?? '',
    seasonEnd: cake.seasonEnd ?? '',
    price: cake.price / 100,
    stock: cake.stock,
    scPwdEligible: cake.scPwdEligible,
    expirationDate: cake.expirationDate ?? '',
    shelfLifeDays: cake.shelfLifeDays,
    shelfTarget: cake.shelfTarget,
    amount: cake.amount,
    ingredients: cake.ingredients.map((i) => ({
      itemId: i.itemId,
      code: i.code,
      name: i.name,
      unit: i.unit,
      purchasePrice: i.purchasePrice,
      quantity: fromMilli(i.quantity),
    })),
  };
}

/** A line's quantity in thousandths; blank is the default, 1 unit. Null when not above 0 with at most three decimals. */
function milliOf(value: number | string): number | null {
  const milli = toMilli(numberOf(value, 1));
  return milli !== null && milli > 0 ? milli : null;
}

/** What one line adds to the base cost, rounded as the server rounds it (nothing while unreadable). */
export const lineCostOf = (line: IngredientLine) => costOf(milliOf(line.quantity) ?? 0, line.purchasePrice);

/** What the form shows as Base Cost; the server computes the real one the same way. */
export function baseCostOf(lines: IngredientLine[]): number {
  return lines.reduce((sum, line) => sum + lineCostOf(line), 0);
}

/** A whole number within bounds, blank being `blank`. */
function wholeWithin(value: number | string, blank: number, min: number, max: number): boolean {
  const n = numberOf(value, blank);
  return Number.isInteger(n) && n >= min && n <= max;
}

/** The cake checks, each under its field, before anything is sent. */
export function checkCake(draft: CakeDraft): CakeErrors {
  const errors: CakeErrors = {};
  if (!draft.name.trim()) errors.name = CAKE_TEXT.nameRequired;
  if (!draft.categoryId) errors.categoryId = CAKE_TEXT.categoryRequired;
  if (!draft.sizeId) errors.sizeId = CAKE_TEXT.sizeRequired;
  if (!draft.availability) errors.availability = CAKE_TEXT.availabilityRequired;
  else if (draft.availability === 'Seasonal') {
    if (!draft.seasonStart || !draft.seasonEnd) errors.season = CAKE_TEXT.seasonRequired;
    else if (draft.seasonEnd < draft.seasonStart) errors.season = CAKE_TEXT.seasonBackwards;
  }
  const price = numberOf(draft.price, Number.NaN);
  if (draft.price === '') errors.price = CAKE_TEXT.priceRequired;
  else if (!(price >= 0)) errors.price = CAKE_TEXT.priceNegative;
  const stock = numberOf(draft.stock);
  if (!Number.isInteger(stock) || stock < 0) errors.stock = CAKE_TEXT.stockNegative;
  if (!wholeWithin(draft.shelfLifeDays, 3, 1, SHELF_LIFE_MAX))
    errors.shelfLifeDays = CAKE_TEXT.shelfLifeRange;
  if (!wholeWithin(draft.shelfTarget, 0, 0, SHELF_TARGET_MAX))
    errors.shelfTarget = CAKE_TEXT.shelfTargetRange;
  if (draft.ingredients.length === 0) errors.ingredients = CAKE_TEXT.ingredientsRequired;
  else if (draft.ingredients.some((line) => milliOf(line.quantity) === null)) {
    const bad = draft.ingredients.find((line) => numberOf(line.quantity, 1) <= 0);
    errors.ingredients = bad ? CAKE_TEXT.quantityPositive : QUANTITY_TEXT.decimals('Ingredient quantity');
  }
  return errors;
}

/** The cake as the server takes it (checked first); Regular goes over the wire as Always. */
export function cakeFieldsOf(draft: CakeDraft): CakeFieldsIn {
  const availability = draft.availability ?? 'Always';
  return {
    cakeId: draft.cakeId.trim(),
    name: draft.name.trim(),
    categoryId: idOf(draft.categoryId) ?? 0,
    sizeId: idOf(draft.sizeId) ?? 0,
    availability,
    seasonalPeriod:
      availability === 'Seasonal' ? { startDate: draft.seasonStart, endDate: draft.seasonEnd } : null,
    price: toCentavos(numberOf(draft.price)),
    stock: numberOf(draft.stock),
    amount: draft.amount,
    scPwdEligible: draft.scPwdEligible,
    expirationDate: draft.expirationDate || null,
    shelfLifeDays: numberOf(draft.shelfLifeDays, 3),
    shelfTarget: numberOf(draft.shelfTarget, 0),
    ingredients: draft.ingredients.map((line) => ({
      itemId: line.itemId,
      // Checked first: every line reads.
      quantity: milliOf(line.quantity) ?? 0,
    })),
  };
}
