// The receipt's print rules (80 mm, the sheet alone): a reading prints as a receipt does.
import '../receipt.css';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../trpc';
import { useLastShown } from '../../../ui/useLastShown';
import { PRINT_CLASSES } from '../printClasses';
import { type Reading, ReadingSheet } from './ReadingSheet';

/** An X or Z reading in a dialog with Print and Close (the Counter's and End of Day's). */
export function ReadingDialog({ reading, onClose }: { reading: Reading | null; onClose: () => void }) {
  const trpc = useTRPC();
  const shown = useLastShown(reading);
  const profile = useQuery(trpc.settings.shopProfile.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const title = !shown ? 'Reading' : shown.kind === 'X' ? 'X reading' : `Z reading #${shown.number}`;
  return (
    <Modal
      opened={reading !== null}
      onClose={onClose}
      title={title}
      centered
      size={420}
      classNames={PRINT_CLASSES}
    >
      <Stack gap="md">
        {shown ? <ReadingSheet reading={shown} profile={profile.data} /> : null}
        <Group justify="flex-end" gap="sm" className="receipt-actions">
          <Button variant="light" leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
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
