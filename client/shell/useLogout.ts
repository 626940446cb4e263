import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { COUNTER_OFFLINE_TEXT } from '../../shared/texts/offline';
import { stillWaiting } from '../offline/queue';
import { forgetKept } from '../offline/store';
import { clearSession, readRefreshToken } from '../session';
import { useTRPCClient } from '../trpc';
import { toast } from '../ui/outcome';

/**
 * Ends the session on the server (errors ignored: leaving must always work) and locally;
 * but not while sales made offline still wait on this device (they go with the session).
 */
export function useLogout(): () => void {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    void (async () => {
      const waiting = await stillWaiting(client).catch(() => 0);
      if (waiting > 0) {
        toast(COUNTER_OFFLINE_TEXT.signOutWaits(waiting), 'error');
        return;
      }
      const refreshToken = readRefreshToken();
      if (refreshToken) client.auth.logout.mutate({ refreshToken }).catch(() => undefined);
      clearSession();
      queryClient.clear();
      void forgetKept().catch(() => undefined);
      navigate('/login', { replace: true });
    })();
  }, [client, queryClient, navigate]);
}
