import './receipt.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { deviceTerminalId } from '../../terminal';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { useReportedMutation } from '../../ui/outcome';
import { PrinterButton } from '../../ui/PrinterButton';
import { OfflineSaleNote } from './OfflineSaleNote';
import { PRINT_CLASSES } from './printClasses';
import { useRefreshProducts } from './products';
import { Receipt } from './Receipt';
import { ReceiptPrinterOutcome, useReceiptPrinter } from './ReceiptPrinter';
import { useReceiptPrint } from './useReceiptPrint';

/**
 * The receipt of one sale (by its SALE- id) with Refund (behind a confirmation; a
 * staff refund becomes a request and says so), Print or Reprint (the 80 mm layout of
 * receipt.css; a reprint is counted by the server and prints REPRINT) and Close. A refunded
 * sale says Refunded and offers no second refund.
 */
export function ReceiptDialog({
  saleRef,
  onClose,
  onClosed,
  reprint = true,
}: {
  saleRef: string | null;
  onClose: () => void;
  /** Once it has gone: where the focus goes next (the counter's search box); else back where it was. */
  onClosed?: () => void;
  /** false right after the sale: its first print is the original; any other print is a reprint. */
  reprint?: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshProducts();
  // A receipt the printer printed at checkout is out already: the browser's print is a reprint.
  const printer = useReceiptPrinter(saleRef);
  const {
    receipt: current,
    query,
    original,
    print,
    printing,
  } = useReceiptPrint(saleRef, !reprint && !printer.printed);
  const refund = useReportedMutation(
    trpc.sales.refund,
    { success: SALES_TEXT.refunded, failure: SALES_TEXT.refundFailed },
    () => {
      void queryClient.invalidateQueries(trpc.sales.pathFilter());
      void queryClient.invalidateQueries(trpc.reports.pathFilter());
      refresh();
    },
  );

  return (
    <Modal
      opened={saleRef !== null}
      onClose={onClose}
      title="Receipt"
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
      centered
      size={420}
      classNames={PRINT_CLASSES}
    >
      <Stack gap="md">
        <ReceiptPrinterOutcome
          printer={printer}
          onRetry={() => current && printer.retry(current.id, original)}
        />
        {current ? (
          <Receipt receipt={current} />
        ) : (
          <Text c="dimmed" ta="center">
            {query.isError ? SALES_TEXT.notFound : 'Loading...'}
          </Text>
        )}
        <OfflineSaleNote saleId={current?.id ?? null} />
        <Group justify="flex-end" gap="sm" className="receipt-actions">
          {/* A sale kept on the device (id 0) is refunded once the server has it. */}
          {current && current.id !== 0 && current.status !== 'refunded' ? (
            <Button
              color="red"
              variant="light"
              loading={refund.isPending}
              onClick={() =>
                confirmThen(
                  SALES_TEXT.confirmRefund,
                  () => refund.mutate({ id: current.id, terminalId: deviceTerminalId() }),
                  'Refund',
                )
              }
            >
              Refund
            </Button>
          ) : null}
          {/* A refunded sale's refund slip, on this terminal's receipt printer. */}
          {current && current.id !== 0 && current.status === 'refunded' ? (
            <PrinterButton document="refund" id={current.id} />
          ) : null}
          <Button variant="light" disabled={!current} loading={printing} onClick={print}>
            {original ? 'Print' : 'Reprint'}
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
