import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, readRefreshToken } from '../session';
import { useTRPCClient } from '../trpc';

/** Ends the session on the server (errors ignored: leaving must always work) and locally. */
export function useLogout(): () => void {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const refreshToken = readRefreshToken();
    if (refreshToken) client.auth.logout.mutate({ refreshToken }).catch(() => undefined);
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [client, queryClient, navigate]);
}
