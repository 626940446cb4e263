import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { COUNTER_FETCH_CAP } from '../../../shared/constants';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { toast } from '../../ui/outcome';
import { PO_SCREEN_TEXT } from './text';

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

/** The suppliers by name, for the form's supplier select and the list's supplier filter. */
export function useSupplierOptions() {
  const trpc = useTRPC();
  const suppliers = useQuery(
    trpc.suppliers.list.queryOptions({
      page: 1,
      limit: COUNTER_FETCH_CAP,
      search: '',
      field: 'name',
      order: 'asc',
    }),
  );
  useEffect(() => {
    if (suppliers.isError) toast(PO_SCREEN_TEXT.suppliersFailed, 'error');
  }, [suppliers.isError]);
  return (suppliers.data?.rows ?? []).map((s) => ({ value: String(s.id), label: s.name }));
}

/** Only a Draft is edited or marked as ordered. */
export const isDraft = (order: { status: string }) => order.status === 'Draft';

/** Cancelling is for a Draft, or an Ordered order of which nothing has arrived yet. */
export const canCancel = (order: PurchaseOrder) =>
  order.status === 'Draft' ||
  (order.status === 'Ordered' && order.lines.every((line) => line.received === 0));

/** A delivery can be taken in while the order is Ordered or Partly received. */
export const canReceive = (order: { status: string }) =>
  order.status === 'Ordered' || order.status === 'Partly received';
