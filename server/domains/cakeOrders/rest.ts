import type { inferRouterInputs } from '@trpc/server';
import type { FastifyPluginAsync } from 'fastify';
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
import { legacySale } from '../sales/rest';
import type { ShownSale } from '../sales/shown';
import type { ShownOrder } from './queries';
import { cakeOrdersRouter } from './router';

const cakeOrders = restCallers(cakeOrdersRouter);

type ById = { Params: { id: string } };
type Query = Record<string, string | undefined>;
type Inputs = inferRouterInputs<typeof cakeOrdersRouter>;

/** The order in the path: its `_id` (digits) or its number (ORD-000001). */
const orderIdIn = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : id);

/** REST sends pesos; a payment's fields otherwise as the procedure names them. */
function paymentIn(raw: unknown) {
  const p = bodyOf(raw);
  return { method: p.method, amount: pesosIn(p.amount, 'Amount'), reference: p.reference ?? undefined };
}
const paymentsIn = (raw: unknown) =>
  Array.isArray(raw) ? raw.map(paymentIn) : raw === undefined ? undefined : asSent(raw);

function createBody(raw: unknown): Loose<Inputs['create']> {
  const body = bodyOf(raw);
  return {
    customerId: body.customerId === '' ? null : (numberIn(body.customerId) ?? null),
    customerName: body.customerName ?? undefined,
    phone: body.phone,
    pickupAt: body.pickupAt,
    lines: Array.isArray(body.lines)
      ? body.lines.map((raw) => {
          const line = bodyOf(raw);
          return {
            cakeId: line.cakeId === '' || line.cakeId === null ? undefined : line.cakeId,
            description: line.description ?? undefined,
            quantity: numberIn(line.quantity),
            price: pesosIn(line.price, 'Price'),
          };
        })
      : asSent(body.lines),
    inscription: body.inscription ?? undefined,
    notes: body.notes ?? undefined,
    taxRate: numberIn(body.taxRate),
    payments: paymentsIn(body.payments),
    cashTendered: pesosIn(body.cashTendered, 'Cash tendered') ?? null,
  };
}

function payBody(raw: unknown): Loose<Omit<Inputs['pay'], 'id'>> {
  const body = bodyOf(raw);
  return { payment: paymentIn(body), cashTendered: pesosIn(body.cashTendered, 'Cash tendered') ?? null };
}

function pickupBody(raw: unknown): Loose<Omit<Inputs['pickup'], 'id'>> {
  const body = bodyOf(raw);
  return {
    payments: paymentsIn(body.payments),
    cashTendered: pesosIn(body.cashTendered, 'Cash tendered') ?? null,
    key: body.key ?? undefined,
    terminalId: refIn(body.terminalId) ?? null,
    invoiceSeq: numberIn(body.invoiceSeq) ?? null,
  };
}

/** An order as REST shows it: `_id`, pesos, the cake's CK- id on a catalogue line. */
function restOrder(order: ShownOrder) {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    customerId: order.customerId,
    customerName: order.customerName,
    phone: order.phone,
    pickupAt: order.pickupAt,
    pickupDate: order.pickupDate,
    lines: order.lines.map((l) => ({
      cakeId: l.cakeId,
      description: l.description,
      quantity: l.quantity,
      price: pesos(l.price),
      lineTotal: pesos(l.lineTotal),
    })),
    inscription: order.inscription,
    notes: order.notes,
    subtotal: pesos(order.subtotal),
    taxRate: order.taxRate,
    taxAmount: pesos(order.taxAmount),
    total: pesos(order.total),
    paid: pesos(order.paid),
    balanceDue: pesos(order.balanceDue),
    payments: order.payments.map((p) => ({
      kind: p.kind,
      method: p.method,
      amount: pesos(p.amount),
      reference: p.reference,
      cashTendered: p.cashTendered === null ? null : pesos(p.cashTendered),
      change: p.change === null ? null : pesos(p.change),
      at: p.at,
      by: p.by,
    })),
    history: order.events,
    saleId: order.saleId,
    saleRefunded: order.saleRefunded,
    createdAt: order.createdAt,
    createdBy: order.createdBy,
    pickedUpAt: order.pickedUpAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    depositRefunded: order.depositRefunded,
  };
}

