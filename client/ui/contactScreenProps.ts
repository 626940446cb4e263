import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { TRPCClientErrorLike } from '@trpc/client';
import type { TRPCQueryKeyWithoutPrefix } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import type { AppRouter } from '../../server/trpc/appRouter';
import type { Page } from '../../shared/schemas/paging';
import type { useReportedMutation } from './outcome';
import type { PagedColumn } from './PagedTable';
import type { RecordFormField } from './RecordFormModal';
import type { RecordField } from './RecordView';

// What a contact screen (suppliers, customers) gives ContactScreen.tsx: its words, columns,
// form, view and procedures.

/** Every contact record: its key, its name, and when it was added and last changed. */
export interface ContactRecord {
  id: number;
  name: string;
  createdAt: Date;
  updatedAt: Date | null;
}

/** The words of one contact screen, from its domain's shared `<DOMAIN>_TEXT`. */
interface ContactTexts {
  title: string;
  add: string;
  edit: string;
  view: string;
  /** "suppliers": the word after "Showing x-y of n". */
  noun: string;
  empty: string;
  searchPlaceholder: string;
  required: string;
  saved: string;
  addFailed: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a procedure's answer, error and context types are its own.
type Procedure<In> = Parameters<typeof useReportedMutation<any, In, any, any>>[0];

export interface ContactScreenProps<
  Row extends ContactRecord,
  Values extends Record<string, string>,
  SortField extends string,
  SearchField extends string,
  Input extends object = Values,
> {
  texts: ContactTexts;
  /** The filter dropdown: which field the search box looks in, with its label. */
  searchFields: readonly { value: SearchField; label: string }[];
  defaultSearchField: SearchField;
  /** The table's columns before the times and Actions, which every contact screen has. */
  columns: PagedColumn<Row, SortField>[];
  /** Headers of the created and updated columns ("Created At", "Created"). */
  timeHeaders: { created: string; updated: string };
  /** The record's business id, for buttons' names ("Edit SUP-001"). */
  codeOf: (row: Row) => string;
  form: {
    fields: RecordFormField<Values>[];
    blank: Values;
    valuesOf: (row: Row) => Values;
    /** A check after the required one (a number's range), before anything is sent. */
    check?: (values: Values) => { key?: keyof Values & string; text: string } | null;
    /** What is sent from what the form holds, where they differ (a number typed as text). */
    toInput?: (values: Values) => Input;
  };
  /** The view dialog's fields, before the created and updated times. */
  viewFields: (row: Row) => RecordField[];
  /** Anything the view dialog shows below the fields (a customer's purchases). */
  viewExtra?: (row: Row) => ReactNode;
  procedures: {
    list: (input: {
      page: number;
      limit: number;
      search: string;
      field?: SortField;
      order?: 'asc' | 'desc';
      searchField: SearchField;
    }) => UseQueryOptions<Page<Row>, TRPCClientErrorLike<AppRouter>, Page<Row>, TRPCQueryKeyWithoutPrefix>;
    /** The list's key without input: every page and search of it is refetched after a change. */
    listKey: QueryKey;
    add: Procedure<Input>;
    update: Procedure<Input & { id: number }>;
    delete: Procedure<{ id: number }>;
  };
}
