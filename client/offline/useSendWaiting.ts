import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { COUNTER_OFFLINE_TEXT as T } from '../../shared/texts/offline';
import { useTRPCClient } from '../trpc';
import { toast } from '../ui/outcome';
import { probeServer, serverReachable } from './connection';
import { sendWaiting, waitingSales } from './queue';

/** How often the device asks whether the server is back, and sends what waits. */
const EVERY_MS = 15_000;

/**
 * Sends the sales made offline as soon as the server answers again: when the browser says it
 * is online, when the tab gets the focus, and every 15 seconds (docs/decisions.md, Selling
 * offline). With no server, the round first asks the health route, which needs no session.
 */
export function useSendWaiting() {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    let busy = false;
    const round = async () => {
      if (busy) return;
      busy = true;
      try {
        if (!serverReachable() && !(await probeServer())) return;
        if ((await waitingSales()).every((s) => s.refused !== null)) return;
        const taken = await sendWaiting(client);
        if (taken > 0) {
          toast(T.sent(taken), 'success');
          // The books changed: stock, the shift's reading, today's sales.
          void queryClient.invalidateQueries();
        }
      } finally {
        busy = false;
      }
    };
    const go = () => void round();
    // The first round a moment after the page's first render, not inside it (it opens the
    // device's store).
    const first = setTimeout(go);
    const every = setInterval(go, EVERY_MS);
    window.addEventListener('online', go);
    window.addEventListener('focus', go);
    return () => {
      clearTimeout(first);
      clearInterval(every);
      window.removeEventListener('online', go);
      window.removeEventListener('focus', go);
    };
  }, [client, queryClient]);
}
