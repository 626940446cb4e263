import { Group, TextInput } from '@mantine/core';

/**
 * From and To, two date inputs, both days included: neither after today, From not after To
 * as the pickers offer them. Typed dates skip the pickers' limits, so the caller says what is
 * wrong with the pair in `error`, shown under To.
 */
export function DateRangeFields<Days extends { from: string; to: string }>({
  value,
  onChange,
  today,
  error,
}: {
  value: Days;
  onChange: (days: Days) => void;
  today: string;
  error?: string | null;
}) {
  return (
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
        error={error}
        onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
      />
    </Group>
  );
}
