import type { FastifyPluginAsync } from 'fastify';
import { fail, shownPath } from '../../errors';
import { asSent, bodyOf, call } from '../../legacy';
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

// SPEC.md §7: /api/settings/{uom|size|category}; errors answer {error} (server/rest.ts).
// Every list is open to every role (the forms' selects need them); changes are admin and owner.
export const settingsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  const api = (req: Parameters<typeof contextFrom>[1]) => settings(contextFrom(deps, req));

  app.get('/settings/size', async (req) => (await api(req).sizes()).map(legacy));
  app.get('/settings/uom', async (req) => (await api(req).units()).map(legacy));
  app.get('/settings/category', async (req) =>
    (await call(api(req).categories, asSent(bodyOf(req.query)))).map(legacy),
  );

  app.post('/settings/size', async (req, reply) =>
    reply.status(201).send(saved(await call(api(req).addSize, asSent(bodyOf(req.body))))),
  );
  app.post('/settings/uom', async (req, reply) =>
    reply.status(201).send(saved(await call(api(req).addUnit, asSent(bodyOf(req.body))))),
  );
  app.post('/settings/category', async (req, reply) =>
    reply.status(201).send(saved(await call(api(req).addCategory, asSent(bodyOf(req.body))))),
  );

  app.put<ById>('/settings/size/:id', async (req) =>
    saved(await call(api(req).updateSize, asSent({ ...bodyOf(req.body), id: req.params.id }))),
  );
  app.put<ById>('/settings/uom/:id', async (req) =>
    saved(await call(api(req).updateUnit, asSent({ ...bodyOf(req.body), id: req.params.id }))),
  );
  app.put<ById>('/settings/category/:id', async (req) =>
    saved(await call(api(req).updateCategory, asSent({ ...bodyOf(req.body), id: req.params.id }))),
  );

  app.delete<ById>('/settings/size/:id', (req) => call(api(req).deleteSize, { id: req.params.id }));
  app.delete<ById>('/settings/uom/:id', (req) => call(api(req).deleteUnit, { id: req.params.id }));
  app.delete<ById>('/settings/category/:id', (req) => call(api(req).deleteCategory, { id: req.params.id }));

  // Anything else under /api/settings answers 404 in the settings shape, {error}.
  const unknownRoute = async (req: { method: string; url: string }) => {
    throw fail.notFound(
      `No such settings route: ${req.method} ${shownPath(req.url)}. The lists are size, category and uom.`,
    );
  };
  app.all('/settings', unknownRoute);
  app.all('/settings/*', unknownRoute);
};
