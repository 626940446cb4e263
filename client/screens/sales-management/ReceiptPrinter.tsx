import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PRINTERS_TEXT as T } from '../../../shared/texts/printers';
import { failureText } from '../../errors';
import { deviceTerminalId } from '../../terminal';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { toast } from '../../ui/outcome';
import type { PrintOutcome } from '../../ui/printOutcome';

type CheckoutAnswer = RouterOutputs['sales']['checkout'];

// What the automatic print did at each checkout of this page, by SALE- id: the checkout
// keeps it before it opens the receipt dialog, which reads it.
const atCheckouts = new Map<string, CheckoutAnswer['print']>();
export const keepCheckoutPrint = (answer: CheckoutAnswer) => {
  if (answer.print) atCheckouts.set(answer.sale.saleId, answer.print);
};

/**
 * The receipt printer's part in a sale's receipt dialog: what the automatic print at checkout
 * did (kept from the checkout's answer by keepCheckoutPrint), and a
 * retry through printers.print. `printed` once the original came out of the printer: the
 * browser's print is then a reprint.
 */
export function useReceiptPrinter(saleRef: string | null) {
  const trpc = useTRPC();
  const atCheckout = saleRef === null ? undefined : atCheckouts.get(saleRef);
  const [retried, setRetried] = useState<{ saleRef: string; outcome: PrintOutcome } | null>(null);
  const print = useMutation(
    trpc.printers.print.mutationOptions({
      onError: (error) => toast(failureText(error, T.printFailed), 'error'),
    }),
  );
  const outcome: PrintOutcome | undefined =
    (retried && retried.saleRef === saleRef ? retried.outcome : undefined) ?? atCheckout;
  return {
    outcome,
    printed: outcome?.printed === true,
    pending: print.isPending,
    /** Prints the sale's receipt at this device's terminal: its original while none has come out. */
    retry: (id: number, original: boolean) => {
      if (saleRef === null) return;
      const ref = saleRef;
      print.mutate(
        { document: 'receipt', id, terminalId: deviceTerminalId(), original },
        { onSuccess: (answer) => setRetried({ saleRef: ref, outcome: answer }) },
      );
    },
  };
}

export type ReceiptPrinter = ReturnType<typeof useReceiptPrinter>;

/** Printed: a quiet line. Not printed: the printer's message and Print; the browser's print stays below. */
export function ReceiptPrinterOutcome({
  printer,
  onRetry,
}: {
  printer: ReceiptPrinter;
  onRetry: () => void;
}) {
  const { outcome } = printer;
  if (!outcome) return null;
  if (outcome.printed)
    return (
      <Text size="sm" c="green.8" role="status" className="receipt-screen-only">
        {T.autoPrinted}
      </Text>
    );
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg="red.0"
      component="section"
      aria-label="Receipt printer"
      className="receipt-screen-only"
    >
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Text size="sm" c="red.9" role="alert">
          {outcome.message}
        </Text>
        <Button
          size="sm"
          color="red"
          leftSection={<IconPrinter size={16} />}
          loading={printer.pending}
          onClick={onRetry}
          style={{ flexShrink: 0 }}
        >
          {T.retry}
        </Button>
      </Group>
    </Paper>
  );
}
