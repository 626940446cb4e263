import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CategoryType,
  SETTINGS_LABELS,
  SETTINGS_TEXT,
  type SettingsList,
} from '../../../shared/schemas/settings';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { useReportedMutation } from '../../ui/outcome';

export type SettingEntry = RouterOutputs['settings']['sizes'][number];
export type CategoryEntry = RouterOutputs['settings']['categories'][number];

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

const saveTexts = (list: SettingsList) => ({
  success: 'Saved.',
  failure: SETTINGS_TEXT.saveFailed(SETTINGS_LABELS[list].one),
});
const deleteTexts = { success: 'Deleted.', failure: SETTINGS_TEXT.deleteFailed };

/** Refetches every settings list after a change (the inventory and cake forms read them too). */
function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries(trpc.settings.pathFilter());
}

export function useSizes(): ListApi<SettingEntry> {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const rows = useQuery(trpc.settings.sizes.queryOptions());
  const add = useReportedMutation(trpc.settings.addSize, saveTexts('size'), refresh);
  const update = useReportedMutation(trpc.settings.updateSize, saveTexts('size'), refresh);
  const remove = useReportedMutation(trpc.settings.deleteSize, deleteTexts, refresh);
  return {
    list: 'size',
    rows: rows.data,
    loading: rows.isPending,
    saving: add.isPending || update.isPending,
    save: ({ id, name }, done) =>
      id === undefined
        ? add.mutate({ name }, { onSuccess: done })
        : update.mutate({ id, name }, { onSuccess: done }),
    remove: (entry) => remove.mutate({ id: entry.id }),
  };
}

export function useUnits(): ListApi<SettingEntry> {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const rows = useQuery(trpc.settings.units.queryOptions());
  const add = useReportedMutation(trpc.settings.addUnit, saveTexts('uom'), refresh);
  const update = useReportedMutation(trpc.settings.updateUnit, saveTexts('uom'), refresh);
  const remove = useReportedMutation(trpc.settings.deleteUnit, deleteTexts, refresh);
  return {
    list: 'uom',
    rows: rows.data,
    loading: rows.isPending,
    saving: add.isPending || update.isPending,
    save: ({ id, name }, done) =>
      id === undefined
        ? add.mutate({ name }, { onSuccess: done })
        : update.mutate({ id, name }, { onSuccess: done }),
    remove: (entry) => remove.mutate({ id: entry.id }),
  };
}

export function useCategories(): ListApi<CategoryEntry> {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const rows = useQuery(trpc.settings.categories.queryOptions({}));
  const add = useReportedMutation(trpc.settings.addCategory, saveTexts('category'), refresh);
  const update = useReportedMutation(trpc.settings.updateCategory, saveTexts('category'), refresh);
  const remove = useReportedMutation(trpc.settings.deleteCategory, deleteTexts, refresh);
  return {
    list: 'category',
    rows: rows.data,
    loading: rows.isPending,
    saving: add.isPending || update.isPending,
    // The modal checks the type first; the server refuses a missing one all the same.
    save: ({ id, name, type }, done) => {
      const input = { name, type: type as CategoryType };
      if (id === undefined) add.mutate(input, { onSuccess: done });
      else update.mutate({ id, ...input }, { onSuccess: done });
    },
    remove: (entry) => remove.mutate({ id: entry.id }),
  };
}
