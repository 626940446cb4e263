import '../receipt.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { useTRPC } from '../../../trpc';
import { ReadingSheet } from './ReadingSheet';

const CLASSES = {
  overlay: 'receipt-overlay',
  inner: 'receipt-inner',
  content: 'receipt-content',
  header: 'receipt-header',
  body: 'receipt-body',
};

/** A reading in a dialog with Print (the receipt's 80 mm layout) and Close. */
export function ReadingDialog({
  reading,
  onClose,
}: {
  reading: ComponentProps<typeof ReadingSheet>['reading'] | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const profile = useQuery(trpc.settings.shopProfile.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  return (
    <Modal
      opened={reading !== null}
      onClose={onClose}
      title={reading ? `${reading.kind} reading` : ''}
      centered
      size={420}
      classNames={CLASSES}
    >
      <Stack gap="md">
        {reading ? (
          <ReadingSheet reading={reading} profile={profile.data} />
        ) : (
          <Text c="dimmed">Loading...</Text>
        )}
        <Group justify="flex-end" gap="sm" className="receipt-actions">
          <Button variant="light" onClick={() => window.print()}>
            Print
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
