import type { FastifyPluginAsync } from 'fastify';
import { sendDownload, XLSX_TYPE } from '../../lib/xlsx';
import { call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { bookFilesRouter } from './bookExport';

const bookFiles = restCallers(bookFilesRouter);

type Days = { Querystring: { from?: string; to?: string } };

// The SC/PWD sales book as .xlsx (admin, owner, manager), ?from&to in Manila
// dates YYYY-MM-DD, by default the last 30 days to today.
export const scPwdBookRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get<Days>('/sc-pwd-book/export', async (req, reply) => {
    const { filename, stream } = await call(bookFiles(contextFrom(deps, req)).scPwdBookWorkbook, {
      from: req.query.from,
      to: req.query.to,
    });
    return sendDownload(reply, { type: XLSX_TYPE, filename, stream });
  });
};
