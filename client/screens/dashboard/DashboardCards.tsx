import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import {
  type Icon,
  IconAlertTriangle,
  IconBox,
  IconCash,
  IconListDetails,
  IconPackageOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type AccessRule, can, type Role } from '../../../shared/roles';
import { useTRPC } from '../../trpc';

interface Card {
  field: 'totalInventoryCount' | 'lowStockCount' | 'outOfStockCount' | 'salesToday' | 'activityLogsToday';
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
    field: 'salesToday',
    rule: 'dashboardFinance',
    label: 'Sales Today',
    to: '/sales-management',
    icon: IconCash,
    color: 'green',
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

const count = new Intl.NumberFormat('en-PH');

export function DashboardCards({ role }: { role: Role }) {
  const trpc = useTRPC();
  // A failed fetch is only logged; the cards stay as they were.
  const stats = useQuery({ ...trpc.reports.dashboard.queryOptions(), refetchInterval: 60_000 });
  const data = stats.data as Partial<Record<Card['field'], number>> | undefined;
  // The role's cards from the start, so nothing moves when the counts arrive.
  const shown = CARDS.filter((c) => can(role, c.rule));

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
      {shown.map((card) => (
        <UnstyledButton key={card.field} component={Link} to={card.to} aria-label={card.label}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Text size="sm" c="dimmed" fw={600} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <card.icon size={20} color={`var(--mantine-color-${card.color}-7)`} aria-hidden />
              {card.label}
            </Text>
            {data ? (
              <Text fz={32} fw={700} mt={4} data-testid={card.field}>
                {count.format(data[card.field] ?? 0)}
              </Text>
            ) : (
              <Skeleton h={50} mt={4} w="50%" />
            )}
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
