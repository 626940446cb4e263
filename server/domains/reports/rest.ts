import type { inferRouterInputs } from '@trpc/server';
import type { FastifyPluginAsync } from 'fastify';
import { sendDownload, XLSX_TYPE } from '../../lib/xlsx';
import { call, type Loose, numberIn, pesos } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import type { ReportRecord } from './records';
import { reportFilesRouter, reportsRouter } from './router';

const reports = restCallers(reportsRouter);
const reportFiles = restCallers(reportFilesRouter);

type Query = { Querystring: Record<string, string | undefined> };

/** ?range=all|today|week|month|year|custom&from=YYYY-MM-DD&to=YYYY-MM-DD; All when not given. */
export const periodOf = (
  q: Record<string, string | undefined>,
): Loose<inferRouterInputs<typeof reportsRouter>['summary']> => ({
  range: q.range ?? 'all',
  from: q.from ?? null,
  to: q.to ?? null,
});

const legacyRecord = (r: ReportRecord) => ({
  _id: r.id,
  saleId: r.saleId,
  invoiceNumber: r.invoiceNumber,
  customerName: r.customerName,
  orderType: r.orderType,
  subtotal: pesos(r.subtotal),
  taxAmount: pesos(r.taxAmount),
  totalAmount: pesos(r.totalAmount),
  paymentMethod: r.paymentMethod,
  status: r.status,
  createdAt: r.soldAt,
});

// GET /api/dashboard, /api/dashboard/revenue-cost-by-day, /api/salesReport/sales;
// the report's summary and its .xlsx export beside them. Money in pesos.
export const reportsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get('/dashboard', async (req) => {
    const { depositsHeld, ...cards } = await reports(contextFrom(deps, req)).dashboard();
    return depositsHeld
      ? { ...cards, depositsHeld: { ...depositsHeld, amount: pesos(depositsHeld.amount) } }
      : cards;
  });

  app.get<Query>('/dashboard/revenue-cost-by-day', async (req) => {
    const days = numberIn(req.query.days ?? 7);
    const points = await call(reports(contextFrom(deps, req)).revenueCostByDay, { days });
    return points.map((p) => ({ date: p.date, revenue: pesos(p.revenue), cost: pesos(p.cost) }));
  });

  app.get<Query>('/salesReport/sales', async (req) => {
    const { records, ...page } = await call(reports(contextFrom(deps, req)).recordsPage, {
      period: periodOf(req.query),
      page: req.query.page ?? 1,
      limit: req.query.limit ?? 6,
      asOf: numberIn(req.query.asOf),
    });
    return { sales: records.map(legacyRecord), ...page };
  });

  app.get<Query>('/salesReport/summary', async (req) => {
    const s = await call(reports(contextFrom(deps, req)).summary, periodOf(req.query));
    return {
      ...s,
      totalSales: pesos(s.totalSales),
      revenue: pesos(s.revenue),
      taxAmount: pesos(s.taxAmount),
      cost: pesos(s.cost),
      wasteCost: pesos(s.wasteCost),
      totalProfit: pesos(s.totalProfit),
      bestSellers: s.bestSellers.map((b) => ({ ...b, revenue: pesos(b.revenue) })),
      payments: s.payments.map((p) => ({ ...p, totalSales: pesos(p.totalSales) })),
      daily: s.daily.map((d) => ({
        date: d.date,
        totalSales: pesos(d.totalSales),
        revenue: pesos(d.revenue),
        cost: pesos(d.cost),
      })),
      categories: s.categories.map((c) => ({ ...c, revenue: pesos(c.revenue) })),
    };
  });

  app.get<Query>('/salesReport/by-cashier', async (req) => {
    const rows = await call(reports(contextFrom(deps, req)).byCashier, periodOf(req.query));
    return rows.map((r) => ({
      ...r,
      totalSales: pesos(r.totalSales),
      revenue: pesos(r.revenue),
      discounts: pesos(r.discounts),
      refundedAmount: pesos(r.refundedAmount),
    }));
  });

  app.get<Query>('/salesReport/by-item', async (req) => {
    const { rows, ...page } = await call(reports(contextFrom(deps, req)).byItem, {
      period: periodOf(req.query),
      page: req.query.page ?? 1,
      limit: req.query.limit ?? 10,
    });
    return {
      items: rows.map((r) => ({
        ...r,
        revenue: pesos(r.revenue),
        cost: pesos(r.cost),
        profit: pesos(r.profit),
      })),
      ...page,
    };
  });

  app.get<Query>('/salesReport/export', async (req, reply) => {
    const { filename, stream } = await call(
      reportFiles(contextFrom(deps, req)).salesWorkbook,
      periodOf(req.query),
    );
    return sendDownload(reply, { type: XLSX_TYPE, filename, stream });
  });
};
