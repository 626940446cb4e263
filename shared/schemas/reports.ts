import { z } from 'zod';
import { SALES_REPORT_PAGE_SIZE } from '../constants';
import { CHART_DAYS, REPORT_TEXT } from '../texts/reports';
import { RANGES } from '../time';
import { calendarDate } from './fields';
import { pageInput } from './paging';

/** The report's ranges (All, Today, This Week, This Month, This Year) and a custom one. */
const REPORT_RANGES = [...RANGES, 'custom'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

/** A Manila calendar period: a named range up to today, or custom dates, both ends included. */
export const periodInput = z
  .object({
    range: z.enum(REPORT_RANGES, { error: 'Please choose a date range.' }).default('all'),
    from: calendarDate('Start date').nullish(),
    to: calendarDate('End date').nullish(),
  })
  .superRefine((period, ctx) => {
    if (period.range !== 'custom') return;
    if (!period.from || !period.to) ctx.addIssue({ code: 'custom', message: REPORT_TEXT.customNeedsDates });
    else if (period.from > period.to) ctx.addIssue({ code: 'custom', message: REPORT_TEXT.fromAfterTo });
  });
export type PeriodInput = z.input<typeof periodInput>;
export type Period = z.output<typeof periodInput>;

/** Where the next page of records starts: just older than the last one shown. */
const recordsCursor = z.object({ soldAt: z.number().int(), id: z.number().int().positive() });
export type RecordsCursor = z.infer<typeof recordsCursor>;

export const recordsInput = z.object({
  period: periodInput,
  limit: z.number().int().min(1).max(100).default(SALES_REPORT_PAGE_SIZE),
  cursor: recordsCursor.nullish(),
});

/** The legacy GET /api/salesReport/sales?page&limit: `asOf` is the answer's, sent back for later pages. */
export const recordsPageInput = pageInput(SALES_REPORT_PAGE_SIZE).extend({
  period: periodInput,
  asOf: z.number({ error: 'asOf must be a sale _id.' }).int('asOf must be a sale _id.').min(0).nullish(),
});

/** Sales by item: a page of the period's products, most revenue first. */
export const byItemInput = pageInput(10).extend({ period: periodInput });

export const revenueCostInput = z
  .object({
    days: z.union(
      CHART_DAYS.map((n) => z.literal(n)) as [z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>],
      {
        error: 'Days must be 7, 30 or 90.',
      },
    ),
  })
  .default({ days: 7 });
