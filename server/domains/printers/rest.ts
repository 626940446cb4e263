import type { inferRouterInputs } from '@trpc/server';
import type { FastifyPluginAsync } from 'fastify';
import { SALE_ID } from '../../../shared/texts/sales';
import { bodyOf, call, type Loose, refIn } from '../../transport/restShapes';
import { admitTo, contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { printersRouter } from './router';
import type { Printer } from './service';

const printers = restCallers(printersRouter);
type Inputs = inferRouterInputs<typeof printersRouter>;
type ByTerminal = { Params: { terminalId: string } };
type ById = { Params: { id: string } };

/** A printer as REST shows it, with the terminal it prints for. */
const restPrinter = (p: Printer, terminal: string) => ({
  terminalId: p.terminalId,
  terminal: { _id: p.terminalId, name: terminal },
  host: p.host,
  port: p.port,
  paperWidth: p.paperWidth,
  charsPerLine: p.charsPerLine,
  autoPrint: p.autoPrint,
  openDrawer: p.openDrawer,
  updatedAt: p.updatedAt,
});

const fieldsOf = (raw: unknown, terminalId: string): Loose<Inputs['set']> => {
  const body = bodyOf(raw);
  return {
    terminalId,
    host: body.host,
    port: body.port,
    paperWidth: body.paperWidth,
    charsPerLine: body.charsPerLine,
    autoPrint: body.autoPrint,
    openDrawer: body.openDrawer,
  };
};

/** A terminal's id as the path gives it: digits only, anything else names none (400). */
const terminalIn = (id: string) => (/^\d+$/.test(id) ? id : 'none');

/** A sale's `_id` or its SALE- id in any case; anything else names no sale (404). */
const saleRef = (id: string) =>
  /^\d+$/.test(id) ? id : SALE_ID.test(id.toUpperCase()) ? id.toUpperCase() : String(Number.MAX_SAFE_INTEGER);

// /api/printers: each terminal's receipt printer (admin, owner); printing a receipt again at a
// terminal; the manager's Open drawer.
export const printersRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => printers(contextFrom(deps, req));
  const { print, openDrawer } = printersRouter._def.procedures;

  app.get('/printers', async (req) =>
    (await api(req).list()).flatMap(({ printer, terminal }) =>
      printer ? [restPrinter(printer, terminal)] : [],
    ),
  );
  app.put<ByTerminal>('/printers/:terminalId', async (req) => {
    const terminalId = terminalIn(req.params.terminalId);
    const { message, printer, terminal } = await call(api(req).set, fieldsOf(req.body, terminalId));
    return { message, printer: restPrinter(printer, terminal) };
  });
  app.delete<ByTerminal>('/printers/:terminalId', (req) =>
    call(api(req).remove, { terminalId: terminalIn(req.params.terminalId) }),
  );
  app.post<ByTerminal>('/printers/:terminalId/test', (req) =>
    call(api(req).test, { terminalId: terminalIn(req.params.terminalId) }),
  );
  // The body is optional (the terminal whose printer prints); one that is not a JSON object is refused.
  app.post<ById>(
    '/sales/:id/print',
    { preHandler: admitTo(deps, print, undefined, { optionalBody: true }) },
    (req) =>
      call(api(req).print, {
        document: 'receipt',
        id: saleRef(req.params.id),
        terminalId: refIn(bodyOf(req.body).terminalId) ?? null,
      }),
  );
  app.post('/drawer/open', { preHandler: admitTo(deps, openDrawer) }, (req) => {
    const body = bodyOf(req.body);
    return call(api(req).openDrawer, { terminalId: refIn(body.terminalId) ?? null, reason: body.reason });
  });
};
