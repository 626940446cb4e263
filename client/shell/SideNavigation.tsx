import { ActionIcon, AppShell, Badge, Button, Group, NavLink, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { can, hrefOf, type NavEntry, navigationFor, type Role } from '../../shared/roles';
import { useTRPC } from '../trpc';
import { NAV_ICONS } from './navIcons';
import { UNREAD_CHECK_MS } from './unread';

interface SideNavigationProps {
  role: Role | null | undefined;
  /** Icons only; the Logout button shows only when expanded. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onNavigate: () => void;
  onLogout: () => void;
}

/**
 * Memoised, as each link is: the signed-in user's answer (auth.me), the unread count and the
 * shop's name arrive just after a page first draws, and each redrew the whole navigation in a
 * task of its own (30 to 60 ms on the tablet, 4× that in Lighthouse's count).
 */
export const SideNavigation = memo(function SideNavigation({
  role,
  collapsed,
  onToggleCollapsed,
  onNavigate,
  onLogout,
}: SideNavigationProps) {
  const { pathname, search } = useLocation();
  const entries = navigationFor(role);
  const unread = useUnreadCount(can(role, 'notifications'));
  // Several entries point at /dashboard; the view picks one, and of the rest only the first is marked.
  const view = new URLSearchParams(search).get('view');
  const current = entries.find((entry) => entry.path === pathname && (entry.view ?? null) === view);

  return (
    <>
      <AppShell.Section visibleFrom="sm">
        <Group justify={collapsed ? 'center' : 'flex-end'}>
          <Tooltip label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} position="right">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onToggleCollapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
            >
              {collapsed ? <IconLayoutSidebarLeftExpand /> : <IconLayoutSidebarLeftCollapse />}
            </ActionIcon>
          </Tooltip>
        </Group>
      </AppShell.Section>

      {/* The browser's own scrolling: Mantine's ScrollArea measured its bar as every page first
          drew, a forced layout of the whole page (30 to 65 ms on the tablet under a 4x slower CPU). */}
      <AppShell.Section grow my="xs" style={{ overflowY: 'auto', scrollbarWidth: 'thin' }}>
        {entries.map((entry) => (
          <NavItem
            key={entry.label}
            entry={entry}
            active={entry === current}
            collapsed={collapsed}
            onNavigate={onNavigate}
            // Not while the list itself is open: what arrives then is shown there and read.
            badge={entry.path === '/notifications' && pathname !== '/notifications' ? unread : 0}
          />
        ))}
      </AppShell.Section>

      {collapsed ? null : (
        <AppShell.Section>
          <Button
            fullWidth
            variant="light"
            color="red"
            leftSection={<IconLogout size={18} />}
            onClick={onLogout}
          >
            Logout
          </Button>
        </AppShell.Section>
      )}
    </>
  );
});

/** Notifications that arrived since this user last opened the list; checked every minute. */
function useUnreadCount(enabled: boolean): number {
  const trpc = useTRPC();
  const unread = useQuery({
    ...trpc.notifications.unreadCount.queryOptions(),
    enabled,
    refetchInterval: UNREAD_CHECK_MS,
  });
  return unread.data ?? 0;
}

interface NavItemProps {
  entry: NavEntry;
  active: boolean;
  collapsed: boolean;
  onNavigate: () => void;
  /** A count beside the label (unread notifications), hidden when 0. */
  badge: number;
}

const NavItem = memo(function NavItem({ entry, active, collapsed, onNavigate, badge }: NavItemProps) {
  const Icon = NAV_ICONS[entry.label];
  const unreadText = badge > 0 ? `${badge} unread` : '';
  const link = (
    <NavLink
      component={Link}
      to={hrefOf(entry)}
      label={collapsed ? undefined : entry.label}
      aria-label={collapsed ? [entry.label, unreadText].filter(Boolean).join(', ') : undefined}
      aria-current={active ? 'page' : undefined}
      rightSection={
        badge > 0 && !collapsed ? (
          <Badge size="sm" color="red" circle={badge < 10} aria-label={unreadText}>
            {badge > 99 ? '99+' : badge}
          </Badge>
        ) : null
      }
      leftSection={Icon ? <Icon size={20} stroke={1.6} /> : null}
      active={active}
      onClick={onNavigate}
    />
  );
  if (!collapsed) return link;
  return (
    <Tooltip label={entry.label} position="right" withinPortal>
      {link}
    </Tooltip>
  );
});
