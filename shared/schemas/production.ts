import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { BATCH_MAX, PRODUCTION_TEXT as T } from '../texts/production';
import { calendarDate, recordRef } from './fields';
import { pageInput } from './paging';

/** Bake N of a cake (its id or CK- code), on a day (today unless given), maybe for a cake order. */
export const bakeInput = z.object({
  cakeId: recordRef(T.cakeRequired),
  quantity: z.number({ error: T.quantity }).int(T.quantity).min(1, T.quantity).max(BATCH_MAX, T.quantity),
  /** The order by its id or number (ORD-000001). */
  orderId: z.union([z.null(), recordRef(T.orderNotFound)]).default(null),
  bakedOn: z.union([z.null(), calendarDate('Baked on')]).default(null),
});
export type BakeInput = z.infer<typeof bakeInput>;

export const listBatchesInput = pageInput(PAGE_SIZE).extend({
  from: calendarDate('from').optional(),
  to: calendarDate('to').optional(),
});
export type ListBatchesInput = z.infer<typeof listBatchesInput>;

export const bakePlanInput = z.object({ date: calendarDate('date') });
