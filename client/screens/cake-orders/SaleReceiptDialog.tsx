import '../sales-management/receipt.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { PRINT_CLASSES } from '../sales-management/printClasses';
import { Receipt } from '../sales-management/Receipt';
import { useReceiptPrint } from '../sales-management/useReceiptPrint';

/**
 * The pickup's sale receipt (by its SALE- id), as the counter prints it on 80 mm paper: the
 * original right after the pickup (`fresh`), a counted reprint any other time.
 */
export function SaleReceiptDialog({
  saleRef,
  onClose,
  fresh = false,
}: {
  saleRef: string | null;
  onClose: () => void;
  fresh?: boolean;
}) {
  const { receipt, query, original, print, printing } = useReceiptPrint(saleRef, fresh);
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
        {receipt ? (
          <Receipt receipt={receipt} />
        ) : (
          <Text c="dimmed" ta="center">
            {query.isError ? SALES_TEXT.notFound : 'Loading...'}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" className="receipt-actions">
          <Button disabled={!receipt} loading={printing} onClick={print}>
            {original ? S.print : 'Reprint'}
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
