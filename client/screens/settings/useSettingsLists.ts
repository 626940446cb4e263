import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryType, SettingsList } from '../../../shared/schemas/settings';
import { SETTINGS_LABELS, SETTINGS_TEXT } from '../../../shared/texts/settings';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { useReportedMutation } from '../../ui/outcome';
import type { Procedure, QueryOptionsOf } from '../../ui/procedures';

export type SettingEntry = RouterOutputs['settings']['sizes'][number];

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
  remove: (entry: Entry) => void;
}

/** One list's procedures, and what its add and edit send besides the id. */
interface ListProcedures<Entry, In> {
  rows: QueryOptionsOf<Entry[]>;
  add: Procedure<In>;
  update: Procedure<In & { id: number }>;
  remove: Procedure<{ id: number }>;
  inputOf: (draft: Draft) => In;
}

const deleteTexts = { success: 'Deleted.', failure: SETTINGS_TEXT.deleteFailed };
const nameOnly = ({ name }: Draft) => ({ name });

function useSettingsList<Entry extends SettingEntry, In>(
  list: SettingsList,
  { rows, add, update, remove, inputOf }: ListProcedures<Entry, In>,
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
    remove: (entry) => removing.mutate({ id: entry.id }),
  };
}

/** The three lists of the Settings screen, by the list each is. */
export function useSettingsLists() {
  const { settings } = useTRPC();
  const size = useSettingsList('size', {
    rows: settings.sizes.queryOptions(),
    add: settings.addSize,
    update: settings.updateSize,
    remove: settings.deleteSize,
    inputOf: nameOnly,
  });
  const category = useSettingsList('category', {
    rows: settings.categories.queryOptions({}),
    add: settings.addCategory,
    update: settings.updateCategory,
    remove: settings.deleteCategory,
    // The modal checks the type first; the server refuses a missing one all the same.
    inputOf: ({ name, type }) => ({ name, type: type as CategoryType }),
  });
  const uom = useSettingsList('uom', {
    rows: settings.units.queryOptions(),
    add: settings.addUnit,
    update: settings.updateUnit,
    remove: settings.deleteUnit,
    inputOf: nameOnly,
  });
  return { size, category, uom };
}
