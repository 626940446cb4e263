import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { RECEIPT_TEXT } from '../../../shared/texts/receipt';
import { failureText } from '../../errors';
import { useTRPC } from '../../trpc';
import { toast } from '../../ui/outcome';
import { useLastShown } from '../../ui/useLastShown';
import type { ReceiptContents } from './Receipt';

/**
 * A sale's invoice in a print dialog (by its SALE- id). Printed right after the sale it is the
 * original; any later print is a reprint: the server counts it (sales.reprint) and the sheet
 * printed is the one it answers, saying REPRINT and its count.
 */
export function useReceiptPrint(saleRef: string | null, fresh: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const shown = useLastShown(saleRef);
  const query = useQuery({
    ...trpc.sales.receipt.queryOptions({ id: shown ?? '' }),
    enabled: shown !== null,
    staleTime: 0,
  });
  // The sale whose original was printed in this dialog: a second print is a reprint.
  const [printedOriginal, setPrintedOriginal] = useState<string | null>(null);
  const [reprinted, setReprinted] = useState<ReceiptContents | null>(null);
  const reprint = useMutation(
    trpc.sales.reprint.mutationOptions({
      onSuccess: (answer) => {
        // On the sheet before the print dialog takes its picture of the page.
        flushSync(() => setReprinted(answer.receipt));
        window.print();
        queryClient.setQueryData(trpc.sales.receipt.queryKey({ id: answer.receipt.saleId }), answer.receipt);
        void queryClient.invalidateQueries(trpc.sales.today.pathFilter());
      },
      onError: (error) => toast(failureText(error, RECEIPT_TEXT.reprintFailed), 'error'),
    }),
  );
  const data = query.data;
  const receipt =
    reprinted && data && reprinted.id === data.id && reprinted.reprint > data.reprint ? reprinted : data;
  const original =
    fresh && receipt !== undefined && printedOriginal !== receipt.saleId && receipt.reprint === 0;
  const print = () => {
    if (!receipt) return;
    if (original) {
      setPrintedOriginal(receipt.saleId);
      window.print();
    } else reprint.mutate({ id: receipt.id });
  };
  return { receipt, query, original, print, printing: reprint.isPending };
}
