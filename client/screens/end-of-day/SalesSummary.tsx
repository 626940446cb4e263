import '@mantine/core/styles/Table.css';
import { Button, Group, Stack, Table } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatCalendarDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { SidewaysScroll } from '../../ui/SidewaysScroll';
import { useDownload } from '../../ui/useDownload';
import { DateRange, type DaysTabProps } from './DateRange';
import { EmptyRow, PesoCells } from './tableParts';
import { END_OF_DAY_TEXT } from './text';

const HEADERS = [
  'Date',
  'Terminal',
  'Beginning invoice',
  'Ending invoice',
  'Gross sales',
  'VATable sales',
  'VAT',
  'VAT-exempt',
  'Zero-rated',
  'SC discount',
  'PWD discount',
  'SC 5% discount',
  'Other discounts',
  'Refunds',
  'Net sales',
  'Z counter',
  'Grand total',
];
const MONEY_FROM = 4;

/**
 * The sales summary BIR asks the shop to keep (its backend sales report): per day and terminal,
 * from that day's Z readings, the invoices covered and the sales by tax treatment and discount,
 * the Z counter and the accumulated grand total; and its .xlsx.
 */
export function SalesSummary({ days, onDays, today }: DaysTabProps) {
  const trpc = useTRPC();
  const { busy: exporting, download } = useDownload(END_OF_DAY_TEXT.summaryExportFailed);
  const summary = useQuery({
    ...trpc.bir.salesSummary.queryOptions(days.shown),
    placeholderData: keepPreviousData,
  });
  const terminals = useQuery(trpc.terminals.list.queryOptions(undefined, { staleTime: 60_000 }));
  const terminalName = (id: number | null) => terminals.data?.find((t) => t.id === id)?.name ?? '';
  const rows = summary.data?.days ?? [];
  const exportSummary = () => {
    const { from, to } = days.shown;
    void download(
      `/api/bir/sales-summary?${new URLSearchParams({ from, to, format: 'xlsx' })}`,
      `sales_summary_${from}_to_${to}.xlsx`,
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
          onClick={exportSummary}
        >
          Export to Excel
        </Button>
      </Group>
      <SidewaysScroll caption="Sales summary">
        <Table striped verticalSpacing="xs" aria-label="Sales summary">
          <Table.Thead>
            <Table.Tr>
              {HEADERS.map((h, n) => (
                <Table.Th
                  key={h}
                  style={{ whiteSpace: 'nowrap' }}
                  ta={n >= MONEY_FROM && h !== 'Z counter' ? 'right' : undefined}
                >
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.date}-${r.terminalId}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(r.date)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{terminalName(r.terminalId)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.beginningInvoice ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.endingInvoice ?? '—'}</Table.Td>
                <PesoCells
                  values={[
                    r.grossSales,
                    r.vatableSales,
                    r.vatAmount,
                    r.vatExemptSales,
                    r.zeroRatedSales,
                    r.discounts.SC,
                    r.discounts.PWD,
                    r.discounts.SC5,
                    r.discounts.other,
                    r.refundsAmount,
                    r.netSales,
                  ]}
                  headers={HEADERS.slice(MONEY_FROM)}
                />
                <Table.Td>{r.zCounter}</Table.Td>
                <PesoCells values={[r.presentGrandTotal]} headers={['Grand total']} />
              </Table.Tr>
            ))}
            {rows.length === 0 ? (
              <EmptyRow columns={HEADERS.length} query={summary} empty={END_OF_DAY_TEXT.noSummaryRows} />
            ) : null}
          </Table.Tbody>
        </Table>
      </SidewaysScroll>
    </Stack>
  );
}
