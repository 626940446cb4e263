import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FORM_TEXT } from '../../../shared/texts/fields';
import { SETTINGS_LABELS, SETTINGS_TEXT } from '../../../shared/texts/settings';
import { formatDateTime } from '../../../shared/time';
import { confirmThen } from '../../ui/confirm';
import { type Column, ListTable } from '../../ui/ListTable';
import { EntryModal, type ModalTarget } from './EntryModal';
import type { ListApi, SettingEntry } from './useSettingsLists';

/**
 * One settings list: its add button and a table of Name (plus any extra
 * columns, such as a category's Type), Created At and Actions with Edit and Delete;
 * and the modal that adds or edits one of its entries.
 */
export function SettingsSection<Entry extends SettingEntry>({
  api,
  extraColumns = [],
  describe = (entry) => entry.name,
}: {
  api: ListApi<Entry>;
  extraColumns?: Column<Entry>[];
  /** How a row is named on its buttons ("Edit Chocolate (cake)"), where names can repeat. */
  describe?: (entry: Entry) => string;
}) {
  const { section, add } = SETTINGS_LABELS[api.list];
  const [target, setTarget] = useState<ModalTarget | null>(null);
  const close = () => setTarget(null);
  const onAdd = () => setTarget({ list: api.list });
  const onEdit = (entry: Entry) => setTarget({ list: api.list, entry });
  const actions = (entry: Entry) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => onEdit(entry)} aria-label={`Edit ${describe(entry)}`}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        aria-label={`Delete ${describe(entry)}`}
        onClick={() => confirmThen(FORM_TEXT.confirmDelete(entry.name), () => api.delete(entry))}
      >
        Delete
      </Button>
    </Group>
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={section}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Title order={2} size="h3">
            {section}
          </Title>
          <Button size="sm" onClick={onAdd}>
            {`+ ${add}`}
          </Button>
        </Group>
        <ListTable
          caption={section}
          rows={api.rows}
          rowKey={(entry) => entry.id}
          loading={api.loading}
          emptyText={SETTINGS_TEXT.noRows(api.list)}
          columns={[
            {
              header: 'Name',
              cell: (entry) => (
                // Between words only ("Buttercream" stays whole at 1366 px); a single word
                // longer than the column still breaks rather than widening the page.
                <Text size="sm" style={{ overflowWrap: 'break-word', minWidth: 'min-content' }}>
                  {entry.name}
                </Text>
              ),
            },
            ...extraColumns,
            { header: 'Created At', cell: (entry) => formatDateTime(entry.createdAt), nowrap: true },
            { header: 'Actions', cell: actions, nowrap: true },
          ]}
        />
      </Stack>
      <EntryModal
        target={target}
        saving={api.saving}
        onSave={(draft) => api.save(draft, close)}
        onClose={close}
      />
    </Paper>
  );
}
