import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { sql } from 'drizzle-orm';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { actionRequestsRest } from '../domains/actionRequests/rest';
import { activityRest } from '../domains/activity/rest';
import { authRest } from '../domains/auth/rest';
import { backupRest } from '../domains/backup/rest';
import { snapshotRest } from '../domains/backup/snapshotRest';
import { birRest } from '../domains/bir/rest';
import { cakeOrdersRest } from '../domains/cakeOrders/rest';
import { cakesRest } from '../domains/cakes/rest';
import { customersRest } from '../domains/customers/rest';
import { inventoryRest } from '../domains/inventory/rest';
import { journalRest } from '../domains/journal/rest';
import { notificationsRest } from '../domains/notifications/rest';
import { pricingRest } from '../domains/pricing/rest';
import { printersRest } from '../domains/printers/rest';
import { productionRest } from '../domains/production/rest';
import { purchaseOrdersRest } from '../domains/purchaseOrders/rest';
import { reorderRest } from '../domains/reorder/rest';
import { reportsRest } from '../domains/reports/rest';
import { requestsRest } from '../domains/requests/rest';
import { salesRest } from '../domains/sales/rest';
import { settingsRest } from '../domains/settings/rest';
import { scPwdBookRest } from '../domains/shifts/bookRest';
import { shiftsRest } from '../domains/shifts/rest';
import { suppliersRest } from '../domains/suppliers/rest';
import { terminalsRest } from '../domains/terminals/rest';
import { usersRest } from '../domains/users/rest';
import { wasteRest } from '../domains/waste/rest';
import { DATABASE_BUSY, databaseBusy, readableMessage, SERVER_FAILED, shownPath } from '../lib/errors';
import type { RestOptions } from '../trpc/procedures';

/** The shop's REST contract (docs/rules.md), mounted at /api. Each domain brings its own routes. */
export const restApi: FastifyPluginAsync<RestOptions> = async (app, opts) => {
  app.setErrorHandler((error: FastifyError | TRPCError, req, reply) => {
    const { status, message } = describe(error);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    // The settings routes carry their errors in an `error` field.
    const body = req.url.startsWith('/api/settings') ? { error: message } : { message };
    return reply.status(status).send(body);
  });
  // The legacy client sends the JSON content type on every call, also those with nothing to send
  // (an approval, a refund). An empty body is then no body; anything else is JSON as usual,
  // with Fastify's own parser and its guard against __proto__ and constructor keys.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, undefined) : json(req, String(body), done),
  );
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({ message: `No such API route: ${req.method} ${shownPath(req.url)}` }),
  );

  app.get('/health', () => {
    opts.deps.db.run(sql`select 1`);
    return { status: 'ok' };
  });

  const domain = { deps: opts.deps };
  await app.register(authRest, domain);
  await app.register(requestsRest, domain);
  await app.register(usersRest, domain);
  await app.register(actionRequestsRest, domain);
  await app.register(activityRest, domain);
  await app.register(notificationsRest, domain);
  await app.register(suppliersRest, domain);
  await app.register(customersRest, domain);
  await app.register(inventoryRest, domain);
  await app.register(cakesRest, domain);
  await app.register(salesRest, domain);
  await app.register(shiftsRest, domain);
  await app.register(scPwdBookRest, domain);
  await app.register(settingsRest, domain);
  await app.register(reportsRest, domain);
  await app.register(backupRest, domain);
  await app.register(pricingRest, domain);
  await app.register(purchaseOrdersRest, domain);
  await app.register(wasteRest, domain);
  await app.register(cakeOrdersRest, domain);
  await app.register(productionRest, domain);
  await app.register(terminalsRest, domain);
  await app.register(printersRest, domain);
  await app.register(journalRest, domain);
  await app.register(birRest, domain);
  await app.register(reorderRest, domain);
  await app.register(snapshotRest, domain);
};

/** One mapping from any error to a status and a message a person can read. */
function describe(error: FastifyError | TRPCError): { status: number; message: string } {
  if (error instanceof TRPCError) {
    return { status: getHTTPStatusCodeFromError(error), message: readableMessage(error) };
  }
  if (databaseBusy(error)) return { status: 503, message: DATABASE_BUSY };
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) return { status, message: SERVER_FAILED };
  return { status, message: error.message };
}
