import { z } from 'zod';
import { AVAILABILITY, CAKE_TEXT } from '../texts/cakes';
import { NAME_MAX } from '../texts/fields';
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

export const ingredientInput = z.object({
  itemId: recordId(CAKE_TEXT.badIngredient),
  quantity: z
    .number({ error: CAKE_TEXT.quantityMin })
    .int(CAKE_TEXT.quantityMin)
    .min(1, CAKE_TEXT.quantityMin)
    .max(1_000_000, 'Ingredient quantity is too large.'),
});

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
 * An edit sends the whole cake, except that a cake sent without `scPwdEligible` (an older
 * form) keeps the flag it has rather than falling back to the default.
 */
const cakeEdit = cakeObject
  .extend({ scPwdEligible: scPwdEligible.optional() })
  .superRefine(checkSeason)
  .transform(seasonOnlyWhenSeasonal);
export const updateCakeInput = z.object({ id: recordId(CAKE_TEXT.notFound), cake: cakeEdit });
export type UpdateCakeInput = z.output<typeof updateCakeInput>;

export const listCakesInput = listInput(10, CAKE_SORT_FIELDS);
export type ListCakesInput = z.infer<typeof listCakesInput>;
