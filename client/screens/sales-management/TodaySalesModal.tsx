import { Badge, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { OfflineBadge } from '../../ui/OfflineBadge';

/**
 * Today's sales at the counter (sales.today): found by invoice number, sale id, customer or amount, newest
 * first; a row opens its receipt, with Reprint and Refund. The customer who comes back for
 * a copy is served without the Sales Report.
 */
export function TodaySalesModal({
  opened,
  onClose,
  onOpen,
}: {
  opened: boolean;
  onClose: () => void;
  onOpen: (saleId: string) => void;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 200);
  const found = useQuery({
    ...trpc.sales.today.queryOptions({ search: query }),
    enabled: opened,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = found.data ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title="Today's Sales" size="lg" centered>
      <Stack gap="sm">
        <TextInput
          aria-label="Search today's sales"
          placeholder={SALES_TEXT.todaySearch}
          type="search"
          autoComplete="off"
          data-autofocus
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && rows.length === 1) onOpen(rows[0]!.saleId);
          }}
        />
        {found.isPending ? (
          <Text c="dimmed">Loading...</Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed">{SALES_TEXT.noSalesToday}</Text>
        ) : (
          <Table highlightOnHover aria-label="Today's sales" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice No.</Table.Th>
                <Table.Th>Sale ID</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Cashier</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((sale) => (
                <Table.Tr
                  key={sale.id}
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  onClick={() => onOpen(sale.saleId)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onOpen(sale.saleId);
                    }
                  }}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{sale.invoiceNumber ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{sale.saleId}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(sale.soldAt).split(', ').at(-1)}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {sale.customerName}
                    {sale.status === 'refunded' ? (
                      <Badge color="red" variant="light" ml={6}>
                        Refunded
                      </Badge>
                    ) : null}{' '}
                    <OfflineBadge sale={sale} />
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatPeso(sale.totalAmount)}
                  </Table.Td>
                  <Table.Td>{sale.cashier ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
