import '@mantine/core/styles/SimpleGrid.css';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatPeso } from '../../../shared/money';
import { CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { addDays, formatCalendarDate, formatMonthDay, formatWeekday } from '../../../shared/time';
import { useTRPC } from '../../trpc';

const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);

/** The Sunday that starts `day`'s week, as the shop's "This Week" does. */
export const weekOf = (day: string) => addDays(day, -atNoon(day).getUTCDay());

/**
 * Seven days of pickups from `start`: each day its number of orders (cancelled ones not
 * counted) and their total; a day is a button that shows its orders below. Previous, This
 * week and Next move a week at a time. Seven across on the counter's screen; four and three
 * on the tablet, so every day is in sight without scrolling.
 */
export function WeekCalendar({
  start,
  onStart,
  today,
  chosen,
  onChoose,
}: {
  start: string;
  onStart: (start: string) => void;
  today: string;
  chosen: string | null;
  onChoose: (day: string | null) => void;
}) {
  const trpc = useTRPC();
  const end = addDays(start, 6);
  const calendar = useQuery(trpc.cakeOrders.calendar.queryOptions({ from: start, to: end }));
  const days =
    calendar.data?.days ??
    Array.from({ length: 7 }, (_, i) => ({ date: addDays(start, i), orders: 0, total: 0 }));
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={S.week}>
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {formatCalendarDate(start)} – {formatCalendarDate(end)}
        </Title>
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={S.previousWeek}
            onClick={() => onStart(addDays(start, -7))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => onStart(weekOf(today))} disabled={start === weekOf(today)}>
            {S.thisWeek}
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={S.nextWeek}
            onClick={() => onStart(addDays(start, 7))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }} spacing="xs" verticalSpacing="xs">
        {days.map((day) => {
          const isToday = day.date === today;
          const isChosen = day.date === chosen;
          const past = day.date < today;
          return (
            <UnstyledButton
              key={day.date}
              onClick={() => onChoose(isChosen ? null : day.date)}
              aria-pressed={isChosen}
              aria-label={`${formatCalendarDate(day.date)}: ${S.dayOrders(day.orders)}, ${formatPeso(day.total)}`}
              data-day={day.date}
              className="mantine-focus-auto"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                border: `${isChosen ? 2 : 1}px solid ${
                  isChosen
                    ? 'var(--mantine-primary-color-filled)'
                    : isToday
                      ? 'var(--mantine-primary-color-light-color)'
                      : 'var(--mantine-color-gray-3)'
                }`,
                background: isChosen
                  ? 'var(--mantine-primary-color-light)'
                  : past
                    ? 'var(--mantine-color-gray-0)'
                    : undefined,
                padding: 'var(--mantine-spacing-xs)',
                minHeight: 92,
              }}
            >
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text size="sm" fw={700} c={past ? 'dimmed' : undefined}>
                  {formatWeekday(day.date)}
                </Text>
                <Text size="sm" c={isToday ? undefined : 'dimmed'} fw={isToday ? 700 : undefined}>
                  {isToday ? 'Today' : formatMonthDay(day.date)}
                </Text>
              </Group>
              <Text fz="xl" fw={700} lh={1.3} mt={4} c={day.orders ? undefined : 'dimmed'}>
                {day.orders}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {day.orders ? formatPeso(day.total) : S.dayOrders(0)}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {calendar.isError ? (
        <Text size="sm" c="red.9" mt="xs" role="alert">
          {S.listFailed}
        </Text>
      ) : null}
    </Paper>
  );
}
