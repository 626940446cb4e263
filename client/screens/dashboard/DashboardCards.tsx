import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import {
  type Icon,
  IconAlertTriangle,
  IconBox,
  IconCake,
  IconCash,
  IconListDetails,
  IconPackageOff,
  IconPigMoney,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCount } from '../../../shared/digits';
import { formatPeso } from '../../../shared/money';
import { type AccessRule, can, type Role } from '../../../shared/roles';
import { type RouterOutputs, useTRPC } from '../../trpc';

type Stats = RouterOutputs['reports']['dashboard'];

interface Card {
  field: keyof Stats;
  /** Who sees it; the server answers only these fields, the client knows how many to hold room for. */
  rule: AccessRule;
  label: string;
  to: string;
  icon: Icon;
  color: string;
}

// The cards in order; the server answers only the fields the role may see.
const CARDS: Card[] = [
  {
    field: 'totalInventoryCount',
    rule: 'dashboard',
    label: 'Total Inventory',
    to: '/inventory',
    icon: IconBox,
    color: 'blue',
  },
  {
    field: 'lowStockCount',
    rule: 'dashboard',
    label: 'Low Stock',
    to: '/inventory',
    icon: IconAlertTriangle,
    color: 'yellow',
  },
  {
    field: 'outOfStockCount',
    rule: 'dashboard',
    label: 'Out Of Stock',
    to: '/inventory',
    icon: IconPackageOff,
    color: 'red',
  },
  {
    field: 'todaysPickups',
    rule: 'dashboard',
    label: 'Today’s Pickups',
    to: '/cake-orders',
    icon: IconCake,
    color: 'pink',
  },
  {
    field: 'salesToday',
    rule: 'dashboardFinance',
    label: 'Sales Today',
    to: '/sales-management',
    icon: IconCash,
    color: 'green',
  },
  {
    field: 'depositsHeld',
    rule: 'dashboardFinance',
    label: 'Deposits Held',
    to: '/cake-orders',
    icon: IconPigMoney,
    color: 'teal',
  },
  {
    field: 'activityLogsToday',
    rule: 'salesReport',
    label: 'Activity Logs Today',
    to: '/activity-log',
    icon: IconListDetails,
    color: 'grape',
  },
];

/** A card's big figure and, for the cake order cards, the line under it. */
function figureOf(field: Card['field'], data: Stats): { value: string; detail?: string } {
  if (field === 'todaysPickups') {
    const p = data.todaysPickups;
    return {
      value: formatCount(p.orders),
      detail: `${formatCount(p.notReady)} not ready yet · ${formatCount(p.pickedUp)} picked up`,
    };
  }
  if (field === 'depositsHeld') {
    const d = data.depositsHeld ?? { amount: 0, orders: 0 };
    return {
      value: formatPeso(d.amount),
      detail: `${formatCount(d.orders)} ${d.orders === 1 ? 'order' : 'orders'} not yet picked up`,
    };
  }
  return { value: formatCount(data[field] ?? 0) };
}

export function DashboardCards({ role }: { role: Role }) {
  const trpc = useTRPC();
  // A failed fetch is only logged; the cards stay as they were.
  const stats = useQuery({ ...trpc.reports.dashboard.queryOptions(), refetchInterval: 60_000 });
  const data = stats.data;
  // The role's cards from the start, so nothing moves when the counts arrive.
  const shown = CARDS.filter((c) => can(role, c.rule));

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
      {shown.map((card) => {
        const figure = data ? figureOf(card.field, data) : null;
        return (
          <UnstyledButton key={card.field} component={Link} to={card.to} aria-label={card.label}>
            <Paper withBorder radius="md" p="md" h="100%">
              <Text size="sm" c="dimmed" fw={600} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <card.icon size={20} color={`var(--mantine-color-${card.color}-7)`} aria-hidden />
                {card.label}
              </Text>
              {figure ? (
                <>
                  <Text fz={32} fw={700} mt={4} data-testid={card.field}>
                    {figure.value}
                  </Text>
                  {figure.detail ? (
                    <Text size="sm" c="dimmed" data-testid={`${card.field}-detail`}>
                      {figure.detail}
                    </Text>
                  ) : null}
                </>
              ) : (
                <Skeleton h={50} mt={4} w="50%" />
              )}
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
