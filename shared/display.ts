// How small values read, the same on screen, in change notes and in the point of sale.

/** A yes-or-no field: "Yes" or "No". */
export const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');

/** "1 kg", "500 g": an item's amount with its unit; the amount alone without one; '' for neither. */
export const amountText = (amount: number | null, unit: string | null): string =>
  unit ? `${amount} ${unit}` : amount ? String(amount) : '';
