import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryType } from '../../../shared/schemas/settings';
import {
  type NamedList,
  SETTINGS_LABELS,
  SETTINGS_TEXT,
  type SettingsList,
} from '../../../shared/texts/settings';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { useReportedMutation } from '../../ui/outcome';
import type { Procedure, QueryOptionsOf } from '../../ui/procedures';

export type SettingEntry = RouterOutputs['settings']['sizes']['list'][number];
export type CategoryEntry = RouterOutputs['settings']['categories']['list'][number];

/** What the add/edit modal sends: a name, and a type for a category; `id` when editing. */
export interface Draft {
  id?: number;
  name: string;
  type?: CategoryType;
}

/** One settings list as a section uses it: its rows, and save and delete that report themselves. */
export interface ListApi<Entry extends SettingEntry> {
  list: SettingsList;
  rows: Entry[] | undefined;
  loading: boolean;
  saving: boolean;
  /** Adds or edits; `done` runs only when the server accepted it (the modal closes then). */
  save: (draft: Draft, done: () => void) => void;
  delete: (entry: Entry) => void;
}

/** One list's procedures, and what its add and edit send besides the id. */
interface ListProcedures<Entry, In> {
  rows: QueryOptionsOf<Entry[]>;
  add: Procedure<In>;
  update: Procedure<In & { id: number }>;
  delete: Procedure<{ id: number }>;
  inputOf: (draft: Draft) => In;
}

const deleteTexts = { success: 'Deleted.', failure: SETTINGS_TEXT.deleteFailed };
const nameOnly = ({ name }: Draft) => ({ name });

function useSettingsList<Entry extends SettingEntry, In>(
  list: SettingsList,
  { rows, add, update, delete: remove, inputOf }: ListProcedures<Entry, In>,
): ListApi<Entry> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Every settings list is refetched: the inventory and cake forms read them too.
  const refresh = () => void queryClient.invalidateQueries(trpc.settings.pathFilter());
  const saveTexts = { success: 'Saved.', failure: SETTINGS_TEXT.saveFailed(SETTINGS_LABELS[list].one) };
  const entries = useQuery(rows);
  const adding = useReportedMutation(add, saveTexts, refresh);
  const updating = useReportedMutation(update, saveTexts, refresh);
  const removing = useReportedMutation(remove, deleteTexts, refresh);
  return {
    list,
    rows: entries.data,
    loading: entries.isPending,
    saving: adding.isPending || updating.isPending,
    save: (draft, done) =>
      draft.id === undefined
        ? adding.mutate(inputOf(draft), { onSuccess: done })
        : updating.mutate({ id: draft.id, ...inputOf(draft) }, { onSuccess: done }),
    delete: (entry) => removing.mutate({ id: entry.id }),
  };
}

/** A list that holds a name only, through its router (`settings.sizes`, `settings.units`, ...). */
export function useNamedList(list: NamedList): ListApi<SettingEntry> {
  const procedures = useTRPC().settings[SETTINGS_LABELS[list].router];
  return useSettingsList(list, {
    rows: procedures.list.queryOptions(),
    add: procedures.add,
    update: procedures.update,
    delete: procedures.delete,
    inputOf: nameOnly,
  });
}

/** The categories, each with its type. */
export function useCategoryList(): ListApi<CategoryEntry> {
  const { categories } = useTRPC().settings;
  return useSettingsList('category', {
    rows: categories.list.queryOptions({}),
    add: categories.add,
    update: categories.update,
    delete: categories.delete,
    // The modal checks the type first; the server refuses a missing one all the same.
    inputOf: ({ name, type }) => ({ name, type: type as CategoryType }),
  });
}
