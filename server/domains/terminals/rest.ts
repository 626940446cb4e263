import type { FastifyPluginAsync } from 'fastify';
import { bodyOf, call, pesos } from '../../transport/restShapes';
import { admitTo, contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { terminalsRouter } from './router';
import type { Terminal } from './service';

const terminals = restCallers(terminalsRouter);
type ById = { Params: { id: string } };

/** A terminal as REST shows it: its registration, the last numbers issued, the grand total in pesos. */
const restTerminal = (t: Terminal) => ({
  _id: t.id,
  name: t.name,
  min: t.min,
  serialNumber: t.serialNumber,
  permitNumber: t.permitNumber,
  invoicePrefix: t.invoicePrefix,
  lastInvoice: t.lastInvoice,
  lastRefund: t.lastRefund,
  grandTotal: pesos(t.grandTotal),
});

const fieldsOf = (raw: unknown) => {
  const body = bodyOf(raw);
  return {
    name: body.name,
    min: body.min,
    serialNumber: body.serialNumber,
    permitNumber: body.permitNumber,
    invoicePrefix: body.invoicePrefix,
  };
};

const idIn = (id: string) => (/^\d+$/.test(id) && Number(id) > 0 ? Number(id) : Number.MAX_SAFE_INTEGER);

// /api/terminals: the tills and their BIR registration (adding and editing: admin, owner).
export const terminalsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => terminals(contextFrom(deps, req));
  const { create, update } = terminalsRouter._def.procedures;
  app.get('/terminals', async (req) => (await api(req).list()).map(restTerminal));
  app.post('/terminals', { preHandler: admitTo(deps, create, fieldsOf) }, async (req, reply) => {
    const { message, terminal } = await call(api(req).create, fieldsOf(req.body));
    return reply.status(201).send({ message, terminal: restTerminal(terminal) });
  });
  const { reserveBlock } = terminalsRouter._def.procedures;
  const blockOf = (raw: unknown) => ({ size: bodyOf(raw).size });
  app.post<ById>(
    '/terminals/:id/invoice-blocks',
    { preHandler: admitTo(deps, reserveBlock, blockOf, { optionalBody: true }) },
    async (req, reply) =>
      reply
        .status(201)
        .send(await call(api(req).reserveBlock, { terminalId: idIn(req.params.id), ...blockOf(req.body) })),
  );
  app.put<ById>('/terminals/:id', { preHandler: admitTo(deps, update, fieldsOf) }, async (req) => {
    const { message, terminal } = await call(api(req).update, {
      id: idIn(req.params.id),
      ...fieldsOf(req.body),
    });
    return { message, terminal: restTerminal(terminal) };
  });
};
