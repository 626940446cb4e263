import '@mantine/core/styles/Table.css';
import { Box, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatQuantity } from '../../../shared/quantity';
import { REORDER_TEXT } from '../../../shared/texts/reorder';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { useReportedMutation } from '../../ui/outcome';
import { NOWRAP } from '../../ui/plain';
import { useRefreshPurchaseOrders } from './purchasing';

type Supplier = RouterOutputs['reorder']['suggestions']['suppliers'][number];

const labels = REORDER_TEXT.labels;
const daysFormat = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 1 });

/** One supplier's items to reorder, with the button that drafts a purchase order of them. */
function SupplierSuggestions({
  supplier,
  drafting,
  onDraft,
}: {
  supplier: Supplier;
  drafting: boolean;
  onDraft: () => void;
}) {
  const withUnit = (milli: number, unit: string | null) =>
    `${formatQuantity(milli)}${unit ? ` ${unit}` : ''}`;
  return (
    <Box component="section" aria-label={supplier.name}>
      <Group justify="space-between" gap="sm" mb={4}>
        <Box>
          <Title order={3} fz="md">
            {supplier.name}{' '}
            <Text span size="xs" c="dimmed">
              {supplier.supplierId}
            </Text>
          </Title>
          <Text size="xs" c="dimmed">
            {REORDER_TEXT.leadTime(supplier.leadTimeDays)}
          </Text>
        </Box>
        <Button size="xs" loading={drafting} onClick={onDraft}>
          {REORDER_TEXT.createDraft}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={0} type="native">
        {/* Fixed widths, so every supplier's columns line up. */}
        <Table striped verticalSpacing={6} layout="fixed" miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="36%">{labels.item}</Table.Th>
              <Table.Th ta="right">{labels.stock}</Table.Th>
              <Table.Th ta="right">{labels.sold}</Table.Th>
              <Table.Th ta="right">{labels.daysLeft}</Table.Th>
              <Table.Th ta="right">{labels.suggested}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {supplier.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm">{item.name}</Text>
                  <Text size="xs" c="dimmed">
                    {item.itemId}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {withUnit(item.stock, item.unit)}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {withUnit(item.soldLast28Days, item.unit)}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {item.daysLeft === null ? REORDER_TEXT.notSold : daysFormat.format(item.daysLeft)}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP} fw={600}>
                  {withUnit(item.suggestedQuantity, item.unit)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

/**
 * Reorder suggestions inside Purchasing: each supplier with the items that will run out within
 * its lead time plus a week, or are at or below their threshold, and what to order. "Create
 * draft PO" makes a Draft of one supplier's suggestions and opens it (`onDrafted`).
 */
export function ReorderSuggestions({
  opened,
  onClose,
  onDrafted,
}: {
  opened: boolean;
  onClose: () => void;
  onDrafted: (purchaseOrderId: number) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshOrders = useRefreshPurchaseOrders();
  // Sales at the counter and orders change them at any time: read afresh each time it opens.
  const query = useQuery({ ...trpc.reorder.suggestions.queryOptions(), enabled: opened, staleTime: 0 });
  const draft = useReportedMutation(
    trpc.reorder.draft,
    { success: REORDER_TEXT.drafted, failure: REORDER_TEXT.draftFailed },
    (result) => {
      refreshOrders();
      void queryClient.invalidateQueries(trpc.reorder.pathFilter());
      onDrafted((result as { purchaseOrder: { id: number } }).purchaseOrder.id);
    },
  );
  const suppliers = query.data?.suppliers;

  return (
    <Modal opened={opened} onClose={onClose} title={REORDER_TEXT.title} centered size="xl">
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {REORDER_TEXT.intro}
        </Text>
        {suppliers ? (
          suppliers.length === 0 ? (
            <Text ta="center">{REORDER_TEXT.empty}</Text>
          ) : (
            suppliers.map((supplier) => (
              <SupplierSuggestions
                key={supplier.id}
                supplier={supplier}
                drafting={draft.isPending && draft.variables?.supplierId === supplier.supplierId}
                onDraft={() => draft.mutate({ supplierId: supplier.supplierId })}
              />
            ))
          )
        ) : (
          <Text c="dimmed" ta="center">
            {query.isError ? REORDER_TEXT.loadFailed : 'Loading...'}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
