import type { FastifyPluginAsync } from 'fastify';
import { SETTINGS_LABELS, SETTINGS_LISTS, type SettingsList } from '../../../shared/texts/settings';
import { fail, shownPath } from '../../lib/errors';
import { asSent, bodyOf, call } from '../../transport/restShapes';
import { contextFrom, type RestOptions } from '../../trpc/procedures';
import { restCallers } from '../../trpc/restCaller';
import { settingsRouter } from './router';
import type { Saved, SettingEntry } from './service';

const settings = restCallers(settingsRouter);
type SettingsCaller = ReturnType<typeof settings>;

type ById = { Params: { id: string } };

/** The legacy shape: `_id` beside the fields (and `type` for a category). */
const legacy = <Entry extends SettingEntry>({ id, ...entry }: Entry) => ({ _id: id, ...entry });
const saved = <Entry extends SettingEntry>(answer: Saved<Entry>) => ({
  message: answer.message,
  record: legacy(answer.record),
});

/** One list's procedures; a body or query string is passed on whole, its names are the procedures' own. */
interface ListProcedures {
  list(query: Record<string, unknown>): Promise<SettingEntry[]>;
  add(body: Record<string, unknown>): Promise<Saved<SettingEntry>>;
  update(body: Record<string, unknown> & { id: unknown }): Promise<Saved<SettingEntry>>;
  delete(input: { id: unknown }): Promise<{ message: string }>;
}

/** The router behind /api/settings/{list}: a category list is filtered by type, the others take nothing. */
function proceduresOf(caller: SettingsCaller, list: SettingsList): ListProcedures {
  if (list === 'category') {
    const c = caller.categories;
    return { list: (query) => call(c.list, asSent(query)), add: c.add, update: c.update, delete: c.delete };
  }
  const c = caller[SETTINGS_LABELS[list].router];
  return { list: () => c.list(), add: c.add, update: c.update, delete: c.delete };
}

const NAMES = `${SETTINGS_LISTS.slice(0, -1).join(', ')} and ${SETTINGS_LISTS.at(-1)}`;

// /api/settings/{list} for each list: GET, POST, PUT and DELETE /:id. Errors answer {error}
// (server/transport/rest.ts). Every list is open to every role (the forms' selects need them);
// changes are admin and owner.
export const settingsRest: FastifyPluginAsync<RestOptions> = async (app, { deps }) => {
  for (const list of SETTINGS_LISTS) {
    const api = (req: Parameters<typeof contextFrom>[1]) =>
      proceduresOf(settings(contextFrom(deps, req)), list);
    const path = `/settings/${list}`;

    app.get(path, async (req) => (await api(req).list(bodyOf(req.query))).map(legacy));
    app.post(path, async (req, reply) =>
      reply.status(201).send(saved(await call(api(req).add, asSent(bodyOf(req.body))))),
    );
    app.put<ById>(`${path}/:id`, async (req) =>
      saved(await call(api(req).update, asSent({ ...bodyOf(req.body), id: req.params.id }))),
    );
    app.delete<ById>(`${path}/:id`, (req) => call(api(req).delete, { id: req.params.id }));
  }

  // Anything else under /api/settings answers 404 in the settings shape, {error}.
  const unknownRoute = async (req: { method: string; url: string }) => {
    throw fail.notFound(
      `No such settings route: ${req.method} ${shownPath(req.url)}. The lists are ${NAMES}.`,
    );
  };
  app.all('/settings', unknownRoute);
  app.all('/settings/*', unknownRoute);
};
