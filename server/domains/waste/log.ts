import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import type { WriteOffInput } from '../../../shared/schemas/waste';
import type { Tx } from '../../db/open';
import { wasteEntries } from '../../db/schema';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';

export const WASTE_MODULE = 'Waste';

/** Where a write-off came from, for its row in the log. */
export interface Source {
  kind: 'item' | 'cake';
  itemId: number | null;
  cakeId: number | null;
  record: string;
  name: string;
  lotId: number | null;
}

/** The waste log's row and the activity row of a write-off already taken from the lots. */
export function logWriteOff(
  tx: Tx,
  actor: Viewer,
  source: Source,
  input: Pick<WriteOffInput, 'quantity' | 'reason' | 'note'>,
  cost: number,
  now: Date,
  requestedBy: number | null,
) {
  const entry = tx
    .insert(wasteEntries)
    .values({
      ...source,
      quantity: input.quantity,
      reason: input.reason,
      note: input.note,
      cost,
      createdAt: now,
      createdBy: actor.user.id,
      requestedBy,
    })
    .returning()
    .get();
  logActivity(tx, {
    userId: actor.user.id,
    action: 'Write Off',
    module: WASTE_MODULE,
    description: `Wrote off ${formatQuantity(input.quantity)} of ${source.record} "${source.name}" (${input.reason}${input.note ? `: ${input.note}` : ''}), ${formatPeso(cost)}`,
  });
  return entry;
}
