import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FORM_TEXT } from '../../shared/texts/fields';
import { confirmThen } from './confirm';

export interface RecordField {
  label: string;
  value: ReactNode;
}

/**
 * The view dialog of every contact screen: the record's fields as label and value,
 * anything extra below (a movement history), and Delete behind a confirmation.
 */
export function RecordView({
  title,
  opened,
  onClose,
  fields,
  name,
  onDelete,
  deleting,
  onEdit,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  fields: RecordField[];
  /** The record's name, for 'Are you sure you want to delete "{name}"?'. */
  name: string;
  onDelete?: () => void;
  deleting?: boolean;
  onEdit?: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      <Stack>
        <Table variant="vertical" withTableBorder aria-label={title}>
          <Table.Tbody>
            {fields.map((f) => (
              <Table.Tr key={f.label}>
                <Table.Th w={170}>{f.label}</Table.Th>
                <Table.Td>{f.value === '' || f.value == null ? <Text c="dimmed">—</Text> : f.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {children}
        <Group justify="flex-end" gap="sm">
          {onDelete ? (
            <Button
              color="red"
              variant="light"
              loading={deleting}
              onClick={() => confirmThen(FORM_TEXT.confirmDelete(name), onDelete, 'Delete')}
            >
              Delete
            </Button>
          ) : null}
          {onEdit ? (
            <Button variant="light" onClick={onEdit}>
              Edit
            </Button>
          ) : null}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
