import { Badge } from '@mantine/core';
import type { PoStatus } from '../../../shared/texts/purchasing';

/** Each state its colour: a draft grey, on its way blue, arriving orange, done green, cancelled red. */
const LOOKS: Record<PoStatus, { color: string; variant: 'light' | 'filled' }> = {
  Draft: { color: 'gray', variant: 'light' },
  Ordered: { color: 'blue', variant: 'light' },
  'Partly received': { color: 'orange', variant: 'light' },
  Received: { color: 'green', variant: 'light' },
  Cancelled: { color: 'red', variant: 'light' },
};

/** A badge keeps its whole words in a narrow table; the table scrolls sideways instead. */
const WHOLE = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

export function PoStatusBadge({ status }: { status: PoStatus }) {
  const look = LOOKS[status] ?? { color: 'gray', variant: 'light' };
  return (
    <Badge color={look.color} variant={look.variant} tt="none" styles={WHOLE} autoContrast>
      {status}
    </Badge>
  );
}
