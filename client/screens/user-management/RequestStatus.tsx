import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  active: 'green',
  deactivated: 'gray',
};

/** A badge in a narrow table keeps its whole word; the table scrolls sideways instead. */
export const NO_SHRINK = {
  root: { flexShrink: 0, overflow: 'visible', minWidth: 'max-content' },
  label: { overflow: 'visible' },
} as const;

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" tt="capitalize" styles={NO_SHRINK}>
      {status}
    </Badge>
  );
}
