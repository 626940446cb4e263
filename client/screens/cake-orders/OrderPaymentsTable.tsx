import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import { CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { formatDateTime } from '../../../shared/time';
import { NOWRAP } from '../../ui/plain';
import type { CakeOrder } from './orders';

const L = S.labels;

/** The order's deposits, balance payments and refunds (a refund negative), with cash tendered and change. */
export function OrderPaymentsTable({ order }: { order: CakeOrder }) {
  if (order.payments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {S.none}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing={4} aria-label={L.payments} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{L.when}</Table.Th>
            <Table.Th>{L.kind}</Table.Th>
            <Table.Th>{L.method}</Table.Th>
            <Table.Th>{L.reference}</Table.Th>
            <Table.Th ta="right">{L.amount}</Table.Th>
            <Table.Th>{L.by}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td style={NOWRAP}>{formatDateTime(p.at)}</Table.Td>
              <Table.Td>{S.kinds[p.kind]}</Table.Td>
              <Table.Td style={NOWRAP}>{p.method}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {p.reference ?? ''}
                {p.change ? (
                  <Text size="xs" c="dimmed">
                    {`${S.cashTendered} ${formatPeso(p.cashTendered ?? 0)} · ${S.change} ${formatPeso(p.change)}`}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {p.kind === 'refund' ? `-${formatPeso(p.amount)}` : formatPeso(p.amount)}
              </Table.Td>
              <Table.Td>{p.by ?? 'Unknown'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