const answer = (result: { message: string; order: ShownOrder }) => ({
  message: result.message,
  order: restOrder(result.order),
});

// /api/cake-orders ({id} is the order's `_id` or its number) and /api/settings/orders.
export const cakeOrdersRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => cakeOrders(contextFrom(deps, req));
  const { create, pay, setStatus, pickup, cancel, saveSettings } = cakeOrdersRouter._def.procedures;

  app.get<{ Querystring: Query }>('/cake-orders', async (req) => {
    const q = req.query;
    const page = await call(api(req).list, {
      page: q.page ?? 1,
      limit: q.limit ?? 10,
      from: q.from || undefined,
      to: q.to || undefined,
      status: q.status || undefined,
      search: q.search ?? '',
    });
    return {
      orders: page.orders.map((o) => ({
        _id: o.id,
        orderNumber: o.orderNumber,
        status: o.status,
        customerName: o.customerName,
        phone: o.phone,
        pickupAt: o.pickupAt,
        lines: o.lines.map((l) => ({ ...l, price: pesos(l.price), lineTotal: pesos(l.lineTotal) })),
        taxRate: o.taxRate,
        taxAmount: pesos(o.taxAmount),
        total: pesos(o.total),
        paid: pesos(o.paid),
        balanceDue: pesos(o.balanceDue),
      })),
      total: page.total,
      totalPages: page.totalPages,
    };
  });
  app.get<{ Querystring: Query }>('/cake-orders/calendar', async (req) => {
    const { days } = await call(api(req).calendar, { from: req.query.from, to: req.query.to });
    return { days: days.map((d) => ({ ...d, total: pesos(d.total) })) };
  });
  app.get<ById>('/cake-orders/:id', async (req) =>
    restOrder(await call(api(req).get, { id: orderIdIn(req.params.id) })),
  );
  app.post('/cake-orders', { preHandler: admitTo(deps, create, createBody) }, async (req, reply) =>
    reply.status(201).send(answer(await call(api(req).create, createBody(req.body)))),
  );
  app.post<ById>(
    '/cake-orders/:id/payments',
    { preHandler: admitTo(deps, pay, payBody) },
    async (req, reply) =>
      reply
        .status(201)
        .send(answer(await call(api(req).pay, { ...payBody(req.body), id: orderIdIn(req.params.id) }))),
  );
  app.post<ById>('/cake-orders/:id/status', { preHandler: admitTo(deps, setStatus) }, async (req) =>
    answer(await call(api(req).setStatus, { status: bodyOf(req.body).status, id: orderIdIn(req.params.id) })),
  );
  app.post<ById>(
    '/cake-orders/:id/pickup',
    { preHandler: admitTo(deps, pickup, pickupBody) },
    async (req, reply) => {
      const result = await call(api(req).pickup, { ...pickupBody(req.body), id: orderIdIn(req.params.id) });
      return reply.status(result.repeated ? 200 : 201).send({
        ...answer(result),
        sale: legacySale(result.sale as ShownSale),
        repeated: result.repeated,
      });
    },
  );
  app.post<ById>('/cake-orders/:id/cancel', { preHandler: admitTo(deps, cancel) }, async (req, reply) => {
    const body = bodyOf(req.body);
    const result = await call(api(req).cancel, {
      id: orderIdIn(req.params.id),
      reason: body.reason,
      refundDeposit: body.refundDeposit ?? undefined,
    });
    // A staff cancellation waits for approval: accepted, not yet done.
    if (!('order' in result)) return reply.status(202).send(result);
    return answer(result);
  });
  app.get('/settings/orders', async (req) => api(req).settings());
  app.put('/settings/orders', { preHandler: admitTo(deps, saveSettings) }, async (req) =>
    call(api(req).saveSettings, asSent(req.body)),
  );
};
