import '@mantine/core/styles/SimpleGrid.css';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPeso } from '../../../shared/money';
import type { RouterOutputs } from '../../trpc';

type Summary = RouterOutputs['reports']['summary'];
const count = new Intl.NumberFormat('en-PH');

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Text size="sm" c="dimmed" fw={600} mb={4}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

const Figure = ({ children, negative }: { children: ReactNode; negative?: boolean }) => (
  <Text fz={26} fw={negative ? 800 : 700} c={negative ? 'red.7' : undefined}>
    {children}
  </Text>
);

/** The cards: totals, profit (red and bold below zero), the top 5, and how people paid. */
export function SummaryCards({ summary }: { summary: Summary | undefined }) {
  if (!summary)
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} h={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Card title="Total Sales">
          <Figure>{formatPeso(summary.totalSales)}</Figure>
          <Text size="xs" c="dimmed">{`VAT ${formatPeso(summary.taxAmount)}`}</Text>
        </Card>
        <Card title="Total Profit">
          <Figure negative={summary.totalProfit < 0}>{formatPeso(summary.totalProfit)}</Figure>
          <Text
            size="xs"
            c="dimmed"
          >{`Revenue ${formatPeso(summary.revenue)} less cost ${formatPeso(summary.cost)}${summary.wasteCost ? ` and waste ${formatPeso(summary.wasteCost)}` : ''}`}</Text>
        </Card>
        <Card title="Total Transactions">
          <Figure>{count.format(summary.totalTransactions)}</Figure>
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card title="Best-Selling Items">
          <Listing
            empty="Nothing sold in this period."
            rows={summary.bestSellers.map((b, n) => ({
              key: `${b.kind}:${b.code}`,
              label: `${n + 1}. ${b.name}`,
              value: `${count.format(b.quantity)} sold`,
            }))}
          />
        </Card>
        <Card title="Payment Breakdown">
          <Listing
            empty="No payments in this period."
            rows={summary.payments.map((p) => ({
              key: p.method,
              label: `${p.method} (${count.format(p.transactions)})`,
              value: formatPeso(p.totalSales),
            }))}
          />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function Listing({ rows, empty }: { rows: { key: string; label: string; value: string }[]; empty: string }) {
  if (!rows.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap={4}>
      {rows.map((r) => (
        <Group key={r.key} justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" truncate>
            {r.label}
          </Text>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {r.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
