import { Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatQuantity } from '../../../shared/quantity';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { PESO_INPUT } from '../../ui/inputs';
import { useReportedMutation } from '../../ui/outcome';
import type { PurchaseOrder } from './purchasing';
import { checkReceive, type ReceiveLineDraft, receiveDraftOf, receiveInputOf } from './receiveDraft';
import { PO_SCREEN_TEXT } from './text';

/**
 * Taking a delivery in: each open line with how much came (all of what is open, to start
 * with), its expiration date, its cost if it changed, and the supplier's lot code. A line
 * left blank is not in this delivery; the rest of the order stays open for the next one.
 */
export function ReceiveModal({
  order,
  onClose,
  onReceived,
}: {
  order: PurchaseOrder | null;
  onClose: () => void;
  onReceived: () => void;
}) {
  const trpc = useTRPC();
  const [lines, setLines] = useState<ReceiveLineDraft[]>([]);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<number, string>>({});
  useEffect(() => {
    setLines(order ? receiveDraftOf(order) : []);
    setReference('');
    setErrors({});
  }, [order]);
  const receive = useReportedMutation(
    trpc.purchaseOrders.receive,
    { success: PO_SCREEN_TEXT.received, failure: PO_SCREEN_TEXT.receiveFailed },
    () => {
      onReceived();
      onClose();
    },
  );
  const set = (itemId: number, change: Partial<ReceiveLineDraft>) =>
    setLines((all) => all.map((line) => (line.itemId === itemId ? { ...line, ...change } : line)));
  const submit = () => {
    if (!order) return;
    const found = checkReceive(lines, manilaDate());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input = receiveInputOf(order.id, reference, lines);
    if (input.lines.length === 0) {
      setErrors({ 0: PURCHASING_TEXT.receiveLinesRequired });
      return;
    }
    receive.mutate(input);
  };

  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={order ? PURCHASING_TEXT.receiveTitle(order.poNumber) : PURCHASING_TEXT.receive}
      centered
      size="xl"
    >
      {order ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {order.supplierName}
          </Text>
          <TextInput
            label={PO_SCREEN_TEXT.reference}
            placeholder={PO_SCREEN_TEXT.referencePlaceholder}
            maxLength={80}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
          <Table.ScrollContainer minWidth={640} type="native">
            <Table verticalSpacing={6} aria-label={PO_SCREEN_TEXT.deliveredLines}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{PURCHASING_TEXT.labels.item}</Table.Th>
                  <Table.Th>{PO_SCREEN_TEXT.open}</Table.Th>
                  <Table.Th>{PO_SCREEN_TEXT.receivedNow}</Table.Th>
                  <Table.Th>{PO_SCREEN_TEXT.expires}</Table.Th>
                  <Table.Th>{PURCHASING_TEXT.labels.unitCost}</Table.Th>
                  <Table.Th>{PO_SCREEN_TEXT.lotCode}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => (
                  <Table.Tr key={line.itemId}>
                    <Table.Td>
                      <Text size="sm">{line.name}</Text>
                      {errors[line.itemId] ? (
                        <Text size="xs" c="red.8" role="alert">
                          {errors[line.itemId]}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatQuantity(line.open)} {line.unit ?? ''}
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${PO_SCREEN_TEXT.receivedNow}: ${line.name}`}
                        decimalScale={3}
                        min={0}
                        w={100}
                        value={line.quantity}
                        onChange={(quantity) => set(line.itemId, { quantity })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`${PO_SCREEN_TEXT.expires}: ${line.name}`}
                        type="date"
                        min={manilaDate()}
                        value={line.expirationDate}
                        onChange={(e) => set(line.itemId, { expirationDate: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${PURCHASING_TEXT.labels.unitCost}: ${line.name}`}
                        {...PESO_INPUT}
                        w={110}
                        value={line.unitCost}
                        onChange={(unitCost) => set(line.itemId, { unitCost })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`${PO_SCREEN_TEXT.lotCode}: ${line.name}`}
                        maxLength={40}
                        w={120}
                        value={line.lotCode}
                        onChange={(e) => set(line.itemId, { lotCode: e.currentTarget.value })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {errors[0] ? (
            <Text size="sm" c="red.8" role="alert">
              {errors[0]}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={receive.isPending} onClick={submit}>
              {PO_SCREEN_TEXT.receiveSubmit}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
