import { z } from 'zod';
import { QUANTITY_SCALE } from '../quantity';
import { AVAILABILITY, CAKE_TEXT, SHELF_LIFE_MAX, SHELF_TARGET_MAX } from '../texts/cakes';
import { NAME_MAX, QUANTITY_TEXT } from '../texts/fields';
import { businessId, calendarDate, centavos, optionalDate, recordId, stockCount } from './fields';
import { AMOUNT_MAX } from './inventory';
import { listInput } from './paging';
import { storedText } from './text';

const CAKE_STATUSES = ['Out of season', 'Out of stock', 'Expired', 'Available'] as const;
export type CakeStatus = (typeof CAKE_STATUSES)[number];

export const CAKE_SORT_FIELDS = [
  'cakeId',
  'name',
  'category',
  'baseCost',
  'price',
  'availability',
  'ingredients',
  'status',
] as const;
export type CakeSortField = (typeof CAKE_SORT_FIELDS)[number];

/** The most of one item a recipe may take, in units. */
const RECIPE_QUANTITY_MAX = 1_000_000;

/**
 * One line of the recipe for one cake: thousandths of the item's unit, as stock is kept
 * (0.25 kg of flour travels as 250); anything above 0.
 */
export const ingredientInput = z.object({
  itemId: recordId(CAKE_TEXT.badIngredient),
  quantity: z
    .number({ error: CAKE_TEXT.quantityPositive })
    .int(QUANTITY_TEXT.decimals('Ingredient quantity'))
    .min(1, CAKE_TEXT.quantityPositive)
    .max(RECIPE_QUANTITY_MAX * QUANTITY_SCALE, 'Ingredient quantity is too large.'),
});

/** A whole number within bounds, with one message for anything else. */
const wholeWithin = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** Takes the senior-citizen / PWD discount at checkout. */
const scPwdEligible = z.boolean({ error: CAKE_TEXT.scPwdNotBoolean });

const cakeObject = z.object({
  /** Blank: the server makes one, CK- plus 6 digits. */
  cakeId: businessId('Cake ID').default(''),
  name: z
    .string({ error: CAKE_TEXT.nameRequired })
    .trim()
    .min(1, CAKE_TEXT.nameRequired)
    .max(NAME_MAX, `Cake name must be at most ${NAME_MAX} characters.`)
    .check(storedText('Cake name')),
  categoryId: recordId(CAKE_TEXT.categoryRequired),
  sizeId: recordId(CAKE_TEXT.sizeRequired),
  availability: z.enum(AVAILABILITY, { error: CAKE_TEXT.availabilityRequired }),
  seasonalPeriod: z
    .object(
      {
        startDate: calendarDate('Season start'),
        endDate: calendarDate('Season end'),
      },
      { error: CAKE_TEXT.seasonRequired },
    )
    .nullable()
    .default(null),
  price: z
    .number({ error: (issue) => (issue.input == null ? CAKE_TEXT.priceRequired : CAKE_TEXT.priceNegative) })
    .pipe(centavos(CAKE_TEXT.priceNegative)),
  stock: stockCount(CAKE_TEXT.stockNegative).default(0),
  amount: z
    .number({ error: CAKE_TEXT.amountNegative })
    .min(0, CAKE_TEXT.amountNegative)
    .max(AMOUNT_MAX, CAKE_TEXT.amountNegative)
    .default(0),
  /** Cakes are food: they take the SC/PWD discount unless the shop says otherwise. */
  scPwdEligible: scPwdEligible.default(true),
  expirationDate: optionalDate('Expiration date').default(null),
  /** Whole days a baked cake keeps: its batch expires the baked date plus these. */
  shelfLifeDays: wholeWithin(1, SHELF_LIFE_MAX, CAKE_TEXT.shelfLifeRange).default(3),
  /** How many should be ready on the shelf each morning. */
  shelfTarget: wholeWithin(0, SHELF_TARGET_MAX, CAKE_TEXT.shelfTargetRange).default(0),
  ingredients: z
    .array(ingredientInput, { error: CAKE_TEXT.ingredientsRequired })
    .min(1, CAKE_TEXT.ingredientsRequired)
    .max(100, CAKE_TEXT.tooManyIngredients)
    .refine((list) => new Set(list.map((i) => i.itemId)).size === list.length, CAKE_TEXT.repeatedIngredient),
});

type Seasonal = Pick<z.output<typeof cakeObject>, 'availability' | 'seasonalPeriod'>;

function checkSeason(cake: Seasonal, ctx: z.RefinementCtx) {
  if (cake.availability !== 'Seasonal') return;
  if (!cake.seasonalPeriod)
    ctx.addIssue({ code: 'custom', message: CAKE_TEXT.seasonRequired, path: ['seasonalPeriod'] });
  else if (cake.seasonalPeriod.endDate < cake.seasonalPeriod.startDate)
    ctx.addIssue({ code: 'custom', message: CAKE_TEXT.seasonBackwards, path: ['seasonalPeriod'] });
}

/** The seasonal period is kept only when Seasonal. */
function seasonOnlyWhenSeasonal<T extends Seasonal>(cake: T): T {
  return cake.availability === 'Seasonal' ? cake : { ...cake, seasonalPeriod: null };
}

export const cakeFields = cakeObject.superRefine(checkSeason).transform(seasonOnlyWhenSeasonal);
export type CakeFields = z.output<typeof cakeFields>;
export type CakeFieldsIn = z.input<typeof cakeFields>;

export const cakeIdInput = z.object({ id: recordId(CAKE_TEXT.notFound) });
/**
 * An edit sends the whole cake, except that a cake sent without `scPwdEligible`, `shelfLifeDays`
 * or `shelfTarget` (an older form or client) keeps what it has rather than the default.
 */
const cakeEdit = cakeObject
  .extend({
    scPwdEligible: scPwdEligible.optional(),
    shelfLifeDays: cakeObject.shape.shelfLifeDays.unwrap().optional(),
    shelfTarget: cakeObject.shape.shelfTarget.unwrap().optional(),
  })
  .superRefine(checkSeason)
  .transform(seasonOnlyWhenSeasonal);
export const updateCakeInput = z.object({ id: recordId(CAKE_TEXT.notFound), cake: cakeEdit });
export type UpdateCakeInput = z.output<typeof updateCakeInput>;

export const listCakesInput = listInput(10, CAKE_SORT_FIELDS);
export type ListCakesInput = z.infer<typeof listCakesInput>;
