import '@mantine/core/styles/Table.css';
import { Badge, Button, Group, Stack, Table } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { SidewaysScroll } from '../../ui/SidewaysScroll';
import { useDownload } from '../../ui/useDownload';
import { DateRange, type DaysTabProps } from './DateRange';
import { EmptyRow, PesoCells } from './tableParts';
import { END_OF_DAY_TEXT } from './text';

const HEADERS = ['Date', 'Sale ID', 'Type', 'Name', 'ID Number', 'Gross', 'Discount', 'SC 5%', 'Net'];
const MONEY = new Set(['Gross', 'Discount', 'SC 5%', 'Net']);

/** The SC/PWD sales book (BIR) of a range of days, oldest first, and its .xlsx export. */
export function ScPwdBook({ days, onDays, today }: DaysTabProps) {
  const trpc = useTRPC();
  const { busy: exporting, download } = useDownload(END_OF_DAY_TEXT.exportFailed);
  const book = useQuery({
    ...trpc.shifts.scPwdBook.queryOptions(days.shown),
    placeholderData: keepPreviousData,
  });
  const rows = book.data?.rows ?? [];
  const exportBook = () => {
    const { from, to } = days.shown;
    void download(
      `/api/sc-pwd-book/export?${new URLSearchParams({ from, to })}`,
      `sc_pwd_book_${from}_to_${to}.xlsx`,
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <DateRange value={days.chosen} onChange={onDays} today={today} />
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} />}
          loading={exporting}
          onClick={exportBook}
        >
          Export to Excel
        </Button>
      </Group>
      <SidewaysScroll caption="SC/PWD sales book">
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="SC/PWD sales book">
          <Table.Thead>
            <Table.Tr>
              {HEADERS.map((h) => (
                <Table.Th key={h} style={{ whiteSpace: 'nowrap' }} ta={MONEY.has(h) ? 'right' : undefined}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.saleId}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.soldAt)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap="xs" wrap="nowrap">
                    {r.saleId}
                    {r.status === 'refunded' ? (
                      <Badge color="red" variant="light" size="sm">
                        Refunded
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{r.type}</Table.Td>
                {/* A long name wraps, but never into a sliver. */}
                <Table.Td miw={160} style={{ overflowWrap: 'anywhere' }}>
                  {r.name}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.idNumber}</Table.Td>
                <PesoCells values={[r.gross, r.discount, r.sc5Discount, r.net]} headers={HEADERS.slice(5)} />
              </Table.Tr>
            ))}
            {rows.length === 0 ? (
              <EmptyRow columns={HEADERS.length} query={book} empty={END_OF_DAY_TEXT.noBookRows} />
            ) : null}
          </Table.Tbody>
        </Table>
      </SidewaysScroll>
    </Stack>
  );
}
