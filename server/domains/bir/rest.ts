import type { FastifyPluginAsync } from 'fastify';
import { SALES_SUMMARY_TEXT } from '../../../shared/texts/salesSummary';
import { fail } from '../../lib/errors';
import { sendDownload, XLSX_TYPE } from '../../lib/xlsx';
import { call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { inPesos } from '../shifts/rest';
import { birFilesRouter, birRouter } from './router';

const bir = restCallers(birRouter);
const birFiles = restCallers(birFilesRouter);

type Summary = { Querystring: { from?: string; to?: string; format?: string } };

// GET /api/bir/sales-summary?from&to (Manila dates YYYY-MM-DD; by default the last 30 days):
// {from, to, days} with money in pesos, or with &format=xlsx the same rows as a workbook.
export const birRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  app.get<Summary>('/bir/sales-summary', async (req, reply) => {
    const { from, to, format } = req.query;
    if (format !== undefined && format !== 'xlsx') throw fail.badRequest(SALES_SUMMARY_TEXT.badFormat);
    if (format === 'xlsx') {
      const file = await call(birFiles(contextFrom(deps, req)).salesSummaryWorkbook, { from, to });
      return sendDownload(reply, { type: XLSX_TYPE, filename: file.filename, stream: file.stream });
    }
    const summary = await call(bir(contextFrom(deps, req)).salesSummary, { from, to });
    return { ...summary, days: summary.days.map(inPesos) };
  });
};
