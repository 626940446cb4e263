import '../sales-management/receipt.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { useTRPC } from '../../trpc';
import { useLastShown } from '../../ui/useLastShown';
import { PRINT_CLASSES } from '../sales-management/printClasses';
import { Receipt } from '../sales-management/Receipt';

/** The pickup's sale receipt (by its SALE- id), as the counter prints it on 80 mm paper. */
export function SaleReceiptDialog({ saleRef, onClose }: { saleRef: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const shown = useLastShown(saleRef);
  const sale = useQuery({ ...trpc.sales.get.queryOptions({ id: shown ?? '' }), enabled: shown !== null });
  const profile = useQuery(trpc.settings.shopProfile.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  return (
    <Modal
      opened={saleRef !== null}
      onClose={onClose}
      title={S.receiptTitle}
      centered
      size={420}
      classNames={PRINT_CLASSES}
    >
      <Stack gap="md">
        {sale.data ? (
          <Receipt sale={sale.data} profile={profile.data} />
        ) : (
          <Text c="dimmed" ta="center">
            {sale.isError ? SALES_TEXT.notFound : 'Loading...'}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" className="receipt-actions">
          <Button disabled={!sale.data} onClick={() => window.print()}>
            {S.print}
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
