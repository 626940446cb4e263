import type { CakeStatus } from '../../../shared/schemas/cakes';
import type { ItemStatus } from '../../../shared/schemas/inventory';
import { PlainBadge } from '../../ui/plain';

/** Each status its colour, readable at a glance: good green, warning orange, gone red, dead dark. */
const LOOKS: Record<ItemStatus | CakeStatus, { color: string; variant: 'light' | 'filled' }> = {
  'Well-stocked': { color: 'green', variant: 'light' },
  Available: { color: 'green', variant: 'light' },
  'Low stock': { color: 'orange', variant: 'light' },
  'Expiring soon': { color: 'yellow', variant: 'filled' },
  'Out of stock': { color: 'red', variant: 'light' },
  'Out of season': { color: 'gray', variant: 'light' },
  Expired: { color: 'dark', variant: 'filled' },
};

/** A badge keeps its whole word in a narrow table; the table scrolls sideways instead. */
const WHOLE = { flexShrink: 0, overflow: 'visible' } as const;
const WHOLE_LABEL = { overflow: 'visible' } as const;

/** A product's status in a table row: a plain badge (client/ui/plain.tsx), one per row. */
export function StatusBadge({ status }: { status: ItemStatus | CakeStatus }) {
  const look = LOOKS[status] ?? { color: 'gray', variant: 'light' };
  return (
    <PlainBadge color={look.color} variant={look.variant} style={WHOLE} labelStyle={WHOLE_LABEL}>
      {status}
    </PlainBadge>
  );
}
