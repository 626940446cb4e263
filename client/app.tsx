import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { NAVIGATION } from '../shared/roles';
import { DashboardScreen } from './screens/dashboard/DashboardScreen';
import { LoginScreen } from './screens/login/LoginScreen';
import { TitleOnly } from './screens/placeholder/TitleOnly';
import { whenSessionEnds } from './session';
import { RequireAccess } from './shell/RequireAccess';
import { RequireSession } from './shell/RequireSession';
import { theme } from './theme';
import { queryClient, TRPCProvider, trpcClient } from './trpc';

// One route per side-navigation path; the entries that point at /dashboard share its route.
const menuScreens: RouteObject[] = NAVIGATION.filter(
  (entry, index, all) => entry.path !== '/dashboard' && all.findIndex((e) => e.path === entry.path) === index,
).map((entry) => ({
  path: entry.path,
  element: (
    <RequireAccess rule={entry.rule}>
      <TitleOnly title={entry.label} />
    </RequireAccess>
  ),
}));

const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '/login', element: <LoginScreen /> },
  {
    element: <RequireSession />,
    children: [
      { path: '/dashboard', element: <DashboardScreen /> },
      ...menuScreens,
      // Unknown paths: the Dashboard when signed in; RequireSession sends everyone else to /login.
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
]);

// A refused or unreachable session, noticed by the tRPC link, lands on /login with nothing cached.
whenSessionEnds(() => {
  queryClient.clear();
  void router.navigate('/login', { replace: true });
});

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <ModalsProvider>
            <Notifications position="top-right" />
            <RouterProvider router={router} />
          </ModalsProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
