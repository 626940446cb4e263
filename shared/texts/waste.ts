// The exact texts of Waste (stock written off). The server, the screen and the tests all read
// them from here.

/** Why stock was written off. */
export const WASTE_REASONS = ['Expired', 'Damaged', 'Spoiled', 'Unsold', 'Other'] as const;
export type WasteReason = (typeof WASTE_REASONS)[number];

/** What a write-off takes stock from. */
export const WASTED_KINDS = ['item', 'cake'] as const;

export const WASTE_NOTE_MAX = 300;

export const WASTE_TEXT = {
  title: 'Waste',
  writeOff: 'Write Off',
  writeOffTitle: (name: string) => `Write off ${name}`,
  writeOffExpired: 'Write off expired',
  confirmExpired: (quantity: string, name: string) =>
    `Write off all ${quantity} expired of "${name}"? It leaves the books at what it cost.`,
  empty: 'Nothing written off in this period.',
  labels: {
    date: 'Date',
    item: 'Item',
    cake: 'Cake',
    kind: 'Write off',
    quantity: 'Quantity',
    reason: 'Reason',
    note: 'Note',
    cost: 'Cost',
    by: 'By',
    lot: 'Lot',
    week: 'Week of',
    total: 'Total',
  },
  anyLot: 'Any lot: the first to expire goes first',
  // The server's own.
  writtenOff: (quantity: string, name: string) => `Wrote off ${quantity} of "${name}".`,
  itemRequired: 'Choose an item or a cake to write off.',
  itemNotFound: 'That inventory item does not exist.',
  cakeNotFound: 'That cake does not exist.',
  itemOrCake: 'Write off an item or a cake, not both.',
  wholeCakes: 'Write off whole cakes.',
  lotOfItem: 'A lot is chosen only for an item; cakes leave their lots first-expiry-first-out.',
  reason: `Reason must be one of ${WASTE_REASONS.join(', ')}.`,
  lotNotFound: 'That lot is not one of this item’s lots with stock left.',
  notEnough: (name: string, have: string) => `Not enough "${name}" to write off: ${have} left.`,
  notEnoughInLot: (lotCode: string, have: string) => `Lot ${lotCode} holds only ${have}.`,
  noExpired: (name: string) => `"${name}" has no expired stock to write off.`,
} as const;
