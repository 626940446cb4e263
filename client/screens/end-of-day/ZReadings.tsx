import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, Select, Stack, Table, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SHIFT_TEXT } from '../../../shared/texts/shifts';
import { formatDateTime } from '../../../shared/time';
import { failureText } from '../../errors';
import { deviceTerminalId } from '../../terminal';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { toast } from '../../ui/outcome';
import { SidewaysScroll } from '../../ui/SidewaysScroll';
import { ReadingDialog } from '../sales-management/shift/ReadingDialog';
import type { Reading } from '../sales-management/shift/ReadingSheet';
import { DateRange, type DaysTabProps } from './DateRange';
import { Shifts } from './Shifts';
import { EmptyRow, PesoCells } from './tableParts';
import { END_OF_DAY_TEXT } from './text';

type ZReading = Extract<Reading, { kind: 'Z' }>;

const HEADERS = [
  'Z #',
  'Terminal',
  'Z counter',
  'Taken at',
  'Sales',
  'Gross',
  'SC/PWD discounts',
  'VAT',
  'VAT-exempt',
  'Refunds',
  'Net',
  'Grand total',
];

/** A fresh key for one confirmation (getRandomValues works over the shop's plain http too). */
function newRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * The Z readings of a range of days, newest first, and Take Z reading (behind a question;
 * refused by the server, with the cashiers named, while a shift is open). Each opening of the
 * question carries its own key, so a second send of that confirmation (a double click, a
 * retry) answers the same reading. A row, or the reading just taken, opens as its printout.
 */
export function ZReadings({ days, onDays, today }: DaysTabProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<ZReading | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);
  const terminals = useQuery(trpc.terminals.list.queryOptions(undefined, { staleTime: 60_000 }));
  const [terminalId, setTerminalId] = useState<number | null>(null);
  // This device's terminal first (a till's own End of Day), else the first terminal.
  const device = terminals.data?.find((t) => t.id === deviceTerminalId())?.id;
  const chosen = terminalId ?? device ?? terminals.data?.[0]?.id ?? null;
  const terminalName = (id: number | null) => terminals.data?.find((t) => t.id === id)?.name ?? '';
  const list = useQuery({
    ...trpc.shifts.zReadings.queryOptions(days.shown),
    placeholderData: keepPreviousData,
  });
  const take = useMutation(
    trpc.shifts.takeZReading.mutationOptions({
      onSuccess: (reading) => {
        toast(SHIFT_TEXT.dayClosed(reading.number), 'success');
        void queryClient.invalidateQueries(trpc.shifts.pathFilter());
        setOpen({ ...reading, kind: 'Z' });
      },
      onError: (error) => {
        const text = failureText(error, END_OF_DAY_TEXT.takeFailed);
        setRefusal(text);
        // Nothing to count since the last Z: taking one anyway is a choice, asked again.
        setEmpty(text === SHIFT_TEXT.nothingToCount(terminalName(chosen)));
      },
    }),
  );
  const rows = list.data ?? [];

  return (
    <Stack gap="md">
      <Shifts today={today} />
      <Title order={2} size="h4" mt="sm">
        {END_OF_DAY_TEXT.zTitle}
      </Title>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <DateRange value={days.chosen} onChange={onDays} today={today} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          {(terminals.data?.length ?? 0) > 1 ? (
            <Select
              label="Terminal"
              w={180}
              allowDeselect={false}
              data={(terminals.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              value={chosen === null ? null : String(chosen)}
              onChange={(v) => {
                setTerminalId(v === null ? null : Number(v));
                setRefusal(null);
                setEmpty(false);
              }}
            />
          ) : null}
          <Button
            leftSection={<IconCalendarCheck size={18} />}
            loading={take.isPending}
            onClick={() => {
              setRefusal(null);
              setEmpty(false);
              const requestKey = newRequestKey();
              confirmThen(
                // One till needs no naming; with several, the question says which.
                END_OF_DAY_TEXT.confirmZ((terminals.data?.length ?? 0) > 1 ? terminalName(chosen) : ''),
                () => take.mutate({ requestKey, terminalId: chosen }),
                'Take Z reading',
              );
            }}
          >
            Take Z reading
          </Button>
        </Group>
      </Group>
      {refusal ? (
        <Alert
          color={empty ? 'yellow' : 'red'}
          withCloseButton
          closeButtonLabel="Close"
          onClose={() => {
            setRefusal(null);
            setEmpty(false);
          }}
        >
          <Stack gap="xs" align="flex-start">
            {refusal}
            {empty ? (
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  const requestKey = newRequestKey();
                  confirmThen(
                    END_OF_DAY_TEXT.confirmEmptyZ,
                    () => take.mutate({ requestKey, terminalId: chosen, allowEmpty: true }),
                    'Take an empty Z reading',
                  );
                }}
              >
                Take an empty Z reading
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <SidewaysScroll caption="Z readings">
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Z readings">
          <Table.Thead>
            <Table.Tr>
              {HEADERS.map((h) => (
                <Table.Th
                  key={h}
                  style={{ whiteSpace: 'nowrap' }}
                  ta={h === 'Taken at' ? undefined : 'right'}
                >
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr
                key={r.number}
                onClick={() => setOpen({ ...r, kind: 'Z' })}
                onKeyDown={(e) => (e.key === 'Enter' ? setOpen({ ...r, kind: 'Z' }) : undefined)}
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                aria-label={`Open Z reading #${r.number}`}
              >
                <Table.Td ta="right">{r.number}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{terminalName(r.terminalId)}</Table.Td>
                <Table.Td ta="right">{r.zCounter}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.takenAt)}</Table.Td>
                <Table.Td ta="right">{r.salesCount}</Table.Td>
                <PesoCells
                  values={[r.gross, r.scPwdDiscounts, r.vat, r.vatExempt, r.refunds, r.net, r.grandTotal]}
                  headers={HEADERS.slice(5)}
                />
              </Table.Tr>
            ))}
            {rows.length === 0 ? (
              <EmptyRow columns={HEADERS.length} query={list} empty={END_OF_DAY_TEXT.noReadings} />
            ) : null}
          </Table.Tbody>
        </Table>
      </SidewaysScroll>
      <ReadingDialog reading={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
