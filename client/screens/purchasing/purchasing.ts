import { useQueryClient } from '@tanstack/react-query';
import { type RouterOutputs, useTRPC } from '../../trpc';

/** A purchase order as the list shows it (no lines, their count). */
export type PoRow = RouterOutputs['purchaseOrders']['list']['rows'][number];
/** A purchase order with its lines, as the view, the form and the printout read it. */
export type PurchaseOrder = RouterOutputs['purchaseOrders']['get'];

/** Refetches every purchase-order query: the list and any order already opened. */
export function useRefreshPurchaseOrders() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries(trpc.purchaseOrders.pathFilter());
}

/** Only a Draft is edited or marked as ordered. */
export const isDraft = (order: { status: string }) => order.status === 'Draft';

/** Cancelling is for a Draft, or an Ordered order of which nothing has arrived yet. */
export const canCancel = (order: PurchaseOrder) =>
  order.status === 'Draft' ||
  (order.status === 'Ordered' && order.lines.every((line) => line.received === 0));
