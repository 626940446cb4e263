import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import { Group, Pagination, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { formatPeso } from '../../../shared/money';
import type { PeriodInput } from '../../../shared/schemas/reports';
import { REPORT_TEXT } from '../../../shared/texts/reports';
import { useTRPC } from '../../trpc';

const count = new Intl.NumberFormat('en-PH');

interface Col<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures line up on the right, as on a printed report. */
  figure?: boolean;
}

function Breakdown<Row>({
  title,
  columns,
  rows,
  rowKey,
  footer,
}: {
  title: string;
  columns: Col<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  footer?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      <Table verticalSpacing="xs" aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} ta={c.figure ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows?.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" size="sm">
                  {REPORT_TEXT.nothingSold}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {rows?.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td
                  key={c.header}
                  ta={c.figure ? 'right' : undefined}
                  style={c.figure ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
                >
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {footer}
    </Paper>
  );
}

/**
 * The period's sales by cashier and by item, beside each other on the counter's screen and
 * one above the other on a tablet. Refunded sales are out of the figures, as everywhere in
 * the report; a cashier's refunds are counted beside their sales.
 */
export function SalesBreakdowns({ period }: { period: PeriodInput }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [shownPeriod, setShownPeriod] = useState(period);
  if (shownPeriod !== period) {
    // A new period starts its item list from the top.
    setShownPeriod(period);
    setPage(1);
  }
  const cashiers = useQuery({
    ...trpc.reports.byCashier.queryOptions(period),
    placeholderData: keepPreviousData,
  });
  const items = useQuery({
    ...trpc.reports.byItem.queryOptions({ period, page, limit: 10 }),
    placeholderData: keepPreviousData,
  });
  const data = items.data;
  const first = data && data.total > 0 ? (data.page - 1) * data.limit + 1 : 0;
  const last = data ? Math.min(data.page * data.limit, data.total) : 0;

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Breakdown
        title={REPORT_TEXT.byCashier}
        rows={cashiers.data}
        rowKey={(r) => r.cashierId ?? 0}
        columns={[
          { header: 'Cashier', cell: (r) => r.cashier },
          { header: 'Sales', figure: true, cell: (r) => count.format(r.transactions) },
          { header: 'Total Sales', figure: true, cell: (r) => formatPeso(r.totalSales) },
          { header: 'Discounts', figure: true, cell: (r) => formatPeso(r.discounts) },
          {
            header: 'Refunds',
            figure: true,
            cell: (r) => (r.refunds ? `${count.format(r.refunds)} (${formatPeso(r.refundedAmount)})` : '0'),
          },
        ]}
      />
      <Breakdown
        title={REPORT_TEXT.byItem}
        rows={data?.rows}
        rowKey={(r) => `${r.kind}:${r.code}`}
        columns={[
          { header: 'Item', cell: (r) => r.name },
          { header: 'Qty', figure: true, cell: (r) => count.format(r.quantity) },
          { header: 'Revenue', figure: true, cell: (r) => formatPeso(r.revenue) },
          { header: 'Cost', figure: true, cell: (r) => formatPeso(r.cost) },
          {
            header: 'Profit',
            figure: true,
            cell: (r) => (
              <Text span size="sm" c={r.profit < 0 ? 'red.7' : undefined} fw={r.profit < 0 ? 700 : undefined}>
                {formatPeso(r.profit)}
              </Text>
            ),
          },
        ]}
        footer={
          data && data.total > 0 ? (
            <Group justify="space-between" mt="sm" gap="xs">
              <Text size="sm" c="dimmed">{`Showing ${first}-${last} of ${data.total} items`}</Text>
              {data.totalPages > 1 ? (
                <Pagination
                  size="sm"
                  total={data.totalPages}
                  value={page}
                  onChange={setPage}
                  aria-label={`${REPORT_TEXT.byItem} pages`}
                />
              ) : null}
            </Group>
          ) : null
        }
      />
    </SimpleGrid>
  );
}
