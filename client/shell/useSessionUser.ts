import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { changesHeld } from '../../shared/roles';
import type { SessionUser } from '../../shared/schemas/auth';
import { hasSession, readUser, saveUser } from '../session';
import { useTRPC } from '../trpc';

/**
 * The signed-in user: the stored copy at once, then the server's (auth.me), so a role an
 * admin changed shows without logging in again. auth.me also proves the session still works.
 */
export function useSessionUser(): SessionUser | null {
  const trpc = useTRPC();
  const me = useQuery({ ...trpc.auth.me.queryOptions(), enabled: hasSession() });
  useEffect(() => {
    if (me.data && hasSession()) saveUser(me.data);
  }, [me.data]);
  return me.data ?? readUser();
}

/** Whether the signed-in user's edits and deletes are held for approval (a staff account's are). */
export function useChangesHeld(): boolean {
  return changesHeld(useSessionUser()?.role);
}
