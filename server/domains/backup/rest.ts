import type { FastifyPluginAsync } from 'fastify';
import { contextFrom, createCallerFactory, type RestOptions } from '../../trpc';
import { XLSX_TYPE } from '../../xlsx';
import { backupFilesRouter } from './router';

const files = createCallerFactory(backupFilesRouter);

// PRODUCT.md: GET /api/backup/{inventory|supplier|sales|users} downloads {area}_backup.xlsx.
export const backupRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get<{ Params: { area: string } }>('/backup/:area', async (req, reply) => {
    const { filename, stream } = await files(contextFrom(deps, req)).area({ area: req.params.area as never });
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(stream);
  });
};
