import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { SEARCH_CONTROL, SEARCH_MAX } from '../texts/paging';
import { PRICING_TEXT } from '../texts/pricing';
import { centavos, recordId } from './fields';
import { pageInput, SEARCH_TEXT, SORT_ORDERS } from './paging';

const PRICING_KINDS = ['item', 'cake'] as const;
export type PricingKind = (typeof PRICING_KINDS)[number];

const kind = z.enum(PRICING_KINDS, { error: PRICING_TEXT.badKind });

/** A page of margins; `asc` puts the lowest (and unpriced) first. */
export const marginsInput = pageInput(PAGE_SIZE).extend({
  kind: kind.default('item'),
  search: z
    .string({ error: PRICING_TEXT.searchText })
    .trim()
    .max(SEARCH_MAX, PRICING_TEXT.searchTooLong)
    .regex(SEARCH_TEXT, SEARCH_CONTROL)
    .default(''),
  order: z.enum(SORT_ORDERS, { error: PRICING_TEXT.orderInvalid }).default('asc'),
});
export type MarginsInput = z.infer<typeof marginsInput>;

/** A new price in centavos, the same bounds as the item and cake forms. */
export const setPriceInput = z.object({
  kind,
  id: recordId(PRICING_TEXT.productNotFound),
  price: z
    .number({
      error: (issue) => (issue.input == null ? PRICING_TEXT.priceRequired : PRICING_TEXT.priceNegative),
    })
    .pipe(centavos(PRICING_TEXT.priceNegative)),
});
export type SetPriceInput = z.infer<typeof setPriceInput>;

/** Margin as a percent of the price, to one decimal (half away from zero); none for a price of 0. */
export function marginPercent(price: number, cost: number): number | null {
  if (price === 0) return null;
  const tenths = ((price - cost) / price) * 1000;
  const rounded = Math.round(Math.abs(tenths)) / 10;
  return tenths < 0 && rounded !== 0 ? -rounded : rounded;
}
