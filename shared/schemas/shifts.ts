import { z } from 'zod';
import { isCalendarDate, MONEY_MAX_CENTAVOS, recordId } from './catalogue';
import { storedText } from './text';

// Issue 11: the cashier's shift, its cash movements, the X and Z readings, and the
// SC/PWD sales book. Money in centavos (REST converts pesos at its edge).

export const SHIFT_TEXT = {
  alreadyOpen: 'You already have an open shift. Close it before opening another.',
  noOpenShift: 'You have no open shift. Open one first.',
  notFound: 'That shift does not exist.',
  closed: 'That shift is already closed.',
  notYours: 'That is another cashier’s shift; a manager or above may act on it.',
  opened: 'Shift opened.',
  cashRecorded: (type: 'in' | 'out') => (type === 'in' ? 'Cash in recorded.' : 'Cash out recorded.'),
  closedOk: 'Shift closed.',
  openingCash: 'Opening cash must be an amount of ₱0.00 or more.',
  countedCash: 'Counted cash must be an amount of ₱0.00 or more.',
  cashAmount: 'The amount must be more than ₱0.00.',
  cashType: 'Choose cash in or cash out.',
  reason: 'Please enter the reason.',
  shiftsOpen: (names: string) =>
    `Close every open shift first (${names}); the end of day counts closed shifts only.`,
  dayClosed: (n: number) => `End of day taken: Z reading #${n}.`,
  badRange: 'Dates must be YYYY-MM-DD, from on or before to.',
  cashOutTooLarge: (expected: string) =>
    `Cash out cannot be more than the ${expected} expected in the drawer.`,
  /** The activity row of a cash movement; a manager's on another cashier's shift names both. */
  cashLogged: (
    type: 'in' | 'out',
    amount: string,
    shiftId: number,
    cashier: string,
    reason: string,
    by: string,
  ) =>
    by === cashier
      ? `Cash ${type} of ${amount} on shift #${shiftId}: ${reason}`
      : `Cash ${type} of ${amount} by ${by} on ${cashier}’s shift #${shiftId}: ${reason}`,
  badRequestKey: 'The request key must be text of 1 to 100 characters.',
  refundsOutside: 'Refunds outside any shift',
  // The Counter bar with no shift open: staff cannot sell yet; managers and up still can.
  noShiftStaff: 'No open shift. Press Open shift, count the drawer in, then sell.',
  noShiftOversee: 'No open shift. Sales still go through; open one to count the drawer.',
} as const;

/** A variance above this (either way) makes a notification: ₱100.00. */
export const VARIANCE_ALERT = 10_000;

const cash = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(MONEY_MAX_CENTAVOS, message);

export const openShiftInput = z.object(
  { openingCash: cash(SHIFT_TEXT.openingCash) },
  { error: SHIFT_TEXT.openingCash },
);

export const shiftIdInput = z.object({ id: recordId(SHIFT_TEXT.notFound) });

export const cashMoveInput = z.object({
  id: recordId(SHIFT_TEXT.notFound),
  type: z.enum(['in', 'out'], { error: SHIFT_TEXT.cashType }),
  amount: cash(SHIFT_TEXT.cashAmount).refine((n) => n > 0, SHIFT_TEXT.cashAmount),
  reason: z
    .string({ error: SHIFT_TEXT.reason })
    .trim()
    .min(1, SHIFT_TEXT.reason)
    .max(200, 'The reason must be at most 200 characters.')
    .check(storedText('The reason')),
});

export const closeShiftInput = z.object({
  id: recordId(SHIFT_TEXT.notFound),
  countedCash: cash(SHIFT_TEXT.countedCash),
});

/**
 * Take Z reading: `requestKey` is made by the screen once per confirmation, so a double click
 * or a retried request answers the reading already taken. Without it, each call takes one.
 */
export const endOfDayInput = z
  .object({
    requestKey: z
      .string({ error: SHIFT_TEXT.badRequestKey })
      .trim()
      .min(1, SHIFT_TEXT.badRequestKey)
      .max(100, SHIFT_TEXT.badRequestKey)
      .check(storedText('Request key'))
      .nullish(),
  })
  .default({});

const day = z.string({ error: SHIFT_TEXT.badRange }).refine(isCalendarDate, SHIFT_TEXT.badRange);

/** A span of Manila days; both ends optional (the last 30 days, to today). */
export const daysInput = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, SHIFT_TEXT.badRange);
