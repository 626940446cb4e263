import { Badge, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPeso } from '../../../shared/money';
import { CUSTOMER_TEXT, PURCHASES_SHOWN } from '../../../shared/texts/customers';
import { formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { ListTable } from '../../ui/ListTable';

/** The customer's view: what they bought at the counter, newest first. */
export function CustomerPurchases({ customerId }: { customerId: number }) {
  const trpc = useTRPC();
  const purchases = useQuery(trpc.customers.purchases.queryOptions({ id: customerId }));
  const rows = purchases.data;
  return (
    <Stack gap="xs" component="section" aria-label={CUSTOMER_TEXT.purchases}>
      <Title order={3} size="h5">
        {CUSTOMER_TEXT.purchases}
      </Title>
      <ListTable
        caption={CUSTOMER_TEXT.purchases}
        rows={rows}
        rowKey={(sale) => sale.id}
        loading={purchases.isPending}
        emptyText={CUSTOMER_TEXT.noPurchases}
        columns={[
          { header: 'Sale ID', cell: (sale) => sale.saleId, nowrap: true },
          { header: 'Date', cell: (sale) => formatDateTime(sale.soldAt) },
          { header: 'Payment', cell: (sale) => sale.paymentMethod },
          { header: 'Total', cell: (sale) => formatPeso(sale.totalAmount), nowrap: true },
          {
            header: 'Status',
            cell: (sale) => (
              <Badge variant="light" color={sale.status === 'refunded' ? 'orange' : 'green'} tt="capitalize">
                {sale.status}
              </Badge>
            ),
          },
        ]}
      />
      {rows && rows.length >= PURCHASES_SHOWN ? (
        <Text size="sm" c="dimmed">
          {CUSTOMER_TEXT.purchasesLimit(PURCHASES_SHOWN)}
        </Text>
      ) : null}
    </Stack>
  );
}
