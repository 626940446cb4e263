import { z } from 'zod';
import { SALES_REPORT_PAGE_SIZE } from '../constants';
import { RANGES } from '../time';
import { calendarDate } from './catalogue';
import { pageInput } from './paging';

// The dashboard's and the sales report's inputs and texts.
export const REPORT_TEXT = {
  financialOverview: 'Financial Overview',
  loading: 'Loading...',
  noMoreRecords: 'No more records',
  noRecords: 'No sales in this period.',
  refunded: 'Refunded',
  customNeedsDates: 'Choose both a start and an end date.',
  fromAfterTo: 'The start date must be on or before the end date.',
  exportFailed: 'Export failed. Please try again.',
  notANumber: 'Please enter a price.',
  priceChanged: 'Price updated successfully!',
  priceChangeFailed: 'Failed to update the price.',
  confirmPrice: (name: string, price: string) => `Change the price of "${name}" to ${price}?`,
  noCategory: 'Uncategorized',
  byCashier: 'Sales by Cashier',
  byItem: 'Sales by Item',
  noCashier: 'Unknown',
  nothingSold: 'Nothing sold in this period.',
  /** The export's Summary sheet: one figure a row, each the sum of the Sales or Payments rows. */
  exportSummary: {
    period: 'Period',
    sales: 'Sales (completed)',
    gross: 'Gross sales (before discounts)',
    discounts: 'SC/PWD discounts',
    vatExempt: 'VAT-exempt sales',
    vat: 'VAT',
    total: 'Total sales (gross - discounts + VAT)',
    refunds: 'Refunded sales',
    refundedAmount: 'Refunded amount',
    cost: 'Cost of goods sold',
    profit: 'Profit (gross - discounts - cost)',
    paidBy: (method: string) => `Paid by ${method}`,
    note: 'Completed sales only; refunded sales are listed with status Refunded and counted under Refunded sales.',
  },
} as const;

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

/** The Financial Overview's ranges, in Manila days ending today. */
export const CHART_DAYS = [7, 30, 90] as const;
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

/** The report charts' six fixed colours, in Mantine's palette. */
export const REPORT_COLOURS = ['teal.6', 'blue.6', 'orange.6', 'grape.6', 'yellow.6', 'cyan.6'] as const;
/** The Financial Overview: revenue green, cost orange-red. */
export const REVENUE_COLOUR = 'green.7';
export const COST_COLOUR = '#e8590c';
