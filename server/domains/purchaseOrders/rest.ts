import type { inferRouterInputs } from '@trpc/server';
import type { FastifyPluginAsync } from 'fastify';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import {
  asSent,
  bodyOf,
  call,
  type Loose,
  pathId,
  pesos,
  pesosIn,
  quantityIn,
  units,
} from '../../transport/restShapes';
import { admitTo, contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import type { PurchaseOrder, PurchaseOrderRow } from './queries';
import { purchaseOrdersRouter } from './router';

const purchaseOrders = restCallers(purchaseOrdersRouter);

type ById = { Params: { id: string } };
type Query = Record<string, string | undefined>;
type Inputs = inferRouterInputs<typeof purchaseOrdersRouter>;

/** REST names suppliers and items by their business ids: a number sent there is one too. */
const businessRef = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/** The REST body (pesos, units, business ids) as the procedure's input. */
function poBody(raw: unknown): Loose<Inputs['create']> {
  const body = bodyOf(raw);
  return {
    supplierId: businessRef(body.supplierId),
    expectedDate: body.expectedDate === '' ? null : body.expectedDate,
    notes: body.notes ?? undefined,
    lines: Array.isArray(body.lines)
      ? body.lines.map((raw) => {
          const line = bodyOf(raw);
          return {
            itemId: businessRef(line.itemId),
            quantity: quantityIn(line.quantity, PURCHASING_TEXT.quantity),
            unitCost: pesosIn(line.unitCost, 'Unit cost'),
          };
        })
      : asSent(body.lines),
  };
}

/** A purchase order as REST shows it: `_id`, business ids, units and pesos. */
function restSummary(order: PurchaseOrderRow | PurchaseOrder) {
  return {
    _id: order.id,
    poNumber: order.poNumber,
    status: order.status,
    supplierId: order.supplierCode,
    supplierName: order.supplierName,
    expectedDate: order.expectedDate,
    notes: order.notes,
    total: pesos(order.total),
    createdAt: order.createdAt,
    createdBy: order.createdBy,
    orderedAt: order.orderedAt,
    cancelledAt: order.cancelledAt,
  };
}

function restOrder(order: PurchaseOrder) {
  return {
    ...restSummary(order),
    lines: order.lines.map((line) => ({
      itemId: line.itemCode,
      name: line.name,
      unit: line.unit,
      quantity: units(line.quantity),
      received: units(line.received),
      unitCost: pesos(line.unitCost),
      lineTotal: pesos(line.lineTotal),
    })),
  };
}

/** `{message, purchaseOrder}` as every write of a purchase order answers (reorder drafts too). */
export const answer = (result: { message: string; purchaseOrder: PurchaseOrder }) => ({
  message: result.message,
  purchaseOrder: restOrder(result.purchaseOrder),
});

/** A delivery as REST sends it: units, pesos, business item ids. */
function receiveBody(raw: unknown): Loose<Omit<Inputs['receive'], 'id'>> {
  const body = bodyOf(raw);
  return {
    reference: body.reference ?? undefined,
    lines: Array.isArray(body.lines)
      ? body.lines.map((raw) => {
          const line = bodyOf(raw);
          return {
            itemId: businessRef(line.itemId),
            quantity: quantityIn(line.quantity, PURCHASING_TEXT.quantity),
            expirationDate: line.expirationDate,
            unitCost: pesosIn(line.unitCost, 'Unit cost'),
            lotCode: line.lotCode ?? undefined,
          };
        })
      : asSent(body.lines),
  };
}

// /api/purchase-orders: {id} is the purchase order's `_id`.
export const purchaseOrdersRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => purchaseOrders(contextFrom(deps, req));
  const { create, update, order, cancel, receive } = purchaseOrdersRouter._def.procedures;

  app.get<{ Querystring: Query }>('/purchase-orders', async (req) => {
    const q = req.query;
    const page = await call(api(req).list, {
      page: q.page ?? 1,
      limit: q.limit ?? 10,
      search: q.search ?? '',
      status: q.status || undefined,
      supplierId: q.supplierId || undefined,
    });
    return {
      purchaseOrders: page.rows.map((row) => ({ ...restSummary(row), lineCount: row.lineCount })),
      total: page.total,
      totalPages: page.totalPages,
      page: page.page,
      limit: page.limit,
    };
  });
  app.get<ById>('/purchase-orders/:id', async (req) =>
    restOrder(await call(api(req).get, { id: pathId(req.params.id) })),
  );
  app.post('/purchase-orders', { preHandler: admitTo(deps, create, poBody) }, async (req, reply) =>
    reply.status(201).send(answer(await call(api(req).create, poBody(req.body)))),
  );
  app.put<ById>('/purchase-orders/:id', { preHandler: admitTo(deps, update, poBody) }, async (req) =>
    answer(await call(api(req).update, { ...poBody(req.body), id: pathId(req.params.id) })),
  );
  app.post<ById>(
    '/purchase-orders/:id/order',
    { preHandler: admitTo(deps, order, undefined, { optionalBody: true }) },
    async (req) => answer(await call(api(req).order, { id: pathId(req.params.id) })),
  );
  app.post<ById>(
    '/purchase-orders/:id/cancel',
    { preHandler: admitTo(deps, cancel, undefined, { optionalBody: true }) },
    async (req) => answer(await call(api(req).cancel, { id: pathId(req.params.id) })),
  );
  app.post<ById>(
    '/purchase-orders/:id/receive',
    { preHandler: admitTo(deps, receive, receiveBody) },
    async (req) => {
      const result = await call(api(req).receive, { ...receiveBody(req.body), id: pathId(req.params.id) });
      return {
        ...answer(result),
        lots: result.lots.map((lot) => ({
          ...lot,
          quantity: units(lot.quantity),
          unitCost: pesos(lot.unitCost),
        })),
      };
    },
  );
};
