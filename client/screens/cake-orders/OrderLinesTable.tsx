import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import { CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { NOWRAP } from '../../ui/plain';
import { WRAPS } from './OrderFacts';
import type { CakeOrder } from './orders';

const L = S.labels;

/** The order's cakes (catalogue code or Custom), and under them its money: VAT, total, paid, balance due. */
export function OrderLinesTable({ order }: { order: CakeOrder }) {
  const money = (label: string, value: number, strong = false) => (
    <Table.Tr>
      <Table.Td colSpan={3} ta="right" fw={strong ? 700 : undefined}>
        {label}
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP} fw={strong ? 700 : undefined}>
        {formatPeso(value)}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing={6} aria-label={L.lines}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{L.cake}</Table.Th>
            <Table.Th ta="right">{L.quantity}</Table.Th>
            <Table.Th ta="right">{L.price}</Table.Th>
            <Table.Th ta="right">{L.lineTotal}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text size="sm" style={WRAPS}>
                  {line.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {line.cakeId ?? 'Custom'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {formatPeso(line.price)}
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {formatPeso(line.lineTotal)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {order.taxRate ? money(L.subtotal, order.subtotal) : null}
          {order.taxRate ? money(L.vat(order.taxRate), order.taxAmount) : null}
          {money(L.total, order.total, true)}
          {money(L.paid, order.paid)}
          {money(L.balanceDue, order.balanceDue, true)}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
