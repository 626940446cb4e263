import { z } from 'zod';

// Pieces every record form shares (settings lists, suppliers, customers, items, cakes).

const TEXT_MAX = 500;
/** ₱10,000,000.00: no price in a cake shop comes near it; keeps sums far inside safe integers. */
export const MONEY_MAX_CENTAVOS = 1_000_000_000;
export const STOCK_MAX = 10_000_000;

import { BUSINESS_ID_MAX, QUANTITY_TEXT } from '../texts/fields';
import { recordId } from './ids';
import { storedText } from './text';

export { recordId } from './ids';

/** A reference to another record that may be left empty (null). */
export const optionalRef = (message: string) => z.union([z.null(), recordId(message)], { error: message });

/** Free text that may be blank, trimmed. */
export const optionalText = (label: string, max = TEXT_MAX) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .check(storedText(label))
    .default('');

/** A business id (INV-…, a supplier's code): trimmed, blank allowed where the server generates one. */
export const businessId = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(BUSINESS_ID_MAX, `${label} must be at most ${BUSINESS_ID_MAX} characters.`)
    // Before the spaces rule: JavaScript counts a BOM and line separators as spaces.
    .check(storedText(label))
    .regex(/^[^\s]*$/, `${label} cannot contain spaces.`);

/** Whole centavos, never negative (tRPC sends centavos; REST converts pesos at its edge). */
export const centavos = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(
      MONEY_MAX_CENTAVOS,
      `Amounts above ₱${(MONEY_MAX_CENTAVOS / 100).toLocaleString('en-PH')} are not accepted.`,
    );

/**
 * A quantity of an inventory item in thousandths of its unit (docs/decisions.md), never
 * negative: 2.5 kg travels as 2500. Screens and REST convert with shared/quantity.ts.
 */
export const itemQuantity = (message: string, label: string) =>
  z
    .number({ error: message })
    .int(QUANTITY_TEXT.decimals(label))
    .min(0, message)
    .max(STOCK_MAX * 1000, `Quantities above ${STOCK_MAX.toLocaleString('en-PH')} are not accepted.`);

/** A whole count of stock, never negative. */
export const stockCount = (message: string) =>
  z
    .number({ error: message })
    .int('Stock must be a whole number.')
    .min(0, message)
    .max(STOCK_MAX, `Stock above ${STOCK_MAX.toLocaleString('en-PH')} is not accepted.`);

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date as YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_SHAPE.test(value)) return false;
  // By arithmetic, not by parsing a Date: every date filter of every report passes here.
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Days in `month` (1-12) of `year`, Gregorian leap years. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export const calendarDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD).` })
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD).`)
    .refine((v) => v >= '2000-01-01' && v <= '2199-12-31', `${label} must be between 2000 and 2199.`);

/** A calendar date or none (null); a number, a list or an object is refused with the date's message. */
export const optionalDate = (label: string) =>
  z.union([z.null(), calendarDate(label)], { error: `${label} must be a date (YYYY-MM-DD).` });

/**
 * A supplier or an item: its record id (a number, as the screen sends it) or its business id
 * (text, SUP-… or INV-…, as REST sends it); text is never read as a record id.
 */
export const recordRef = (message: string) =>
  z.union(
    [
      z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
      z.string({ error: message }).trim().min(1, message).max(BUSINESS_ID_MAX, message),
    ],
    { error: message },
  );
