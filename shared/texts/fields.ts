/** The confirmations every list screen uses. */
export const FORM_TEXT = {
  confirmSave: 'Are you sure you want to save these changes?',
  confirmDelete: (name: string) => `Are you sure you want to delete "${name}"?`,
  loading: 'Loading...',
  somethingWrong: 'Something went wrong',
} as const;

/** Money read at the REST boundary (pesos); server/transport/restShapes.ts's pesosIn refuses what it cannot read. */
export const MONEY_TEXT = {
  pesos: (label: string) => `${label} must be an amount in pesos with at most two decimals, like 12.50.`,
} as const;

export const QUANTITY_TEXT = {
  decimals: (label: string) => `${label} can have at most three decimals, like 2.5 or 0.125.`,
} as const;

export const NAME_MAX = 120;

export const BUSINESS_ID_MAX = 40;
