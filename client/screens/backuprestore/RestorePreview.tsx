import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { RestoreOutcome } from '../../../shared/schemas/backup';

export interface Preview {
  area: string;
  title: string;
  file: File;
  outcome: RestoreOutcome;
}

function Count({ label, n }: { label: string; n: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`restore-${label.toLowerCase().replace(/ /g, '-')}`}>
        {n.toLocaleString('en-PH')}
      </Text>
    </div>
  );
}

/**
 * What the chosen file would do (the server's dry run): rows to add, to update, left as
 * they are, and every refused row with its reason. Restore applies it; a file with a
 * refused row cannot be applied (nothing would be), so the person fixes it first.
 */
export function RestorePreview({
  preview,
  applying,
  onApply,
  onClose,
}: {
  preview: Preview | null;
  applying: boolean;
  onApply: () => void;
  onClose: () => void;
}) {
  const outcome = preview?.outcome;
  const refused = outcome?.rejected ?? [];
  const nothingToDo = outcome ? outcome.added + outcome.updated === 0 : true;
  return (
    <Modal
      opened={preview !== null}
      onClose={onClose}
      title={`Restore ${preview?.title ?? ''}`}
      centered
      size="lg"
    >
      {preview && outcome && (
        <Stack gap="md">
          <Text size="sm">
            From <b>{preview.file.name}</b>. Rows are matched on their ID; nothing on file is deleted.
          </Text>
          <SimpleGrid cols={3}>
            <Count label="To add" n={outcome.added} />
            <Count label="To update" n={outcome.updated} />
            <Count label="Unchanged" n={outcome.unchanged} />
          </SimpleGrid>
          {refused.length > 0 && (
            <>
              <Alert
                color="red"
                title={`${refused.length} ${refused.length === 1 ? 'row' : 'rows'} cannot be restored`}
              >
                Nothing will be restored until they are fixed in the file (or removed from it).
              </Alert>
              <Table.ScrollContainer minWidth={420} maxHeight={260}>
                <Table striped aria-label="Rows that cannot be restored">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Sheet</Table.Th>
                      <Table.Th>Row</Table.Th>
                      <Table.Th>Reason</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {refused.map((r) => (
                      <Table.Tr key={`${r.sheet}:${r.row}`}>
                        <Table.Td>{r.sheet}</Table.Td>
                        <Table.Td>{r.row}</Table.Td>
                        <Table.Td>{r.reason}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
          {refused.length === 0 && nothingToDo && (
            <Alert color="blue">
              Everything in this file is already on file: there is nothing to restore.
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={applying}
              disabled={refused.length > 0 || nothingToDo}
              onClick={onApply}
            >
              Restore
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
