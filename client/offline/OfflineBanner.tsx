import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useState } from 'react';
import { formatPeso } from '../../shared/money';
import { COUNTER_OFFLINE_TEXT as T } from '../../shared/texts/offline';
import { formatDateTime } from '../../shared/time';
import { useServerReachable } from './connection';
import { retryRefused, useWaitingSales } from './queue';
import { useSendWaiting } from './useSendWaiting';

/**
 * Over every signed-in screen while the server cannot be reached or sales made offline wait
 * on this device (docs/decisions.md, Selling offline): how many, and the list of them.
 */
export function OfflineBanner() {
  useSendWaiting();
  const reachable = useServerReachable();
  const waiting = useWaitingSales();
  const [open, setOpen] = useState(false);
  if (reachable && waiting.length === 0) return null;
  const refused = waiting.filter((s) => s.refused !== null).length;
  return (
    <>
      <Alert
        color={reachable ? 'blue' : 'orange'}
        icon={<IconCloudOff size={20} aria-hidden />}
        role="status"
        mb="md"
        py="xs"
      >
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div>
            <Text size="sm" fw={700} c={reachable ? 'blue.9' : 'orange.9'}>
              {reachable ? T.waiting(waiting.length) : T.banner(waiting.length)}
            </Text>
            <Text size="sm">{refused > 0 ? T.refused(refused) : T.bannerHint}</Text>
          </div>
          {waiting.length > 0 ? (
            <Button size="xs" variant="light" onClick={() => setOpen(true)}>
              Show waiting sales
            </Button>
          ) : null}
        </Group>
      </Alert>
      <Modal opened={open} onClose={() => setOpen(false)} title="Sales waiting to send" size="lg" centered>
        <Stack gap="sm">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Cashier</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {waiting.map((sale) => (
                <Table.Tr key={sale.saleId}>
                  <Table.Td>{sale.receipt.invoiceNumber}</Table.Td>
                  <Table.Td>{formatDateTime(sale.receipt.soldAt)}</Table.Td>
                  <Table.Td>{sale.receipt.cashier}</Table.Td>
                  <Table.Td ta="right">{formatPeso(sale.receipt.totalAmount)}</Table.Td>
                  <Table.Td>
                    {sale.refused === null ? (
                      'Waiting'
                    ) : (
                      <Stack gap={4}>
                        <Text size="sm" c="red">
                          {sale.refused}
                        </Text>
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => void retryRefused(sale.saleId)}
                        >
                          Send again
                        </Button>
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Modal>
    </>
  );
}
