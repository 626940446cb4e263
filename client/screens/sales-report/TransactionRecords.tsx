import '@mantine/core/styles/Table.css';
import { Badge, Box, Paper, Table, Text, Title } from '@mantine/core';
import { useThrottledCallback } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SALES_REPORT_PAGE_SIZE } from '../../../shared/constants';
import { formatPeso } from '../../../shared/money';
import type { PeriodInput } from '../../../shared/schemas/reports';
import { REPORT_TEXT } from '../../../shared/texts/reports';
import { formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { OfflineBadge } from '../../ui/OfflineBadge';

/** More rows when the scroll is within 80 px of the bottom, checked at most every 100 ms. */
const NEAR_BOTTOM_PX = 80;
const SCROLL_THROTTLE_MS = 100;

/**
 * The period's sales, newest first, six at a time as the list scrolls; a row
 * opens its receipt. Each page starts after the last row shown, so sales made meanwhile
 * never repeat or push a row out.
 */
export function TransactionRecords({
  period,
  onOpen,
}: {
  period: PeriodInput;
  onOpen: (saleId: string) => void;
}) {
  const trpc = useTRPC();
  const records = useInfiniteQuery(
    trpc.reports.records.infiniteQueryOptions(
      { period, limit: SALES_REPORT_PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const box = useRef<HTMLDivElement>(null);
  const rows = records.data?.pages.flatMap((p) => p.records) ?? [];
  const { hasNextPage, isFetching, fetchNextPage } = records;

  const loadIfNearBottom = () => {
    const el = box.current;
    if (!el || !hasNextPage || isFetching) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX) void fetchNextPage();
  };
  const onScroll = useThrottledCallback(loadIfNearBottom, SCROLL_THROTTLE_MS);
  // A tall screen may show every row without scrolling: keep loading until it can scroll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever a page arrives
  useEffect(loadIfNearBottom, [rows.length, hasNextPage, isFetching]);

  const status =
    records.isPending || isFetching ? REPORT_TEXT.loading : hasNextPage ? '' : REPORT_TEXT.noMoreRecords;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Transaction Records">
      <Title order={2} size="h3" mb="sm">
        Transaction Records
      </Title>
      <Box ref={box} onScroll={onScroll} mah={340} style={{ overflow: 'auto' }} data-testid="records-scroll">
        <Table stickyHeader highlightOnHover verticalSpacing="xs" miw={860} aria-label="Transaction Records">
          <Table.Thead>
            <Table.Tr>
              {[
                'Sale ID',
                'Invoice No.',
                'Customer',
                'Order Type',
                'Total Amount',
                'Payment Method',
                'Date',
              ].map((h) => (
                <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr
                key={r.id}
                onClick={() => onOpen(r.saleId)}
                onKeyDown={(e) => (e.key === 'Enter' ? onOpen(r.saleId) : undefined)}
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                aria-label={`Open the receipt of ${r.saleId}`}
              >
                {/* The id stays whole; the badge goes under it when the column is narrow (a tablet). */}
                <Table.Td>
                  <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {r.saleId}
                  </Text>{' '}
                  {r.status === 'refunded' ? (
                    <Badge color="red" variant="light" size="sm">
                      {REPORT_TEXT.refunded}
                    </Badge>
                  ) : null}{' '}
                  <OfflineBadge sale={r} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.invoiceNumber ?? '—'}</Table.Td>
                <Table.Td>{r.customerName}</Table.Td>
                <Table.Td>{r.orderType}</Table.Td>
                <Table.Td
                  style={{ whiteSpace: 'nowrap' }}
                  td={r.status === 'refunded' ? 'line-through' : undefined}
                >
                  {formatPeso(r.totalAmount)}
                </Table.Td>
                <Table.Td>{r.paymentMethod}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.soldAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text c="dimmed" ta="center" size="sm" py="sm" aria-live="polite">
          {rows.length === 0 && !records.isPending && !isFetching ? REPORT_TEXT.noRecords : status}
        </Text>
      </Box>
    </Paper>
  );
}
