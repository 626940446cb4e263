import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { FORM_TEXT } from '../../shared/texts/fields';
import { formatDateTime } from '../../shared/time';
import { useChangesHeld } from '../shell/useSessionUser';
import { confirmThen } from './confirm';
import type { ContactRecord, ContactScreenProps } from './contactScreenProps';
import { useReportedMutation } from './outcome';
import { type PagedColumn, PagedTable } from './PagedTable';
import { RecordFormModal } from './RecordFormModal';
import { RecordView } from './RecordView';
import { useListState } from './useListState';

type FormState<Row> = { mode: 'add' } | { mode: 'edit'; row: Row } | null;

/**
 * Supplier and Customer Management (and any screen like them): a filter
 * dropdown and a search box sent to the server, Add, a paged sortable table with Edit and
 * View, the add/edit form (an edit asks for confirmation first), and the view dialog
 * with Delete. A staff user's edit or delete comes back as a request and shows as info.
 */
export function ContactScreen<
  Row extends ContactRecord,
  Values extends Record<string, string>,
  SortField extends string,
  SearchField extends string,
  Input extends object = Values,
>(props: ContactScreenProps<Row, Values, SortField, SearchField, Input>) {
  const { texts, procedures, codeOf } = props;
  const { fields: formFields, blank, valuesOf, check, toInput } = props.form;
  const queryClient = useQueryClient();
  const isStaff = useChangesHeld();
  const list = useListState<SortField>();
  // On a narrow screen (the tablet) the two action buttons stack, so the table scrolls sideways less.
  const narrow = useMediaQuery('(max-width: 62em)') ?? false;
  const [searchField, setSearchField] = useState<SearchField>(props.defaultSearchField);
  const rows = useQuery({
    ...procedures.list({ ...list.input, searchField }),
    placeholderData: keepPreviousData,
  });
  const [form, setForm] = useState<FormState<Row>>(null);
  const [viewing, setViewing] = useState<Row | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: procedures.listKey });

  const closeForm = () => setForm(null);
  const add = useReportedMutation(procedures.add, { success: texts.saved, failure: texts.addFailed }, () => {
    refresh();
    closeForm();
  });
  const update = useReportedMutation(
    procedures.update,
    { success: texts.saved, failure: texts.updateFailed },
    () => {
      refresh();
      closeForm();
    },
  );
  const remove = useReportedMutation(
    procedures.delete,
    { success: texts.deleted, failure: texts.deleteFailed },
    () => {
      refresh();
      setViewing(null);
    },
  );

  const editing = form?.mode === 'edit' ? form.row : null;
  // Stable while the form is open, so what is typed is kept until it closes.
  const initial = useMemo(() => (editing ? valuesOf(editing) : blank), [editing, valuesOf, blank]);
  const save = (values: Values) => {
    // Without toInput the form's values are the input (Input defaults to Values).
    const input = toInput ? toInput(values) : (values as unknown as Input);
    if (!editing) return add.mutate(input);
    // An edit asks first; an add saves directly.
    confirmThen(FORM_TEXT.confirmSave, () => update.mutate({ ...input, id: editing.id }));
  };

  const columns: PagedColumn<Row, SortField>[] = [
    ...props.columns,
    {
      header: props.timeHeaders.created,
      sort: 'createdAt' as SortField,
      cell: (r) => breakableDateTime(r.createdAt),
    },
    {
      header: props.timeHeaders.updated,
      sort: 'updatedAt' as SortField,
      cell: (r) => (r.updatedAt ? breakableDateTime(r.updatedAt) : ''),
    },
    {
      header: 'Actions',
      nowrap: !narrow,
      cell: (r) => (
        <Group gap="xs" wrap={narrow ? 'wrap' : 'nowrap'}>
          <Button
            size="xs"
            variant="light"
            onClick={(event) => {
              event.stopPropagation();
              setForm({ mode: 'edit', row: r });
            }}
            aria-label={`Edit ${codeOf(r)}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={(event) => {
              event.stopPropagation();
              setViewing(r);
            }}
            aria-label={`View ${codeOf(r)}`}
          >
            View
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={1}>{texts.title}</Title>
      <Group gap="sm" wrap="nowrap">
        <Select
          aria-label="Search by"
          data={props.searchFields.map((f) => ({ value: f.value, label: f.label }))}
          value={searchField}
          onChange={(value) => {
            if (!value) return;
            setSearchField(value as SearchField);
            list.setPage(1);
          }}
          allowDeselect={false}
          w={160}
          style={{ flexShrink: 0 }}
        />
        <TextInput
          aria-label="Search"
          type="search"
          placeholder={texts.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 0 }}
          maw={480}
        />
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setForm({ mode: 'add' })}
          ml="auto"
          style={{ flexShrink: 0 }}
        >
          {texts.add}
        </Button>
      </Group>
      <PagedTable
        caption={texts.title}
        columns={columns}
        data={rows.data}
        list={list}
        rowKey={(r) => r.id}
        emptyText={texts.empty}
        noun={texts.noun}
        loading={rows.isPending}
        // A tap anywhere on a row opens it, so a narrow table never hides what can be done.
        onRowClick={setViewing}
      />
      <RecordFormModal
        title={editing ? texts.edit : texts.add}
        opened={form !== null}
        initial={initial}
        fields={formFields}
        requiredText={texts.required}
        check={check}
        note={editing && isStaff ? ACTION_REQUEST_TEXT.staffEditNote : undefined}
        saving={add.isPending || update.isPending}
        onSave={save}
        onClose={closeForm}
      />
      <RecordView
        title={texts.view}
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        name={viewing?.name ?? ''}
        fields={
          viewing
            ? [
                ...props.viewFields(viewing),
                { label: 'Created At', value: formatDateTime(viewing.createdAt) },
                { label: 'Updated At', value: viewing.updatedAt ? formatDateTime(viewing.updatedAt) : '' },
              ]
            : []
        }
        deleting={remove.isPending}
        onDelete={viewing ? () => remove.mutate({ id: viewing.id }) : undefined}
        onEdit={
          viewing
            ? () => {
                setForm({ mode: 'edit', row: viewing });
                setViewing(null);
              }
            : undefined
        }
      >
        {viewing && props.viewExtra ? props.viewExtra(viewing) : null}
      </RecordView>
    </Stack>
  );
}

/**
 * "Jan 5, 2026, 9:13 AM" that may wrap only between the date and the time, so a narrow
 * table (the tablet) shows two tidy lines instead of a wide column or ragged pieces.
 */
function breakableDateTime(at: Date): string {
  const text = formatDateTime(at).replace(/ /g, '\u00a0');
  const split = text.lastIndexOf(',\u00a0');
  return split < 0 ? text : `${text.slice(0, split + 1)} ${text.slice(split + 2)}`;
}
