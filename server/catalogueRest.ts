import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogueRow, Requested, Saved } from './catalogue';

// The REST side of server/catalogue.ts (suppliers, customers): the legacy record shape and
// the POST, PUT and DELETE routes, translating only; the domain's own procedures do the work.

/** The legacy shape: `_id` in place of `id`, the fields as they are. */
export const legacyRecord = <Row extends CatalogueRow>({ id, ...fields }: Row) => ({ _id: id, ...fields });

/** A JSON object's fields; anything else (null, an array, a string) carries none, so it reads as blank. */
const bodyOf = (req: { body: unknown }): object =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};

/** A record's procedures as a caller of the domain's router offers them. */
export interface CatalogueCaller<Row extends CatalogueRow> {
  add(input: never): Promise<Saved<Row>>;
  update(input: never): Promise<Saved<Row> | Requested>;
  remove(input: never): Promise<{ message: string } | Requested>;
}

type ById = { Params: { id: string } };

/**
 * POST {path}, PUT {path}/:id and DELETE {path}/:id. `:id` is the record's `_id` or its
 * business id. Saves answer {message, [key]: record}; a staff change held for approval
 * answers {message, requested: true}; a delete answers {message}.
 */
export function catalogueWrites<Row extends CatalogueRow>(
  app: FastifyInstance,
  options: { path: string; key: string; api: (req: FastifyRequest) => CatalogueCaller<Row> },
) {
  const { path, key, api } = options;
  const answer = (result: Saved<Row> | Requested) =>
    'record' in result ? { message: result.message, [key]: legacyRecord(result.record) } : result;

  app.post(path, async (req, reply) =>
    reply.status(201).send(answer(await api(req).add(bodyOf(req) as never))),
  );
  app.put<ById>(`${path}/:id`, async (req) =>
    answer(await api(req).update({ ...bodyOf(req), id: req.params.id } as never)),
  );
  app.delete<ById>(`${path}/:id`, (req) => api(req).remove({ id: req.params.id } as never));
}
