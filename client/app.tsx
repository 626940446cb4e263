import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, type RouteObject, useNavigate, useRoutes } from 'react-router';
import { NAVIGATION } from '../shared/roles';
import { type LazyScreen, lazyScreen } from './lazyScreen';
import { hasSession, whenSessionEnds } from './session';
import { RequireAccess } from './shell/RequireAccess';
import { AppLayout, RequireSession } from './shell/RequireSession';
import { cssVariablesResolver, theme } from './theme';
import { queryClient, TRPCProvider, trpcClient } from './trpc';
import { ScreenLoader } from './ui/ScreenLoader';
import { Toasts } from './ui/Toasts';

const LoginScreen = lazyScreen(() => import('./screens/login/LoginScreen').then((m) => m.LoginScreen));
const DashboardScreen = lazyScreen(() =>
  import('./screens/dashboard/DashboardScreen').then((m) => m.DashboardScreen),
);

/**
 * The screens by side-navigation path; every path in NAVIGATION but /dashboard needs one.
 * A new screen folder is one line here, for example
 * `'/inventory': lazyScreen(() => import('./screens/inventory/InventoryScreen').then((m) => m.InventoryScreen)),`
 * and its route, guard and menu entry follow from NAVIGATION in shared/roles.ts.
 */
const SCREENS: Record<string, LazyScreen<object>> = {
  '/user-management': lazyScreen(() =>
    import('./screens/user-management/UserManagementScreen').then((m) => m.UserManagementScreen),
  ),
  '/activity-log': lazyScreen(() =>
    import('./screens/activity-log/ActivityLogScreen').then((m) => m.ActivityLogScreen),
  ),
  '/notifications': lazyScreen(() =>
    import('./screens/notifications/NotificationsScreen').then((m) => m.NotificationsScreen),
  ),
  '/supplier-management': lazyScreen(() =>
    import('./screens/supplier-management/SupplierManagementScreen').then((m) => m.SupplierManagementScreen),
  ),
  '/customer-management': lazyScreen(() =>
    import('./screens/customer-management/CustomerManagementScreen').then((m) => m.CustomerManagementScreen),
  ),
  '/settings': lazyScreen(() => import('./screens/settings/SettingsScreen').then((m) => m.SettingsScreen)),
  '/inventory': lazyScreen(() =>
    import('./screens/inventory/InventoryScreen').then((m) => m.InventoryScreen),
  ),
  '/purchasing': lazyScreen(() =>
    import('./screens/purchasing/PurchasingScreen').then((m) => m.PurchasingScreen),
  ),
  '/receiving': lazyScreen(() =>
    import('./screens/purchasing/ReceivingScreen').then((m) => m.ReceivingScreen),
  ),
  '/waste': lazyScreen(() => import('./screens/waste/WasteScreen').then((m) => m.WasteScreen)),
  '/backuprestore': lazyScreen(() =>
    import('./screens/backuprestore/BackupRestoreScreen').then((m) => m.BackupRestoreScreen),
  ),
  '/sales-report': lazyScreen(() =>
    import('./screens/sales-report/SalesReportScreen').then((m) => m.SalesReportScreen),
  ),
  '/end-of-day': lazyScreen(() =>
    import('./screens/end-of-day/EndOfDayScreen').then((m) => m.EndOfDayScreen),
  ),
  '/sales-management': lazyScreen(() =>
    import('./screens/sales-management/SalesManagementScreen').then((m) => m.SalesManagementScreen),
  ),
  '/cake-orders': lazyScreen(() =>
    import('./screens/cake-orders/CakeOrdersScreen').then((m) => m.CakeOrdersScreen),
  ),
  '/production': lazyScreen(() =>
    import('./screens/production/ProductionScreen').then((m) => m.ProductionScreen),
  ),
};

/**
 * The code the page at `pathname` shows first, for main.tsx to fetch before the first
 * render (the page's HTML has already asked for it: vite.config.ts, pagePreloads), so
 * the shell, the screen and their data requests all start in that one render.
 */
export function pageCode(pathname: string): Promise<unknown> {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  if (first === '/' || first === '/login' || !hasSession()) return LoginScreen.preload();
  const screen = first === '/dashboard' ? DashboardScreen : SCREENS[first];
  return Promise.all([AppLayout.preload(), screen?.preload()]);
}

/** A lazily loaded screen with its loading state; inside the shell only the main area waits. */
function screen(element: ReactNode) {
  return <Suspense fallback={<ScreenLoader />}>{element}</Suspense>;
}

// One route per side-navigation path; the entries that point at /dashboard share its route.
const menuScreens: RouteObject[] = NAVIGATION.filter(
  (entry, index, all) => entry.path !== '/dashboard' && all.findIndex((e) => e.path === entry.path) === index,
).map((entry) => {
  const Screen = SCREENS[entry.path];
  if (!Screen) throw new Error(`No screen for ${entry.path} in SCREENS (client/app.tsx).`);
  return {
    path: entry.path,
    element: <RequireAccess rule={entry.rule}>{screen(<Screen />)}</RequireAccess>,
  };
});

const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '/login', element: screen(<LoginScreen />) },
  {
    element: <RequireSession />,
    children: [
      { path: '/dashboard', element: screen(<DashboardScreen />) },
      ...menuScreens,
      // Unknown paths: the Dashboard when signed in; RequireSession sends everyone else to /login.
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

function AppRoutes() {
  const navigate = useNavigate();
  // A refused or unreachable session, noticed by the tRPC link, lands on /login with nothing cached.
  useEffect(() => {
    whenSessionEnds(() => {
      queryClient.clear();
      navigate('/login', { replace: true });
    });
  }, [navigate]);
  return useRoutes(routes);
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <Toasts position="top-right" />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
