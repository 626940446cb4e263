import type { FastifyPluginAsync } from 'fastify';
import { fail, shownPath } from '../../errors';
import { contextFrom, createCallerFactory, type RestOptions } from '../../trpc';
import { settingsRouter } from './router';
import type { SettingEntry } from './service';

const settings = createCallerFactory(settingsRouter);

type ById = { Params: { id: string } };

/** The legacy shape: `_id` beside the fields (and `type` for a category). */
const legacy = <Entry extends SettingEntry>({ id, ...entry }: Entry) => ({ _id: id, ...entry });
const saved = <Entry extends SettingEntry>(answer: { message: string; record: Entry }) => ({
  message: answer.message,
  record: legacy(answer.record),
});
/** A JSON object's fields; anything else (null, an array, a string) carries none. */
const fieldsOf = (value: unknown): object =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
const bodyOf = (req: { body: unknown }) => fieldsOf(req.body);

// /api/settings/{uom|size|category}; errors answer {error} (server/rest.ts).
// Every list is open to every role (the forms' selects need them); changes are admin and owner.
export const settingsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => settings(contextFrom(deps, req));

  app.get('/settings/size', async (req) => (await api(req).sizes()).map(legacy));
  app.get('/settings/uom', async (req) => (await api(req).units()).map(legacy));
  app.get('/settings/category', async (req) =>
    (await api(req).categories(fieldsOf(req.query) as never)).map(legacy),
  );

  app.post('/settings/size', async (req, reply) =>
    reply.status(201).send(saved(await api(req).addSize(bodyOf(req) as never))),
  );
  app.post('/settings/uom', async (req, reply) =>
    reply.status(201).send(saved(await api(req).addUnit(bodyOf(req) as never))),
  );
  app.post('/settings/category', async (req, reply) =>
    reply.status(201).send(saved(await api(req).addCategory(bodyOf(req) as never))),
  );

  app.put<ById>('/settings/size/:id', async (req) =>
    saved(await api(req).updateSize({ ...bodyOf(req), id: req.params.id } as never)),
  );
  app.put<ById>('/settings/uom/:id', async (req) =>
    saved(await api(req).updateUnit({ ...bodyOf(req), id: req.params.id } as never)),
  );
  app.put<ById>('/settings/category/:id', async (req) =>
    saved(await api(req).updateCategory({ ...bodyOf(req), id: req.params.id } as never)),
  );

  app.delete<ById>('/settings/size/:id', (req) => api(req).deleteSize({ id: req.params.id as never }));
  app.delete<ById>('/settings/uom/:id', (req) => api(req).deleteUnit({ id: req.params.id as never }));
  app.delete<ById>('/settings/category/:id', (req) =>
    api(req).deleteCategory({ id: req.params.id as never }),
  );

  // Anything else under /api/settings answers 404 in the settings shape, {error}.
  const unknownRoute = async (req: { method: string; url: string }) => {
    throw fail.notFound(
      `No such settings route: ${req.method} ${shownPath(req.url)}. The lists are size, category and uom.`,
    );
  };
  app.all('/settings', unknownRoute);
  app.all('/settings/*', unknownRoute);
};
