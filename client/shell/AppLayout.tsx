import { AppShell, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { memo, type ReactNode } from 'react';
import type { Role } from '../../shared/roles';
import { OfflineBanner } from '../offline/OfflineBanner';
import { ConfirmHost } from '../ui/confirm';
import { useInTurn } from '../ui/useInTurn';
import { COLLAPSED_WIDTH, EXPANDED_WIDTH, HEADER_HEIGHT } from './layout';
import { ShellHeader } from './ShellHeader';
import { SideNavigation } from './SideNavigation';
import { useLogout } from './useLogout';
import { useSidebarCollapsed } from './useSidebarCollapsed';

/**
 * Header and side navigation around every protected screen. Phones get a burger drawer.
 * The confirm dialogs (@mantine/modals) are hosted here, for the signed-in screens
 * that ask them, so /login does not load them. Memoised on who is signed in: the server's copy
 * of the same user (auth.me), arriving after the first frame, redraws none of it.
 */
export const AppLayout = memo(function AppLayout({
  username,
  role,
  children,
}: {
  username: string | undefined;
  role: Role | null | undefined;
  children: ReactNode;
}) {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [drawerOpened, drawer] = useDisclosure(false);
  const logout = useLogout();
  // The drawer always opens expanded; the remembered collapse applies to the side bar.
  const showCollapsed = collapsed && wide;
  // A closed drawer only slides off screen; hiding it keeps its links out of the tab order.
  const drawerClosed = !wide && !drawerOpened;

  return (
    <>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{
          width: showCollapsed ? COLLAPSED_WIDTH : EXPANDED_WIDTH,
          breakpoint: 'sm',
          collapsed: { mobile: !drawerOpened },
        }}
        padding="md"
      >
        <AppShell.Header>
          <ShellHeader
            username={username}
            role={role}
            navigationOpened={drawerOpened}
            onToggleNavigation={drawer.toggle}
          />
        </AppShell.Header>
        <AppShell.Navbar
          p="xs"
          aria-label="Side navigation"
          data-collapsed={showCollapsed}
          style={drawerClosed ? { visibility: 'hidden' } : undefined}
        >
          {/* A moment after the page, as the skeleton's empty side bar was until then. */}
          <InTurn>
            <SideNavigation
              role={role}
              collapsed={showCollapsed}
              onToggleCollapsed={toggleCollapsed}
              onNavigate={drawer.close}
              onLogout={logout}
            />
          </InTurn>
        </AppShell.Navbar>
        <AppShell.Main>
          <OfflineBanner />
          {children}
        </AppShell.Main>
      </AppShell>
      <ConfirmHost />
    </>
  );
});

/** Its children a moment after the rest: drawn in a render and commit of their own. */
function InTurn({ children }: { children: ReactNode }) {
  return useInTurn(true) ? children : null;
}
