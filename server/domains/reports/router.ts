import {
  byItemInput,
  periodInput,
  recordsInput,
  recordsPageInput,
  revenueCostInput,
} from '../../../shared/schemas/reports';
import { allow, router } from '../../trpc/procedures';
import { salesByCashier, salesByItem } from './breakdowns';
import { dashboardStats, revenueCostByDay } from './dashboard';
import { salesWorkbook } from './export';
import { periodDays } from './period';
import { recordsAfter, recordsPage } from './records';
import { reportSummary } from './summary';

const salesReportProcedure = allow('salesReport');

export const reportsRouter = router({
  /** The dashboard's cards, only the caller's role's (docs/rules.md, Roles and sessions). */
  dashboard: allow('dashboard').query(({ ctx }) => dashboardStats(ctx.db, ctx.viewer)),
  revenueCostByDay: allow('dashboardFinance')
    .input(revenueCostInput)
    .query(({ ctx, input }) => revenueCostByDay(ctx.db, input.days)),
  summary: salesReportProcedure
    .input(periodInput)
    .query(({ ctx, input }) => reportSummary(ctx.db, periodDays(ctx.db, input))),
  /** Infinite scroll: `cursor` is the last record shown. */
  records: salesReportProcedure
    .input(recordsInput)
    .query(({ ctx, input }) =>
      recordsAfter(ctx.db, periodDays(ctx.db, input.period), input.limit, input.cursor),
    ),
  /** Sales by cashier: each one's completed sales, discounts and refunds in the period. */
  byCashier: salesReportProcedure
    .input(periodInput)
    .query(({ ctx, input }) => salesByCashier(ctx.db, periodDays(ctx.db, input))),
  /** Sales by item: a page of the period's products, most revenue first. */
  byItem: salesReportProcedure
    .input(byItemInput)
    .query(({ ctx, input }) => salesByItem(ctx.db, periodDays(ctx.db, input.period), input)),
  recordsPage: salesReportProcedure
    .input(recordsPageInput)
    .query(({ ctx, input }) =>
      recordsPage(ctx.db, periodDays(ctx.db, input.period), input.page, input.limit, input.asOf ?? undefined),
    ),
});

/**
 * Files are not JSON, so this router is not mounted at /trpc: only the REST download route
 * calls it, in-process, for its role check and input validation.
 */
export const reportFilesRouter = router({
  salesWorkbook: salesReportProcedure
    .input(periodInput)
    .query(({ ctx, input }) => salesWorkbook(ctx.db, periodDays(ctx.db, input))),
});
