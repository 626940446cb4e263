import type { FastifyPluginAsync } from 'fastify';
import { call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { journalRouter } from './router';

const journal = restCallers(journalRouter);
type Days = { Querystring: { from?: string; to?: string } };

// /api/journal/verify and /api/journal?from&to (a text file, one row a line): admin, owner.
export const journalRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get('/journal/verify', async (req) => journal(contextFrom(deps, req)).verify());
  app.get<Days>('/journal', async (req, reply) => {
    const { filename, text } = await call(journal(contextFrom(deps, req)).export, {
      from: req.query.from || undefined,
      to: req.query.to || undefined,
    });
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(text);
  });
};
