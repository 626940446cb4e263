import '@mantine/core/styles/SimpleGrid.css';
import { Modal, type ModalProps, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { ACTION_REQUEST_TEXT } from '../../../shared/texts/actionRequests';
import { useChangesHeld } from '../../shell/useSessionUser';
import { ModalActions } from '../../ui/ModalActions';

/**
 * The item and cake forms' frame: the fields two to a row, anything below them, the
 * staff note on an edit (it will wait for approval), then Cancel and Save.
 */
export function StockFormModal({
  title,
  size,
  opened,
  onClose,
  form,
  fields,
  children,
}: {
  title: string;
  size: ModalProps['size'];
  opened: boolean;
  onClose: () => void;
  form: { editing: unknown; saving: boolean; submit: (event: FormEvent) => void };
  /** The inputs laid out in the grid. */
  fields: ReactNode;
  /** What stands under the grid, full width (the cake's ingredients). */
  children?: ReactNode;
}) {
  const isStaff = useChangesHeld();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <form onSubmit={form.submit} aria-label={title} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            {fields}
          </SimpleGrid>
          {children}
          {form.editing && isStaff ? (
            <Text size="sm" c="dimmed">
              {ACTION_REQUEST_TEXT.staffEditNote}
            </Text>
          ) : null}
          <ModalActions onCancel={onClose} submitLabel="Save" loading={form.saving} />
        </Stack>
      </form>
    </Modal>
  );
}
