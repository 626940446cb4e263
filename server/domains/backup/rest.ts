import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { RESTORE_MAX_BYTES } from '../../../shared/schemas/backup';
import { BACKUP_TEXT } from '../../../shared/texts/backup';
import { sendDownload, XLSX_TYPE } from '../../lib/xlsx';
import { call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { backupFilesRouter } from './router';

const backupFiles = restCallers(backupFilesRouter);

// GET /api/backup/{inventory|supplier|sales|users} downloads {area}_backup.xlsx;
// POST /api/backup/{area}/restore takes that file back as the body (?dryRun=true previews).
export const backupRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get<{ Params: { area: string } }>('/backup/:area', async (req, reply) => {
    const { filename, stream } = await call(backupFiles(contextFrom(deps, req)).area, {
      area: req.params.area,
    });
    return sendDownload(reply, { type: XLSX_TYPE, filename, stream });
  });

  // The file is the body, as it is: the workbook type or any binary one.
  app.addContentTypeParser(
    [XLSX_TYPE, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: RESTORE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  app.setErrorHandler((error: FastifyError, _req, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).send({ message: BACKUP_TEXT.tooLarge });
    throw error;
  });

  app.post<{ Params: { area: string }; Querystring: { dryRun?: string } }>(
    '/backup/:area/restore',
    async (req, reply) => {
      const outcome = await call(backupFiles(contextFrom(deps, req)).restore, {
        area: req.params.area,
        dryRun: req.query.dryRun === 'true' || req.query.dryRun === '1',
        // Not a file (JSON, no body): the procedure checks the caller, then refuses it with 400.
        file: req.body,
      });
      if (!outcome.applied && req.query.dryRun !== 'true' && req.query.dryRun !== '1')
        return reply
          .status(400)
          .send({ message: BACKUP_TEXT.rowsRefused(outcome.rejected.length), ...outcome });
      return outcome;
    },
  );
};
