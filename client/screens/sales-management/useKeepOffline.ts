import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COUNTER_OFFLINE_TEXT as T } from '../../../shared/texts/offline';
import { serverNow } from '../../offline/connection';
import { useKept } from '../../offline/kept';
import { giveBack } from '../../offline/numbers';
import { offlineSaleOf } from '../../offline/offlineSale';
import { keepWaiting } from '../../offline/queue';
import { lowerShelf } from '../../offline/shelf';
import { shiftKey } from '../../offline/store';
import { readUser } from '../../session';
import { useDeviceTerminal } from '../../terminal';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { useCounterCustomers } from './CustomerField';
import { counterToast } from './counterToast';
import type { Cart } from './useCart';
import type { CheckoutSent } from './useCheckout';

/**
 * Keeps the cart's sale on the device when the server cannot be reached (docs/decisions.md,
 * Selling offline): numbered from the device's block, with the cashier, the shift and the
 * prices charged; its receipt opens as any sale's. Without a number (no block) or with the
 * seniors' 5% (its allowance is the server's) it refuses and the cart stays. Its reads start
 * once `ready` (the counter's second step): in the first render they were a third of its task.
 */
export function useKeepOffline(cart: Cart, onKept: (saleId: string) => void, ready: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { terminal } = useDeviceTerminal(ready);
  const profile = useKept(
    'shopProfile',
    useQuery(trpc.settings.shopProfile.queryOptions(undefined, { staleTime: 5 * 60_000 })),
  );
  const shift = useKept<RouterOutputs['shifts']['current']>(
    shiftKey(readUser()?.id),
    useQuery({ ...trpc.shifts.current.queryOptions(), enabled: ready }),
  );
  const customers = useCounterCustomers(ready);

  return async (sent: CheckoutSent, number: { seq: number; number: string } | null) => {
    const cashier = readUser();
    const refuse = (message: string) => {
      if (number && terminal) void giveBack(terminal.id, number.seq);
      counterToast(message, 'error');
    };
    if (!number || !terminal || !cashier) return refuse(T.noNumbers);
    if (sent.discount?.type === 'SC5') return refuse(T.noSc5);
    const customer = customers.find((c) => c.id === sent.customerId);
    const { input, receipt } = offlineSaleOf({
      checkout: { ...sent, terminalId: terminal.id, customerName: customer?.name ?? sent.customerName },
      lines: cart.lines,
      totals: cart.totals,
      terminal,
      invoice: number,
      profile,
      cashier,
      shiftId: shift?.shift?.id ?? null,
      soldAt: serverNow(),
    });
    await keepWaiting({ saleId: sent.saleId, input, receipt });
    await lowerShelf(cart.lines);
    queryClient.setQueryData(trpc.sales.receipt.queryKey({ id: sent.saleId }), receipt);
    cart.clear();
    counterToast(T.kept, 'info');
    onKept(sent.saleId);
  };
}
