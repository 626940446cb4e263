import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  active: 'green',
  deactivated: 'gray',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" tt="capitalize">
      {status}
    </Badge>
  );
}
