import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { PRINT_DOCUMENTS } from '../../shared/texts/printers';
import { PRINTERS_TEXT as T } from '../../shared/texts/printers';
import { failureText } from '../errors';
import { useDeviceTerminal } from '../terminal';
import { useTRPC } from '../trpc';
import { toast } from './outcome';
import { toastPrint } from './printOutcome';

/**
 * Prints a document on this device's terminal's receipt printer (the server lays it out and
 * sends it); shown only where that terminal has one. The browser's Print stays beside it as
 * the fallback, and this button stays after a failure, so pressing it again is the retry.
 */
export function PrinterButton({
  document,
  id,
}: {
  document: (typeof PRINT_DOCUMENTS)[number];
  /** The record printed; null while it is not there yet. */
  id: number | null;
}) {
  const trpc = useTRPC();
  const { terminal } = useDeviceTerminal();
  const print = useMutation(
    trpc.printers.print.mutationOptions({
      onSuccess: (answer) => toastPrint(answer, T.printed),
      onError: (error) => toast(failureText(error, T.documentFailed), 'error'),
    }),
  );
  if (!terminal?.hasPrinter || id === null) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconPrinter size={18} />}
      loading={print.isPending}
      onClick={() => print.mutate({ document, id, terminalId: terminal.id })}
    >
      {T.printButton}
    </Button>
  );
}
