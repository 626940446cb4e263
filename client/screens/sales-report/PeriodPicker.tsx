import '@mantine/core/styles/SegmentedControl.css';
import { Group, SegmentedControl, TextInput } from '@mantine/core';
import type { PeriodInput, ReportRange } from '../../../shared/schemas/reports';
import { REPORT_TEXT } from '../../../shared/texts/reports';
import { RANGE_LABELS } from '../../../shared/time';

const LABELS: Record<ReportRange, string> = { ...RANGE_LABELS, custom: 'Custom' };
const ORDER: ReportRange[] = ['today', 'week', 'month', 'year', 'all', 'custom'];

export type ChosenPeriod = Required<Pick<PeriodInput, 'range'>> & { from: string; to: string };

/** Why a custom period cannot be shown (typed dates ignore the pickers' min and max), or null. */
export function periodProblem(period: ChosenPeriod): string | null {
  if (period.range !== 'custom') return null;
  if (!period.from || !period.to) return REPORT_TEXT.customNeedsDates;
  return period.from > period.to ? REPORT_TEXT.fromAfterTo : null;
}

/**
 * SPEC.md's ranges (Manila periods up to today) and a custom one from and to dates, both
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
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            type="date"
            label="From"
            value={value.from}
            max={value.to || today}
            onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            value={value.to}
            min={value.from}
            max={today}
            onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
            error={periodProblem(value)}
          />
        </Group>
      ) : null}
    </Group>
  );
}
