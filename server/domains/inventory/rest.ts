import type { inferRouterInputs } from '@trpc/server';
import type { FastifyPluginAsync } from 'fastify';
import { QUANTITY_TEXT } from '../../../shared/texts/fields';
import {
  bodyOf,
  call,
  flag,
  type Loose,
  listQuery,
  numberIn,
  pesos,
  pesosIn,
  present,
  quantityIn,
  refIn,
  units,
} from '../../transport/restShapes';
import { admitTo, contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import type { ItemRow } from './queries';
import { inventoryRouter } from './router';

const inventory = restCallers(inventoryRouter);

type ById = { Params: { id: string } };
type Query = Record<string, string | undefined>;
type Inputs = inferRouterInputs<typeof inventoryRouter>;

/** An item in the legacy shape: `_id`, ids for category and supplier, `unit` as {_id, name}, pesos. */
function legacyItem(item: ItemRow) {
  return {
    _id: item.id,
    itemId: item.itemId,
    name: item.name,
    stock: units(item.stock),
    category: item.categoryId,
    categoryName: item.category,
    purchasePrice: pesos(item.purchasePrice),
    unitPrice: pesos(item.unitPrice),
    amount: item.amount,
    unit: item.unitId === null ? null : { _id: item.unitId, name: item.unit },
    supplier: item.supplierId,
    supplierName: item.supplier,
    restockThreshold: units(item.restockThreshold),
    scPwdEligible: item.scPwdEligible,
    basicNecessity: item.basicNecessity,
    expirationDate: item.expirationDate,
    barcode: item.barcode,
    status: item.status,
    createdBy: { username: item.createdBy ?? 'Unknown' },
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * A yes-or-no from a boolean or a form's 'true' / 'false'; blank is "not given". Anything
 * else is passed on for the schema to refuse with its message.
 */
export function booleanIn(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** The item fields a legacy body carries, translated; absent ones stay absent (an edit's changes share add's names). */
function itemBody(raw: unknown): Loose<Inputs['add']> {
  const body = bodyOf(raw);
  const fields: Loose<Inputs['add']> = {
    itemId: body.itemId,
    name: body.name,
    stock: quantityIn(body.stock, QUANTITY_TEXT.decimals('Stock')),
    categoryId: 'category' in body ? refIn(body.category) : undefined,
    purchasePrice: pesosIn(body.purchasePrice, 'Purchase price'),
    unitPrice: pesosIn(body.unitPrice, 'Unit price'),
    amount: numberIn(body.amount),
    unitId: 'unit' in body ? refIn(body.unit) : undefined,
    supplierId: 'supplier' in body ? refIn(body.supplier) : undefined,
    restockThreshold: quantityIn(body.restockThreshold, QUANTITY_TEXT.decimals('Restock threshold')),
    scPwdEligible: booleanIn(body.scPwdEligible),
    basicNecessity: booleanIn(body.basicNecessity),
    expirationDate:
      'expirationDate' in body ? (body.expirationDate === '' ? null : body.expirationDate) : undefined,
    // Blank clears it; a number is passed as its digits for the schema to check.
    barcode:
      'barcode' in body
        ? typeof body.barcode === 'number'
          ? String(body.barcode)
          : body.barcode
        : undefined,
  };
  return present(fields);
}

/** A held staff change answers its message as is; an applied one carries the item. */
function answer(result: { message: string; item?: ItemRow }) {
  return 'item' in result && result.item
    ? { message: result.message, item: legacyItem(result.item) }
    : result;
}

// /api/inventory.
export const inventoryRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get<{ Querystring: Query }>('/inventory', async (req) => {
    const q = req.query;
    const caller = inventory(contextFrom(deps, req));
    // ?all=true: the ingredient lookup, an array of every match (up to the POS cap).
    if (flag(q.all)) return (await caller.lookup({ search: q.search ?? '' })).map(legacyItem);
    // ?status=Expiring soon (or another status): only those items.
    const page = await call(caller.list, { ...listQuery(q), ...(q.status ? { status: q.status } : {}) });
    return {
      items: page.rows.map(legacyItem),
      totalItems: page.total,
      totalPages: page.totalPages,
      page: page.page,
      limit: page.limit,
    };
  });
  app.get<ById>('/inventory/:id', async (req) =>
    legacyItem(await call(inventory(contextFrom(deps, req)).get, { id: req.params.id })),
  );
  app.get<ById>('/inventory/:id/movements', async (req) =>
    (await call(inventory(contextFrom(deps, req)).movements, { id: req.params.id })).map((m) => ({
      ...m,
      change: units(m.change),
      stockBefore: units(m.stockBefore),
      stockAfter: units(m.stockAfter),
    })),
  );
  app.get<ById>('/inventory/:id/lots', async (req) => {
    const { lots } = await call(inventory(contextFrom(deps, req)).lots, { id: req.params.id });
    return {
      lots: lots.map((lot) => ({
        lotId: lot.lotId,
        lotCode: lot.lotCode,
        source: lot.source,
        quantity: units(lot.quantity),
        remaining: units(lot.remaining),
        unitCost: pesos(lot.unitCost),
        expirationDate: lot.expirationDate,
        receivedAt: lot.receivedAt,
        supplierId: lot.supplierId,
      })),
    };
  });
  const { add, update } = inventoryRouter._def.procedures;
  app.post('/inventory', { preHandler: admitTo(deps, add, itemBody) }, async (req, reply) => {
    const result = await call(inventory(contextFrom(deps, req)).add, itemBody(req.body));
    return reply.status(201).send(answer(result));
  });
  app.put<ById>('/inventory/:id', { preHandler: admitTo(deps, update, itemBody) }, async (req) =>
    answer(
      await call(inventory(contextFrom(deps, req)).update, {
        id: req.params.id,
        changes: itemBody(req.body),
      }),
    ),
  );
  app.delete<ById>('/inventory/:id', (req) =>
    call(inventory(contextFrom(deps, req)).delete, { id: req.params.id }),
  );
};
