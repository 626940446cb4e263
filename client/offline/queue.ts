import { useEffect, useState } from 'react';
import { httpStatusOf, isNetworkFailure, serverMessage } from '../errors';
import type { TRPCClient } from '../trpc';
import { markReachable } from './connection';
import { counterDb, type WaitingSale } from './store';

// The sales made offline, waiting on the device until the server takes them (docs/decisions.md,
// Selling offline). They go in the order they were made, one at a time, by one tab at a time
// (a Web Lock); the sale id makes each arrive once, so a sale whose answer was lost is sent
// again and answered as the sale already made. Every tab hears of a change (a BroadcastChannel).

const CHANNEL = 'bakeshop-offline-queue';
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
const listeners = new Set<() => void>();

function announce() {
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}
channel?.addEventListener('message', () => {
  for (const listener of listeners) listener();
});

/** Keeps a sale made offline until it is sent. */
export async function keepWaiting(sale: Omit<WaitingSale, 'keptAt' | 'refused'>): Promise<void> {
  await (await counterDb()).put('waiting', { ...sale, keptAt: Date.now(), refused: null });
  announce();
}

/** The waiting sales, oldest first. */
export async function waitingSales(): Promise<WaitingSale[]> {
  return (await counterDb()).getAllFromIndex('waiting', 'keptAt');
}

/**
 * Sends the waiting sales in order. A sale taken (or already taken) leaves the queue; one the
 * server refuses stays, with its message, for a manager to see; no answer stops the round.
 * Answers how many were taken. A second tab calling meanwhile finds the lock held and returns.
 */
export async function sendWaiting(client: TRPCClient): Promise<number> {
  const send = async () => {
    let taken = 0;
    for (const sale of await waitingSales()) {
      if (sale.refused !== null) continue;
      try {
        await client.sales.offline.mutate(sale.input);
        await (await counterDb()).delete('waiting', sale.saleId);
        taken++;
        announce();
      } catch (error) {
        if (isNetworkFailure(error)) {
          markReachable(false);
          break;
        }
        // A session that ended, or a server that failed (5xx) or is restarting, says nothing
        // about the sale: it waits for the next round. Only the server's word on the sale (4xx)
        // marks it refused.
        const status = httpStatusOf(error);
        if (status === undefined || status === 401 || status >= 500) break;
        const refused = serverMessage(error, 'The server refused this sale.');
        await (await counterDb()).put('waiting', { ...sale, refused });
        announce();
      }
    }
    return taken;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return send();
  return locks.request(CHANNEL, { ifAvailable: true }, (lock) => (lock ? send() : 0));
}

/** A refused sale tried again (after a manager fixed the cause, e.g. a cashier's account). */
export async function retryRefused(saleId: string): Promise<void> {
  const db = await counterDb();
  const sale = await db.get('waiting', saleId);
  if (sale) await db.put('waiting', { ...sale, refused: null });
  announce();
}

/** The waiting sales, kept current across this device's tabs. */
export function useWaitingSales(): WaitingSale[] {
  const [sales, setSales] = useState<WaitingSale[]>([]);
  useEffect(() => {
    let live = true;
    const read = () => {
      void waitingSales().then((all) => {
        if (live) setSales(all);
      });
    };
    // A moment after the first render, not inside it (it opens the device's store).
    const first = setTimeout(read);
    listeners.add(read);
    return () => {
      live = false;
      clearTimeout(first);
      listeners.delete(read);
    };
  }, []);
  return sales;
}

/**
 * Before signing out or closing the shift: sends what waits (when it can) and answers how
 * many sales still wait. Refused ones do not hold the cashier: they wait for a manager.
 */
export async function stillWaiting(client: TRPCClient): Promise<number> {
  const unsent = async () => (await waitingSales()).filter((s) => s.refused === null).length;
  if ((await unsent()) > 0) await sendWaiting(client).catch(() => 0);
  return unsent();
}
