import type { FastifyPluginAsync } from 'fastify';
import { bodyOf, call, pesos, pesosIn, refIn } from '../../transport/restShapes';
import { admitTo, contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import type { ZReading } from './endOfDay';
import type { MethodTotals } from './readings';
import { shiftsRouter } from './router';
import type { XReading } from './xReading';

const shifts = restCallers(shiftsRouter);

type ById = { Params: { id: string } };
type Days = { Querystring: { from?: string; to?: string } };

const MONEY = [
  'gross',
  'scPwdDiscounts',
  'scPwdSales',
  'vat',
  'vatExempt',
  'salesTotal',
  'refunds',
  'net',
  'cashTaken',
  'changeGiven',
  'cashRefunded',
  'openingCash',
  'cashIn',
  'cashOut',
  'expectedCash',
  'countedCash',
  'variance',
  'grandTotal',
  'refundsOutsideShifts',
  'depositsTaken',
  'depositsApplied',
  'depositsRefunded',
  'previousGrandTotal',
  'presentGrandTotal',
  'grossSales',
  'vatableSales',
  'vatAmount',
  'vatExemptSales',
  'zeroRatedSales',
  'refundsAmount',
  'netSales',
] as const;

/** Each value of a {name: centavos} map in pesos. */
const mapInPesos = (map: Record<string, number>) =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [k, pesos(v)]));

/** A reading with its money in pesos (REST's edge, like every other route). */
export function inPesos<R extends Partial<XReading & ZReading>>(reading: R) {
  const out: Record<string, unknown> = { ...reading };
  for (const key of MONEY) {
    const value = reading[key as keyof R];
    if (typeof value === 'number') out[key] = pesos(value);
  }
  if (reading.movements) out.movements = reading.movements.map((m) => ({ ...m, amount: pesos(m.amount) }));
  if (reading.cashVoids) out.cashVoids = reading.cashVoids.map((m) => ({ ...m, amount: pesos(m.amount) }));
  if (reading.discounts) out.discounts = mapInPesos({ ...reading.discounts });
  if (reading.payments) out.payments = mapInPesos(reading.payments);
  if (reading.byMethod)
    out.byMethod = reading.byMethod.map((m: MethodTotals) => ({
      method: m.method,
      sales: pesos(m.sales),
      refunds: pesos(m.refunds),
      net: pesos(m.net),
    }));
  return out;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const zAnswers = new WeakMap<ZReading, string>();

/**
 * A Z reading as End of Day's REST answer holds it (in pesos, as JSON text), remembered for a
 * taken reading lookBack.ts remembers: it hands out the same frozen reading until its row
 * changes, so the answer cannot change either (translating and writing it were a tenth of
 * that read). Any other reading is translated afresh.
 */
export function zAnswer(reading: ZReading): string {
  if (!Object.isFrozen(reading)) return JSON.stringify(inPesos(reading));
  let text = zAnswers.get(reading);
  if (text === undefined) {
    text = JSON.stringify(inPesos(reading));
    zAnswers.set(reading, text);
  }
  return text;
}

/**
 * `:id` names a shift by its number; anything else names no shift, so it is 404 like every
 * unknown id (docs/rules.md, Bad input), after the role check, not the schema's 400.
 */
function shiftRef(id: string): number {
  const n = /^\d+$/.test(id) ? Number(id) : 0;
  return Number.isSafeInteger(n) && n > 0 ? n : Number.MAX_SAFE_INTEGER;
}

/** The shift routes' money, read at this edge; admitTo reads it first to check the caller. */
const openingCashIn = (body: unknown) => pesosIn(bodyOf(body).openingCash, 'Opening cash');
const cashAmountIn = (body: unknown) => pesosIn(bodyOf(body).amount, 'Amount');
const countedCashIn = (body: unknown) => pesosIn(bodyOf(body).countedCash, 'Counted cash');

// The counter's REST: shifts, their cash, the X and Z readings, the SC/PWD sales book.
export const shiftsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => shifts(contextFrom(deps, req));

  const { open, cash, close, takeZReading: endOfDay, voidCash } = shiftsRouter._def.procedures;
  app.post('/shifts/open', { preHandler: admitTo(deps, open, openingCashIn) }, async (req, reply) => {
    const { message, shift } = await call(api(req).open, {
      openingCash: openingCashIn(req.body),
      terminalId: refIn(bodyOf(req.body).terminalId) ?? null,
    });
    return reply.status(201).send({ message, shift: { ...shift, openingCash: pesos(shift.openingCash) } });
  });
  app.post<ById>('/shifts/:id/cash', { preHandler: admitTo(deps, cash, cashAmountIn) }, async (req) => {
    const body = bodyOf(req.body);
    const { message, reading } = await call(api(req).cash, {
      id: shiftRef(req.params.id),
      type: body.type,
      amount: cashAmountIn(body),
      reason: body.reason,
    });
    return { message, reading: inPesos(reading) };
  });
  app.get('/shifts/current', async (req) => {
    const { shift, reading } = await api(req).current();
    return shift
      ? { shift: { ...shift, openingCash: pesos(shift.openingCash) }, reading: inPesos(reading) }
      : { shift: null, reading: null };
  });
  app.get<ById>('/shifts/:id/reading', async (req) =>
    inPesos(await call(api(req).reading, { id: shiftRef(req.params.id) })),
  );
  app.post<ById>('/shifts/:id/close', { preHandler: admitTo(deps, close, countedCashIn) }, async (req) => {
    const { message, reading } = await call(api(req).close, {
      id: shiftRef(req.params.id),
      countedCash: countedCashIn(req.body),
      reason: bodyOf(req.body).reason,
    });
    return { message, reading: inPesos(reading) };
  });
  // A staff void answers {message, requested: true} (held for approval); a manager's the reading.
  app.post<ById>('/shifts/cash/:id/void', { preHandler: admitTo(deps, voidCash) }, async (req) => {
    const answer = await call(api(req).voidCash, {
      id: shiftRef(req.params.id),
      reason: bodyOf(req.body).reason,
    });
    return 'reading' in answer ? { message: answer.message, reading: inPesos(answer.reading) } : answer;
  });
  app.get<Days>('/shifts', async (req) =>
    (await call(api(req).list, { from: req.query.from, to: req.query.to })).map(inPesos),
  );
  // 201 for a new reading; 200 when its requestKey answers the one already taken. No body is no key.
  const optionalBody = { optionalBody: true };
  app.post(
    '/end-of-day',
    { preHandler: admitTo(deps, endOfDay, undefined, optionalBody) },
    async (req, reply) => {
      const body = bodyOf(req.body);
      const reading = await call(api(req).takeZReading, {
        requestKey: body.requestKey,
        terminalId: refIn(body.terminalId) ?? null,
        allowEmpty: body.allowEmpty,
      });
      return reply.status(reading.repeated ? 200 : 201).send(inPesos(reading));
    },
  );
  app.get<Days>('/end-of-day', async (req, reply) => {
    const readings = await call(api(req).zReadings, { from: req.query.from, to: req.query.to });
    return reply.type(JSON_TYPE).send(`[${readings.map(zAnswer).join(',')}]`);
  });
  app.get<Days>('/sc-pwd-book', async (req) => {
    const book = await call(api(req).scPwdBook, { from: req.query.from, to: req.query.to });
    return {
      ...book,
      rows: book.rows.map((r) => ({
        ...r,
        gross: pesos(r.gross),
        discount: pesos(r.discount),
        sc5Discount: pesos(r.sc5Discount),
        net: pesos(r.net),
      })),
    };
  });
};
