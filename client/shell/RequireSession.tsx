import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { lazyScreen } from '../lazyScreen';
import { hasSession, readUser } from '../session';
import { ScreenLoader } from '../ui/ScreenLoader';
import { useSessionUser } from './useSessionUser';

// The header and side navigation load with the first signed-in page, not with /login.
export const AppLayout = lazyScreen(() => import('./AppLayout').then((m) => m.AppLayout));

/** Every screen but /login needs the login flag and a token. */
export function RequireSession() {
  const navigate = useNavigate();

  // Logging out in another tab ends this one too.
  useEffect(() => {
    const onStorage = () => {
      if (!hasSession()) navigate('/login', { replace: true });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);

  // A must-reset session may only set a new password, which happens on /login.
  if (!hasSession() || readUser()?.needsPasswordReset) return <Navigate to="/login" replace />;
  return <SignedIn />;
}

/** One element for every render, so the memoised layout sees the same children. */
const SCREEN = <Outlet />;

function SignedIn() {
  const user = useSessionUser();
  return (
    <Suspense fallback={<ScreenLoader />}>
      <AppLayout username={user?.username} role={user?.role}>
        {SCREEN}
      </AppLayout>
    </Suspense>
  );
}
