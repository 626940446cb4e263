import { BarChart, LineChart, PieChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { REPORT_COLOURS, REPORT_TEXT } from '../../../shared/texts/reports';
import type { RouterOutputs } from '../../trpc';
import { chartPesos, pesoTick, pesoValue, shortDay } from '../../ui/charts';

type Summary = RouterOutputs['reports']['summary'];

/** Six fixed colours: the five best categories, and the rest together. */
function categorySlices(categories: Summary['categories']) {
  const named = categories.map((c) => ({ name: c.category || REPORT_TEXT.noCategory, revenue: c.revenue }));
  const slices =
    named.length <= REPORT_COLOURS.length
      ? named
      : [
          ...named.slice(0, REPORT_COLOURS.length - 1),
          {
            name: 'Other categories',
            revenue: named.slice(REPORT_COLOURS.length - 1).reduce((sum, c) => sum + c.revenue, 0),
          },
        ];
  return slices.map((s, n) => ({
    name: s.name,
    value: chartPesos(s.revenue),
    color: REPORT_COLOURS[n] ?? 'gray.6',
  }));
}

type Slice = ReturnType<typeof categorySlices>[number];
const percent = new Intl.NumberFormat('en-PH', { style: 'percent', maximumFractionDigits: 1 });

/**
 * The category charts' key, in words: each colour's category, amount and share. Readable on
 * a tablet (no hovering for a tooltip) and on paper (in black and white the words still say
 * which slice is which).
 */
function CategoryLegend({ slices, label }: { slices: Slice[]; label: string }) {
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  return (
    <Stack gap={4} mt="sm" role="list" aria-label={label}>
      {slices.map((s) => (
        <Group key={s.name} gap={8} wrap="nowrap" role="listitem" justify="space-between">
          <Group gap={8} wrap="nowrap" miw={0}>
            <ColorSwatch
              color={`var(--mantine-color-${s.color.replace('.', '-')})`}
              size={14}
              withShadow={false}
            />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {s.name}
            </Text>
          </Group>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {`${pesoValue(s.value)} · ${percent.format(total ? s.value / total : 0)}`}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function ChartCard({ title, children, empty }: { title: string; children: ReactNode; empty: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" h={240}>
          No sales in this period.
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

/** The charts: Daily Sales Trend, Sales by Category (bars) and its distribution (pie). */
export function ReportCharts({ summary }: { summary: Summary }) {
  const daily = summary.daily.map((d) => ({
    date: shortDay(d.date),
    'Total Sales': chartPesos(d.totalSales),
  }));
  const slices = categorySlices(summary.categories);
  // One series per category, each row holding only its own: every bar keeps its colour.
  const bars = slices.map((s) => ({ category: s.name, [s.name]: s.value }));
  const empty = summary.totalTransactions === 0;

  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
      <ChartCard title="Daily Sales Trend" empty={empty}>
        <LineChart
          h={240}
          data={daily}
          dataKey="date"
          series={[{ name: 'Total Sales', color: REPORT_COLOURS[0] }]}
          curveType="monotone"
          withDots={daily.length <= 31}
          lineProps={{ isAnimationActive: false }}
          valueFormatter={pesoValue}
          yAxisProps={{ tickFormatter: pesoTick, width: 72 }}
          xAxisProps={{ minTickGap: 16 }}
        />
      </ChartCard>
      <ChartCard title="Sales by Category" empty={empty}>
        <BarChart
          h={240}
          data={bars}
          dataKey="category"
          type="stacked"
          barProps={{ isAnimationActive: false }}
          series={slices.map((s) => ({ name: s.name, color: s.color }))}
          valueFormatter={pesoValue}
          yAxisProps={{ tickFormatter: pesoTick, width: 72 }}
          // The names are in the legend below: under narrow bars they would overlap.
          xAxisProps={{ tick: false }}
        />
        <CategoryLegend slices={slices} label="Sales by Category legend" />
      </ChartCard>
      <ChartCard title="Sales Distribution by Category" empty={empty}>
        <PieChart
          h={240}
          mx="auto"
          data={slices}
          withTooltip
          tooltipDataSource="segment"
          valueFormatter={pesoValue}
          withLabelsLine
          labelsPosition="outside"
          labelsType="percent"
          withLabels
          pieProps={{ isAnimationActive: false }}
        />
        <CategoryLegend slices={slices} label="Sales Distribution by Category legend" />
      </ChartCard>
    </SimpleGrid>
  );
}
