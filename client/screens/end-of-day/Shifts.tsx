import '@mantine/core/styles/Table.css';
import { Badge, Button, Group, Table, Text, Title } from '@mantine/core';
import { IconClipboardText, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { SHIFT_TEXT } from '../../../shared/texts/shifts';
import { formatDateTime } from '../../../shared/time';
import { failureText } from '../../errors';
import { useSessionUser } from '../../shell/useSessionUser';
import { useTRPC } from '../../trpc';
import { toastOutcome } from '../../ui/outcome';
import { SidewaysScroll } from '../../ui/SidewaysScroll';
import { ReadingDialog } from '../sales-management/shift/ReadingDialog';
import type { Reading } from '../sales-management/shift/ReadingSheet';
import { CloseShiftModal } from '../sales-management/shift/ShiftModals';
import { EmptyRow } from './tableParts';
import { END_OF_DAY_TEXT } from './text';

type Shift = Extract<Reading, { kind: 'X' }>;

// The actions come early: on the tablet the table scrolls sideways, and Close must be in reach.
const HEADERS = ['Shift #', 'Cashier', 'Status', '', 'Opening', 'Expected', 'Counted', 'Variance', 'Opened'];
const MONEY = new Set(['Shift #', 'Opening', 'Expected', 'Counted', 'Variance']);
const peso = (centavos: number | null) => (centavos === null ? '—' : formatPeso(centavos));

/**
 * The day's shifts on End of Day (managers and up): today's, open or closed, and any still open
 * from before (a shift left open on the tablet keeps the Z reading waiting). Each opens its X
 * reading (or close slip); an open one closes here with the cash counted and, for another
 * cashier's shift, why.
 */
export function Shifts({ today }: { today: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const [reading, setReading] = useState<Reading | null>(null);
  const [closing, setClosing] = useState<Shift | null>(null);
  const list = useQuery(trpc.shifts.list.queryOptions({ from: today, to: today }));
  const close = useMutation(
    trpc.shifts.close.mutationOptions({
      ...toastOutcome({ success: SHIFT_TEXT.closedOk, failure: SHIFT_TEXT.closeFailed }, () => {
        void queryClient.invalidateQueries(trpc.shifts.pathFilter());
      }),
      onSuccess: (answer) => {
        toastOutcome({ success: SHIFT_TEXT.closedOk, failure: '' }).onSuccess(answer);
        setClosing(null);
        setReading({ ...answer.reading, kind: 'X' });
        void queryClient.invalidateQueries(trpc.shifts.pathFilter());
      },
    }),
  );
  const rows: Shift[] = (list.data ?? []).map((r) => ({ ...r, kind: 'X' }));
  const open = rows.filter((r) => !r.closedAt).length;

  return (
    <>
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h4">
          {END_OF_DAY_TEXT.shiftsTitle}
        </Title>
        <Text size="sm" c={open ? 'red.9' : 'dimmed'}>
          {open ? END_OF_DAY_TEXT.shiftsOpen(open) : END_OF_DAY_TEXT.shiftsAllClosed}
        </Text>
      </Group>
      <SidewaysScroll caption="Shifts">
        <Table striped verticalSpacing="xs" aria-label="Shifts">
          <Table.Thead>
            <Table.Tr>
              {HEADERS.map((h) => (
                <Table.Th
                  key={h || 'actions'}
                  style={{ whiteSpace: 'nowrap' }}
                  ta={MONEY.has(h) ? 'right' : undefined}
                >
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.shiftId} aria-label={`Shift #${r.shiftId}`}>
                <Table.Td ta="right">{r.shiftId}</Table.Td>
                <Table.Td>{r.cashier}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {r.closedAt ? (
                    <Text size="sm">Closed {formatDateTime(r.closedAt)}</Text>
                  ) : (
                    <Badge color="orange" variant="light">
                      Open
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconClipboardText size={16} />}
                      aria-label={`${r.closedAt ? 'Close slip' : 'X reading'} of shift #${r.shiftId}`}
                      onClick={() => setReading(r)}
                    >
                      {r.closedAt ? 'Slip' : 'X reading'}
                    </Button>
                    {r.closedAt ? null : (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        leftSection={<IconLock size={16} />}
                        aria-label={`Close shift #${r.shiftId}`}
                        onClick={() => {
                          close.reset();
                          setClosing(r);
                        }}
                      >
                        Close
                      </Button>
                    )}
                  </Group>
                </Table.Td>
                {[r.openingCash, r.expectedCash, r.countedCash, r.variance].map((v, n) => (
                  <Table.Td key={HEADERS[4 + n]} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {peso(v)}
                  </Table.Td>
                ))}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.openedAt)}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 ? (
              <EmptyRow columns={HEADERS.length} query={list} empty={END_OF_DAY_TEXT.noShifts} />
            ) : null}
          </Table.Tbody>
        </Table>
      </SidewaysScroll>
      {closing ? (
        <CloseShiftModal
          opened
          onClose={() => setClosing(null)}
          pending={close.isPending}
          expectedCash={closing.expectedCash}
          cashier={closing.cashier === me?.username ? undefined : closing.cashier}
          refusal={close.error ? failureText(close.error, SHIFT_TEXT.closeFailed) : null}
          onCloseShift={(countedCash, reason) => close.mutate({ id: closing.shiftId, countedCash, reason })}
        />
      ) : null}
      <ReadingDialog reading={reading} onClose={() => setReading(null)} />
    </>
  );
}
