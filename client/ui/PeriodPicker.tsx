import '@mantine/core/styles/SegmentedControl.css';
import { Group, SegmentedControl } from '@mantine/core';
import type { PeriodInput, ReportRange } from '../../shared/schemas/reports';
import { REPORT_TEXT } from '../../shared/texts/reports';
import { RANGE_LABELS } from '../../shared/time';
import { DateRangeFields } from './DateRangeFields';

const LABELS: Record<ReportRange, string> = { ...RANGE_LABELS, custom: 'Custom' };
const ORDER: ReportRange[] = ['today', 'week', 'month', 'year', 'all', 'custom'];

export type ChosenPeriod = Required<Pick<PeriodInput, 'range'>> & { from: string; to: string };

/** This month so far, as a screen first shows it; Custom starts from the month's first day. */
export const thisMonth = (today: string): ChosenPeriod => ({
  range: 'month',
  from: `${today.slice(0, 8)}01`,
  to: today,
});

/** Why a custom period cannot be shown (typed dates ignore the pickers' min and max), or null. */
function periodProblem(period: ChosenPeriod): string | null {
  if (period.range !== 'custom') return null;
  if (!period.from || !period.to) return REPORT_TEXT.customNeedsDates;
  return period.from > period.to ? REPORT_TEXT.fromAfterTo : null;
}

/** What the server is asked: a custom range only once both dates are chosen, in order. */
export function periodAsked(chosen: ChosenPeriod): PeriodInput | null {
  if (chosen.range !== 'custom') return { range: chosen.range };
  return periodProblem(chosen) ? null : chosen;
}

/**
 * The report's ranges (Manila periods up to today) and a custom one from and to dates, both
 * included. A custom period that cannot be shown says why under its dates.
 */
export function PeriodPicker({
  value,
  onChange,
  today,
}: {
  value: ChosenPeriod;
  onChange: (period: ChosenPeriod) => void;
  today: string;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Date range"
        value={value.range}
        onChange={(range) => onChange({ ...value, range: range as ReportRange })}
        data={ORDER.map((r) => ({ value: r, label: LABELS[r] }))}
      />
      {value.range === 'custom' ? (
        <DateRangeFields value={value} onChange={onChange} today={today} error={periodProblem(value)} />
      ) : null}
    </Group>
  );
}
