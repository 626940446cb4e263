// The receipt's print rules (80 mm, the sheet alone): a reading prints as a receipt does.
import '../receipt.css';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPeso } from '../../../../shared/money';
import { SHIFT_TEXT } from '../../../../shared/texts/shifts';
import { failureText } from '../../../errors';
import { useTRPC } from '../../../trpc';
import { toastOutcome } from '../../../ui/outcome';
import { PrinterButton } from '../../../ui/PrinterButton';
import { useLastShown } from '../../../ui/useLastShown';
import { PRINT_CLASSES } from '../printClasses';
import { type Reading, ReadingSheet, readingTitle } from './ReadingSheet';

type XReading = Extract<Reading, { kind: 'X' }>;
type Movement = XReading['movements'][number];

/**
 * Void a cash movement of an open shift, with why (never printed). Managers and up void at
 * once; a staff void is held for a manager's approval (the server answers which).
 */
function VoidCash({ reading }: { reading: XReading }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [voiding, setVoiding] = useState<Movement | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const mutation = useMutation(
    trpc.shifts.voidCash.mutationOptions({
      ...toastOutcome({ success: SHIFT_TEXT.cashVoidedOk, failure: SHIFT_TEXT.voidFailed }, () => {
        setVoiding(null);
        void queryClient.invalidateQueries(trpc.shifts.pathFilter());
      }),
      onError: (e) => setError(failureText(e, SHIFT_TEXT.voidFailed)),
    }),
  );
  const live = reading.movements.filter((m) => !m.voidedAt);
  if (reading.closedAt || live.length === 0) return null;
  const submit = () => {
    if (!voiding) return;
    if (!reason.trim()) return setError(SHIFT_TEXT.voidReason);
    mutation.mutate({ id: voiding.id, reason: reason.trim() });
  };
  return (
    <Stack gap={6} className="receipt-actions" aria-label="Void cash">
      {voiding ? (
        <Stack gap="xs">
          <Text size="sm">{SHIFT_TEXT.confirmVoid(voiding.type, formatPeso(voiding.amount))}</Text>
          <TextInput
            label="Why void it"
            withAsterisk
            maxLength={200}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="compact-sm" onClick={() => setVoiding(null)}>
              Keep it
            </Button>
            <Button color="red" size="compact-sm" loading={mutation.isPending} onClick={submit}>
              Void
            </Button>
          </Group>
        </Stack>
      ) : (
        live.map((m) => (
          <Group key={m.id} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {m.type === 'in' ? 'Cash in' : 'Cash out'} {formatPeso(m.amount)}: {m.reason}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              aria-label={`Void cash ${m.type} of ${formatPeso(m.amount)}`}
              onClick={() => {
                setVoiding(m);
                setReason('');
                setError(undefined);
              }}
            >
              Void
            </Button>
          </Group>
        ))
      )}
    </Stack>
  );
}

/**
 * An X or Z reading in a dialog with Print and Close (the Counter's and End of Day's). A shift's
 * reading is read again while shown, so a void shows at once; a closed shift's is its close slip.
 */
export function ReadingDialog({ reading, onClose }: { reading: Reading | null; onClose: () => void }) {
  const trpc = useTRPC();
  const shown = useLastShown(reading);
  const profile = useQuery(trpc.settings.shopProfile.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const shiftId = shown?.kind === 'X' ? shown.shiftId : 0;
  const live = useQuery({
    ...trpc.shifts.reading.queryOptions({ id: shiftId }),
    enabled: reading !== null && shown?.kind === 'X' && !shown.closedAt,
  });
  const sheet: Reading | null =
    shown?.kind === 'X' && !shown.closedAt && live.data && live.data.shiftId === shown.shiftId
      ? { ...live.data, kind: 'X' }
      : shown;
  const terminals = useQuery(trpc.terminals.list.queryOptions(undefined, { staleTime: 60_000 }));
  const terminal = terminals.data?.find((t) => t.id === sheet?.terminalId);
  const title = !sheet ? 'Reading' : readingTitle(sheet);
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
        {sheet ? <ReadingSheet reading={sheet} profile={profile.data} terminal={terminal} /> : null}
        {sheet?.kind === 'X' ? <VoidCash reading={sheet} /> : null}
        <Group justify="flex-end" gap="sm" className="receipt-actions">
          <PrinterButton
            document={sheet?.kind === 'Z' ? 'zReading' : 'xReading'}
            id={!sheet ? null : sheet.kind === 'Z' ? sheet.number : sheet.shiftId}
          />
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
