import '@mantine/core/styles/SegmentedControl.css';
import { LineChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Skeleton, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CHART_DAYS, COST_COLOUR, REPORT_TEXT, REVENUE_COLOUR } from '../../../shared/texts/reports';
import { useTRPC } from '../../trpc';
import { chartPesos, pesoTick, pesoValue, shortDay } from '../../ui/charts';

type Days = (typeof CHART_DAYS)[number];

/** Revenue (green) and cost (orange-red) per Manila day, over 7, 30 or 90 days. */
export function FinancialOverview() {
  const trpc = useTRPC();
  const [days, setDays] = useState<Days>(7);
  const points = useQuery({
    ...trpc.reports.revenueCostByDay.queryOptions({ days }),
    placeholderData: keepPreviousData,
  });
  const data = points.data?.map((p) => ({
    date: shortDay(p.date),
    Revenue: chartPesos(p.revenue),
    Cost: chartPesos(p.cost),
  }));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={REPORT_TEXT.financialOverview}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h3">
          {REPORT_TEXT.financialOverview}
        </Title>
        <SegmentedControl
          aria-label="Days shown"
          value={String(days)}
          onChange={(value) => setDays(Number(value) as Days)}
          data={CHART_DAYS.map((n) => ({ value: String(n), label: `${n} days` }))}
        />
      </Group>
      {data ? (
        <LineChart
          h={300}
          data={data}
          dataKey="date"
          series={[
            { name: 'Revenue', color: REVENUE_COLOUR },
            { name: 'Cost', color: COST_COLOUR },
          ]}
          curveType="monotone"
          withLegend
          withDots={days === 7}
          // Drawn at once: an animation is frames of work the shop's slow tablet can spare.
          lineProps={{ isAnimationActive: false }}
          valueFormatter={pesoValue}
          yAxisProps={{ tickFormatter: pesoTick, width: 72 }}
          xAxisProps={{ minTickGap: 16 }}
        />
      ) : (
        <Skeleton h={300} />
      )}
    </Paper>
  );
}
