import { Alert, Box, Stack, Title } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { can, type DashboardView, type Role } from '../../../shared/roles';
import { AUTH_TEXT } from '../../../shared/texts/auth';
import { useSessionUser } from '../../shell/useSessionUser';
import { ScreenLoader } from '../../ui/ScreenLoader';
import { DashboardCards } from './DashboardCards';

// The chart library and the two price views load only for those who see them.
const FinancialOverview = lazy(() =>
  import('./FinancialOverview').then((m) => ({ default: m.FinancialOverview })),
);
const ProfitabilityView = lazy(() =>
  import('./ProfitabilityView').then((m) => ({ default: m.ProfitabilityView })),
);
const PricingView = lazy(() => import('./PricingView').then((m) => ({ default: m.PricingView })));

/**
 * Loads and draws a heavy part (the chart) only once it comes into view: on a phone or a
 * small tablet the cards fill the screen first, and the chart waits until scrolled to.
 */
function WhenInView({ height, render }: { height: number; render: () => ReactNode }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  if (seen) return <Suspense fallback={<ScreenLoader />}>{render()}</Suspense>;
  return <Box ref={ref} mih={height} aria-hidden />;
}

/** Which part of the Dashboard the menu opened (these menu entries open /dashboard). */
function viewFor(role: Role | null | undefined, view: string | null): DashboardView | null {
  if (view === 'profitability' && can(role, 'salesReport')) return 'profitability';
  if (view === 'pricing' && can(role, 'dashboardFinance')) return 'pricing';
  return null;
}

/** The Dashboard: the cards the role may see and, for managers and up, the Financial Overview. */
export function DashboardScreen() {
  const user = useSessionUser();
  const [params] = useSearchParams();
  const role = user?.role;
  const view = viewFor(role, params.get('view'));

  if (view) {
    return (
      <Suspense fallback={<ScreenLoader />}>
        {view === 'profitability' ? <ProfitabilityView /> : <PricingView />}
      </Suspense>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      {user && role == null ? (
        <Alert color="yellow" icon={<IconInfoCircle />} title="No role yet">
          {AUTH_TEXT.noRole}
        </Alert>
      ) : null}
      {role ? <DashboardCards role={role} /> : null}
      {can(role, 'dashboardFinance') ? (
        <WhenInView height={400} render={() => <FinancialOverview />} />
      ) : null}
    </Stack>
  );
}
