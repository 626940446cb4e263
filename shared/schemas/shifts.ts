import { z } from 'zod';
import { SHIFT_TEXT } from '../texts/shifts';
import { isCalendarDate, MONEY_MAX_CENTAVOS, recordId } from './fields';
import { terminalRef } from './terminals';
import { storedText } from './text';

// The cashier's shift, its cash movements, the X and Z readings, and the
// SC/PWD sales book. Money in centavos (REST converts pesos at its edge).

/** A variance above this (either way) makes a notification: ₱100.00. */
export const VARIANCE_ALERT = 10_000;

const cash = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(MONEY_MAX_CENTAVOS, message);

export const openShiftInput = z.object(
  { openingCash: cash(SHIFT_TEXT.openingCash), terminalId: terminalRef },
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

const reasonText = (empty: string, label: string) =>
  z
    .string({ error: empty })
    .trim()
    .max(200, `${label} must be at most 200 characters.`)
    .check(storedText(label));

/**
 * Closing a shift with the cash counted; `reason` is kept on it (required when a manager
 * closes another cashier's shift, e.g. one left open on the tablet).
 */
export const closeShiftInput = z.object({
  id: recordId(SHIFT_TEXT.notFound),
  countedCash: cash(SHIFT_TEXT.countedCash),
  reason: reasonText(SHIFT_TEXT.closeReason, 'The close reason')
    .nullish()
    .transform((r) => r || null),
});

/** Voiding a cash movement (by its id), with why. */
export const voidCashInput = z.object({
  id: recordId(SHIFT_TEXT.cashNotFound),
  reason: reasonText(SHIFT_TEXT.voidReason, 'The void reason').min(1, SHIFT_TEXT.voidReason),
});

/**
 * Take Z reading of a terminal (by default the first): `requestKey` is made by the screen once
 * per confirmation, so a double click or a retried request answers the reading already taken.
 * Without it, each call takes one. `allowEmpty` takes one with nothing to count on purpose.
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
    terminalId: terminalRef,
    allowEmpty: z.boolean({ error: SHIFT_TEXT.badAllowEmpty }).optional(),
  })
  .default({ terminalId: null });

const day = z.string({ error: SHIFT_TEXT.badRange }).refine(isCalendarDate, SHIFT_TEXT.badRange);

/** A span of Manila days; both ends optional (the last 30 days, to today). */
export const daysInput = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, SHIFT_TEXT.badRange);
