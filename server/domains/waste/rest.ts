import type { inferRouterInputs } from '@trpc/server';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import {
  asSent,
  bodyOf,
  call,
  type Loose,
  pathId,
  pesos,
  quantityIn,
  units,
} from '../../transport/restShapes';
import { admitTo, contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { periodOf } from '../reports/rest';
import { wasteRouter } from './router';

const waste = restCallers(wasteRouter);
type Inputs = inferRouterInputs<typeof wasteRouter>;
type ById = { Params: { id: string } };

/** A business id as REST sends it: a number is read as the id's text, never as a record id. */
const businessId = (ref: unknown) => (typeof ref === 'number' ? String(ref) : ref);

/** A write-off as REST sends it: the item's (`itemId`) or the cake's (`cakeId`) business id, units. */
function writeOffBody(raw: unknown): Loose<Inputs['writeOff']> {
  const body = bodyOf(raw);
  return {
    itemId: businessId(body.itemId),
    cakeId: businessId(body.cakeId),
    quantity: quantityIn(body.quantity, PURCHASING_TEXT.quantity),
    reason: body.reason,
    note: body.note ?? undefined,
    lotId: body.lotId === '' ? undefined : asSent(body.lotId),
  };
}

/** A held staff write-off answers its message; an applied one carries the entry in units and pesos. */
function answer(result: Awaited<ReturnType<ReturnType<typeof waste>['writeOff']>>) {
  if (!('waste' in result)) return result;
  const { waste: entry } = result;
  return {
    message: result.message,
    waste: {
      _id: entry.id,
      ...('cakeId' in entry ? { cakeId: entry.cakeId } : { itemId: entry.itemId }),
      quantity: units(entry.quantity),
      reason: entry.reason,
      cost: pesos(entry.cost),
    },
  };
}

/** Write off expired's answer: held (202), or what left the books in units and pesos. */
function expiredAnswer(
  reply: FastifyReply,
  result: { message: string; requested: true } | { message: string; quantity: number; cost: number },
) {
  // A staff write-off waits for approval: accepted, not yet done (202), as POST /api/waste.
  if (!('quantity' in result)) return reply.status(202).send(result);
  return { message: result.message, quantity: units(result.quantity), cost: pesos(result.cost) };
}

// /api/waste, /api/inventory/{id}/write-off-expired ({id} is the item's `_id`) and
// /api/cake/{id}/write-off-expired ({id} is the cake's `_id`).
export const wasteRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => waste(contextFrom(deps, req));
  const { writeOff, writeOffExpired, writeOffExpiredCake } = wasteRouter._def.procedures;
  app.post('/waste', { preHandler: admitTo(deps, writeOff, writeOffBody) }, async (req, reply) => {
    const result = answer(await call(api(req).writeOff, writeOffBody(req.body)));
    return reply.status('waste' in result ? 201 : 202).send(result);
  });
  app.post<ById>(
    '/inventory/:id/write-off-expired',
    { preHandler: admitTo(deps, writeOffExpired, undefined, { optionalBody: true }) },
    async (req, reply) =>
      expiredAnswer(reply, await call(api(req).writeOffExpired, { id: pathId(req.params.id) })),
  );
  app.post<ById>(
    '/cake/:id/write-off-expired',
    { preHandler: admitTo(deps, writeOffExpiredCake, undefined, { optionalBody: true }) },
    async (req, reply) =>
      expiredAnswer(reply, await call(api(req).writeOffExpiredCake, { id: pathId(req.params.id) })),
  );
  app.get<{ Querystring: Record<string, string | undefined> }>('/waste', async (req) => {
    const log = await call(api(req).log, { period: periodOf(req.query) });
    const sums = <T extends { quantity: number; cost: number }>(r: T) => ({
      ...r,
      quantity: units(r.quantity),
      cost: pesos(r.cost),
    });
    return {
      from: log.from,
      to: log.to,
      rows: log.rows.map((r) => ({
        _id: r.id,
        createdAt: r.createdAt,
        kind: r.kind,
        itemId: r.kind === 'item' ? r.record : null,
        cakeId: r.kind === 'cake' ? r.record : null,
        name: r.name,
        quantity: units(r.quantity),
        reason: r.reason,
        note: r.note,
        cost: pesos(r.cost),
        lotId: r.lotId,
        by: r.by,
      })),
      totals: {
        entries: log.totals.entries,
        quantity: units(log.totals.quantity),
        cost: pesos(log.totals.cost),
        byReason: log.totals.byReason.map(sums),
        byWeek: log.totals.byWeek.map(sums),
      },
    };
  });
};
