import { createReadStream, rmSync, statSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { sendDownload } from '../../lib/xlsx';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { snapshotRouter } from './snapshotRouter';

const SQLITE_TYPE = 'application/vnd.sqlite3';

const snapshot = restCallers(snapshotRouter);

// GET /api/backup/database: the whole database as one checked SQLite file (admin, owner).
export const snapshotRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get('/backup/database', async (req, reply) => {
    const { file, filename } = await snapshot(contextFrom(deps, req)).take();
    const stream = createReadStream(file);
    // Sent, failed or cut off by the client: the temp copy goes either way.
    stream.once('close', () => rmSync(file, { force: true }));
    return sendDownload(reply, { type: SQLITE_TYPE, filename, stream, size: statSync(file).size });
  });
};
