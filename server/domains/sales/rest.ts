import type { inferRouterInputs } from '@trpc/server';
import type { FastifyPluginAsync } from 'fastify';
import { SALE_ID } from '../../../shared/texts/sales';
import {
  asSent,
  bodyOf,
  call,
  type Loose,
  numberIn,
  pesos,
  pesosIn,
  refIn,
} from '../../transport/restShapes';
import { admitTo, contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import type { Receipt } from './receipt';
import { salesRouter } from './router';
import type { ShownSale } from './shown';

const sales = restCallers(salesRouter);

type ById = { Params: { id: string } };
type Query = Record<string, string | undefined>;
type CheckoutInput = inferRouterInputs<typeof salesRouter>['checkout'];
type Checkout = Loose<CheckoutInput>;

/**
 * A sale in the legacy shape: pesos, `items` with the business itemId, createdAt the time of
 * sale. A line's purchasePrice and cost are left out where the viewer may not see costs (staff).
 */
export function legacySale(sale: ShownSale) {
  return {
    _id: sale.id,
    saleId: sale.saleId,
    customerName: sale.customerName,
    customerId: sale.customerId,
    orderType: sale.orderType,
    items: sale.lines.map((line) => ({
      _id: line.kind === 'item' ? line.itemId : line.cakeId,
      kind: line.kind,
      itemId: line.code,
      name: line.name,
      price: pesos(line.price),
      quantity: line.quantity,
      purchasePrice: line.purchasePrice === undefined ? undefined : pesos(line.purchasePrice),
      cost: line.cost === undefined ? undefined : pesos(line.cost),
      discount: pesos(line.discount),
      // An offline sale's line charged at another price than the catalogue's holds that price.
      catalogPrice: line.catalogPrice === null ? null : pesos(line.catalogPrice),
    })),
    subtotal: pesos(sale.subtotal),
    discount: sale.discountType
      ? { type: sale.discountType, name: sale.discountName, idNumber: sale.discountIdNumber }
      : null,
    discountAmount: pesos(sale.discountAmount),
    vatExemptAmount: pesos(sale.vatExemptAmount),
    taxRate: sale.taxRate,
    taxAmount: pesos(sale.taxAmount),
    totalAmount: pesos(sale.totalAmount),
    paymentMethod: sale.paymentMethod,
    paymentReference: sale.paymentReference,
    payments: sale.payments.map((p) => ({
      method: p.method,
      amount: pesos(p.amount),
      reference: p.reference,
    })),
    cashTendered: sale.cashTendered === null ? null : pesos(sale.cashTendered),
    change: sale.change === null ? null : pesos(sale.change),
    status: sale.status,
    createdAt: sale.soldAt,
    refundedAt: sale.refundedAt,
    backdateReason: sale.backdateReason,
    terminalId: sale.terminalId,
    invoiceNumber: sale.invoiceNumber,
    refundNumber: sale.refundNumber,
    buyer:
      sale.buyerName || sale.buyerAddress || sale.buyerTin
        ? { name: sale.buyerName ?? '', address: sale.buyerAddress ?? '', tin: sale.buyerTin ?? '' }
        : null,
    reprintCount: sale.reprintCount,
    soldOffline: sale.soldOffline,
    receivedAt: sale.receivedAt,
  };
}

/** The invoice's contents over REST: the same fields, money in pesos. */
function legacyReceipt(receipt: Receipt) {
  const peso = (n: number | null) => (n === null ? null : pesos(n));
  return {
    ...receipt,
    lines: receipt.lines.map((line) => ({
      ...line,
      price: pesos(line.price),
      amount: pesos(line.amount),
      discount: pesos(line.discount),
    })),
    subtotal: pesos(receipt.subtotal),
    vatableSales: pesos(receipt.vatableSales),
    vatExemptSales: pesos(receipt.vatExemptSales),
    zeroRatedSales: pesos(receipt.zeroRatedSales),
    vatAmount: pesos(receipt.vatAmount),
    discounts: {
      SC: pesos(receipt.discounts.SC),
      PWD: pesos(receipt.discounts.PWD),
      SC5: pesos(receipt.discounts.SC5),
      other: pesos(receipt.discounts.other),
    },
    discountAmount: pesos(receipt.discountAmount),
    totalAmount: pesos(receipt.totalAmount),
    payments: receipt.payments.map((p) => ({ ...p, amount: pesos(p.amount) })),
    cashTendered: peso(receipt.cashTendered),
    change: peso(receipt.change),
  };
}

/** A legacy line's itemId: the `_id` (a number), or a business id; CK-… is a cake unless `kind` says. */
function lineOf(raw: unknown): Loose<CheckoutInput['lines'][number]> & { price: unknown } {
  const line = bodyOf(raw);
  const ref = numberIn(line.itemId ?? line._id);
  const kind = line.kind ?? (typeof ref === 'string' && /^ck-/i.test(ref) ? 'cake' : 'item');
  // An offline sale's line carries the price it was charged at.
  const price = line.price === undefined ? undefined : pesosIn(line.price, 'Price');
  return typeof ref === 'number'
    ? { kind, id: ref, quantity: numberIn(line.quantity), price }
    : { kind, code: ref, quantity: numberIn(line.quantity), price };
}

/** The legacy POST /api/sales body, in pesos, to the checkout input in centavos. */
function checkoutBody(raw: unknown): Checkout {
  const body = bodyOf(raw);
  const hasTotals = ['subtotal', 'taxAmount', 'totalAmount', 'discountAmount'].some(
    (k) => body[k] !== undefined,
  );
  return {
    saleId: body.saleId,
    customerName: body.customerName,
    customerId: refIn(body.customerId) ?? null,
    orderType: body.orderType,
    lines: Array.isArray(body.items) ? body.items.map(lineOf) : asSent(body.items),
    taxRate: numberIn(body.taxRate),
    paymentMethod: body.paymentMethod,
    reference: body.reference ?? body.paymentReference ?? undefined,
    cashTendered: body.cashTendered === undefined ? null : pesosIn(body.cashTendered, 'Cash tendered'),
    // Blank is "not given" at this boundary (legacy.ts): no customer, today.
    date: body.date === '' ? null : (body.date ?? null),
    backdateReason: body.backdateReason ?? null,
    inDrawer: body.inDrawer ?? null,
    discount: asSent(body.discount ?? null),
    terminalId: refIn(body.terminalId) ?? null,
    invoiceSeq: numberIn(body.invoiceSeq) ?? null,
    buyer: asSent(body.buyer ?? null),
    payments: Array.isArray(body.payments)
      ? body.payments.map((raw) => {
          const p = bodyOf(raw);
          return {
            method: p.method,
            amount: pesosIn(p.amount, 'Payment amount'),
            reference: p.reference ?? undefined,
          };
        })
      : asSent(body.payments ?? null),
    ...(hasTotals
      ? {
          expected: {
            subtotal: pesosIn(body.subtotal, 'Subtotal'),
            taxAmount: pesosIn(body.taxAmount, 'Tax amount'),
            totalAmount: pesosIn(body.totalAmount, 'Total amount'),
            ...(body.discountAmount === undefined
              ? {}
              : { discountAmount: pesosIn(body.discountAmount, 'Discount amount') }),
          },
        }
      : {}),
  };
}

/** POST /api/sales/offline: the checkout's body, with what the device made the sale with. */
function offlineBody(raw: unknown) {
  const body = bodyOf(raw);
  const { date: _date, backdateReason: _reason, inDrawer: _drawer, ...sale } = checkoutBody(raw);
  return {
    ...sale,
    saleId: body.saleId,
    terminalId: refIn(body.terminalId),
    invoiceSeq: numberIn(body.invoiceSeq),
    lines: Array.isArray(body.items) ? body.items.map(lineOf) : asSent(body.items),
    expected: sale.expected ?? asSent(undefined),
    soldAt: body.soldAt,
    shiftId: refIn(body.shiftId) ?? null,
    cashierId: refIn(body.cashierId),
  };
}

/** An id no sale has: the procedure still checks the caller first (401/403), then answers 404. */
const NO_SALE = Number.MAX_SAFE_INTEGER;

/**
 * `:id` is the sale's `_id` or its SALE- id in any case; anything else names
 * no sale, so it is 404 like every unknown id (docs/rules.md, Bad input), not the schema's 400.
 */
function ref(id: string): number | string {
  const number = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  if (Number.isSafeInteger(number) && number > 0) return number;
  const saleId = id.toUpperCase();
  return SALE_ID.test(saleId) ? saleId : NO_SALE;
}

// /api/sales.
export const salesRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.post(
    '/sales',
    { preHandler: admitTo(deps, salesRouter._def.procedures.checkout, checkoutBody) },
    async (req, reply) => {
      const result = await call(sales(contextFrom(deps, req)).checkout, checkoutBody(req.body));
      return reply.status(result.repeated ? 200 : 201).send({
        message: result.message,
        sale: legacySale(result.sale),
        repeated: result.repeated,
        receipt: legacyReceipt(result.receipt),
        // The receipt printer's outcome, when the terminal prints at checkout (README, Receipt printer).
        ...(result.print ? { print: result.print } : {}),
      });
    },
  );
  app.post(
    '/sales/offline',
    { preHandler: admitTo(deps, salesRouter._def.procedures.offline, offlineBody) },
    async (req, reply) => {
      const result = await call(sales(contextFrom(deps, req)).offline, offlineBody(req.body));
      return reply.status(result.repeated ? 200 : 201).send({
        message: result.message,
        sale: legacySale(result.sale),
        repeated: result.repeated,
        shortfalls: result.shortfalls,
        priceChanges: result.priceChanges.map((p) => ({
          ...p,
          charged: pesos(p.charged),
          catalog: pesos(p.catalog),
        })),
      });
    },
  );
  // The body is optional (the till it is refunded at); one that is not a JSON object is refused.
  const { refund } = salesRouter._def.procedures;
  app.post<ById>(
    '/sales/:id/refund',
    { preHandler: admitTo(deps, refund, undefined, { optionalBody: true }) },
    async (req) => {
      const terminalId = refIn(bodyOf(req.body).terminalId) ?? null;
      const result = await call(sales(contextFrom(deps, req)).refund, { id: ref(req.params.id), terminalId });
      return 'sale' in result
        ? { message: result.message, refundNumber: result.sale.refundNumber, sale: legacySale(result.sale) }
        : result;
    },
  );
  app.post<ById>('/sales/:id/reprint', async (req) => {
    const result = await call(sales(contextFrom(deps, req)).reprint, { id: ref(req.params.id) });
    return {
      message: result.message,
      reprintCount: result.reprintCount,
      receipt: legacyReceipt(result.receipt),
    };
  });
  app.get<ById>('/sales/:id/receipt', async (req) =>
    legacyReceipt(await call(sales(contextFrom(deps, req)).receipt, { id: ref(req.params.id) })),
  );
  app.get<{ Querystring: Query }>('/sales/sc5-allowance', async (req) => {
    const left = await call(sales(contextFrom(deps, req)).sc5Allowance, {
      idNumber: req.query.idNumber ?? '',
    });
    return { ...left, allowanceLeft: pesos(left.allowanceLeft) };
  });
  // The newest 1000 unless a page is asked for: a shop's whole history is not one answer.
  app.get<{ Querystring: Query }>('/sales/all', async (req) => {
    const page = await call(sales(contextFrom(deps, req)).list, {
      page: req.query.page ?? 1,
      limit: req.query.limit ?? 1000,
    });
    return page.rows.map(legacySale);
  });
  app.get<ById>('/sales/:id', async (req) =>
    legacySale(await call(sales(contextFrom(deps, req)).get, { id: ref(req.params.id) })),
  );
};
