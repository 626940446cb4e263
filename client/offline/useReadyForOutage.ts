import { useEffect } from 'react';
import { useTRPCClient } from '../trpc';
import { probeServer, useServerReachable } from './connection';
import { keepNumbersReady } from './numbers';
import { keepShelf } from './shelf';

/** How often, while online, the counter refreshes what it would sell from offline. */
const EVERY_MS = 2 * 60_000;

/**
 * While the server answers, the counter gets ready to lose it (docs/decisions.md, Selling
 * offline): it keeps the product list on the device, holds invoice numbers for its
 * terminal and learns how far its clock is from the server's. First a moment after the screen opens, so the screen's own reads go first.
 */
export function useReadyForOutage(terminalId: number | null) {
  const client = useTRPCClient();
  const reachable = useServerReachable();
  useEffect(() => {
    if (!reachable) return;
    const ready = () => {
      void probeServer();
      void keepShelf(client).catch(() => undefined);
      if (terminalId !== null) void keepNumbersReady(client, terminalId).catch(() => undefined);
    };
    const first = setTimeout(ready, 1_000);
    const every = setInterval(ready, EVERY_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [client, reachable, terminalId]);
}
