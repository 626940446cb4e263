import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asSent, bodyOf, call } from '../../transport/restShapes';
import type { ContactRow, Requested, Saved } from './service';

// The REST side of server/domains/contacts/service.ts (suppliers, customers): the legacy record shape and
// the POST, PUT and DELETE routes, translating only; the domain's own procedures do the work.

/** The legacy shape: `_id` in place of `id`, the fields as they are. */
export const legacyRecord = <Row extends ContactRow>({ id, ...fields }: Row) => ({ _id: id, ...fields });

/** A record's procedures as a caller of the domain's router offers them; the body is their input as is. */
export interface ContactCaller<Row extends ContactRow> {
  add(input: Record<string, unknown>): Promise<Saved<Row>>;
  update(input: Record<string, unknown> & { id: unknown }): Promise<Saved<Row> | Requested>;
  delete(input: { id: unknown }): Promise<{ message: string } | Requested>;
}

type ById = { Params: { id: string } };

/**
 * POST {path}, PUT {path}/:id and DELETE {path}/:id. `:id` is the record's `_id` or its
 * business id. Saves answer {message, [key]: record}; a staff change held for approval
 * answers {message, requested: true}; a delete answers {message}.
 */
export function contactWrites<Row extends ContactRow>(
  app: FastifyInstance,
  options: { path: string; key: string; api: (req: FastifyRequest) => ContactCaller<Row> },
) {
  const { path, key, api } = options;
  const answer = (result: Saved<Row> | Requested) =>
    'record' in result ? { message: result.message, [key]: legacyRecord(result.record) } : result;

  app.post(path, async (req, reply) =>
    reply.status(201).send(answer(await call(api(req).add, asSent(bodyOf(req.body))))),
  );
  app.put<ById>(`${path}/:id`, async (req) =>
    answer(await call(api(req).update, asSent({ ...bodyOf(req.body), id: req.params.id }))),
  );
  app.delete<ById>(`${path}/:id`, (req) => call(api(req).delete, { id: req.params.id }));
}
