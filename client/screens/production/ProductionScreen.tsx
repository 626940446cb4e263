import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useState } from 'react';
import { PRODUCTION_TEXT, PRODUCTION_SCREEN as S } from '../../../shared/texts/production';
import { addDays, formatCalendarDate, manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { lazyDialog } from '../../ui/lazyDialog';
import { PlainSegmentedControl } from '../../ui/PlainSegmentedControl';
import { useInTurn } from '../../ui/useInTurn';
import { BakeSheet } from './BakeSheet';
import { Batches } from './Batches';
import { PlanTables } from './PlanTables';
import type { BakeDraft } from './production';

// The form loads when first opened (client/ui/lazyDialog.tsx).
const BakeDialog = lazyDialog(
  () => import('./BakeDialog').then((m) => m.BakeDialog),
  (p) => p.opened,
);

/**
 * Production (every role: bakers are staff): the bake plan for today or tomorrow (each cake
 * for orders and for the shelf, the custom cakes, the ingredients against what is on hand,
 * shortfalls first), Bake from a plan line or by hand, the A4 bake sheet, and the batches.
 */
export function ProductionScreen() {
  const trpc = useTRPC();
  const today = manilaDate();
  const [date, setDate] = useState(today);
  const [baking, setBaking] = useState<{ draft: BakeDraft | null } | null>(null);
  const plan = useQuery({
    ...trpc.production.plan.queryOptions({ date }),
    placeholderData: keepPreviousData,
  });
  const shown = plan.data?.date === date ? plan.data : undefined;
  // The plan's tables draw in a transition, in slices (the query's own render is synchronous);
  // until then, and for another day's plan, the loading line stays.
  const tables = useDeferredValue(shown);
  // The A4 sheet only prints: it follows the plan on screen instead of rendering with it.
  const sheet = useInTurn(shown);
  const bake = useCallback((draft: BakeDraft) => setBaking({ draft }), []);
  // Below the plan once it first came in (its tables would push the batches down as it
  // arrived), and in turn after it: drawn with the plan, they were a third of that render.
  const batchesShown = useInTurn(plan.data !== undefined || plan.isError);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{PRODUCTION_TEXT.title}</Title>
        <Group gap="sm">
          <Button variant="default" disabled={!shown || sheet !== shown} onClick={() => window.print()}>
            {S.printSheet}
          </Button>
          <Button onClick={() => setBaking({ draft: null })}>{S.bakeByHand}</Button>
        </Group>
      </Group>
      <Stack gap="sm" component="section" aria-label={S.planFor(formatCalendarDate(date))}>
        <Group gap="md" wrap="wrap">
          <PlainSegmentedControl
            aria-label={S.planDay}
            data={[
              { value: today, label: S.today },
              { value: addDays(today, 1), label: S.tomorrow },
            ]}
            value={date}
            onChange={setDate}
          />
          <Title order={2} size="h3">
            {S.planFor(formatCalendarDate(date))}
          </Title>
        </Group>
        {plan.isError ? (
          <Text c="red.9" role="alert">
            {S.planFailed}
          </Text>
        ) : null}
        {tables && tables === shown ? (
          <PlanTables plan={tables} onBake={bake} />
        ) : plan.isError ? null : (
          <Text c="dimmed" py="sm" role="status">
            {S.planLoading}
          </Text>
        )}
      </Stack>
      {batchesShown ? <Batches today={today} /> : null}
      {sheet ? <BakeSheet plan={sheet} /> : null}
      <BakeDialog opened={baking !== null} draft={baking?.draft ?? null} onClose={() => setBaking(null)} />
    </Stack>
  );
}
