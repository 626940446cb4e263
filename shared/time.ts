// Times are stored as UTC instants; the shop's calendar is Asia/Manila (UTC+8,
// no daylight saving), so Manila days are fixed 8-hour shifts of UTC.

const SHOP_TIME_ZONE = 'Asia/Manila';
const SHOP_LOCALE = 'en-PH';
/** How far Manila's clock is ahead of UTC; the one place the offset is written (SQL's manila_day too). */
export const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The Manila calendar year of an instant. */
export function manilaYear(at: Date = new Date()): number {
  return new Date(at.getTime() + MANILA_OFFSET_MS).getUTCFullYear();
}

/** The Manila calendar date (YYYY-MM-DD) of an instant. */
export function manilaDate(at: Date = new Date()): string {
  return new Date(at.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

const dateTime = new Intl.DateTimeFormat(SHOP_LOCALE, {
  timeZone: SHOP_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

export function formatDateTime(at: Date | string | number): string {
  return dateTime.format(new Date(at));
}

// A calendar date has no time zone: read and written as UTC, so no shift can move its day.
const calendarDay = new Intl.DateTimeFormat(SHOP_LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD) as the shop reads dates, "Nov 30, 2026"; blank for none. */
export function formatCalendarDate(day: string | null | undefined): string {
  return day ? calendarDay.format(new Date(`${day}T00:00:00Z`)) : '';
}

/** The range filters, as the API names them. */
export const RANGES = ['all', 'today', 'week', 'month', 'year'] as const;
export type Range = (typeof RANGES)[number];
export const RANGE_LABELS: Record<Range, string> = {
  all: 'All',
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
  year: 'This Year',
};

/**
 * The instant a Manila calendar period began: today, this week (from Sunday), this
 * month, this year. Null for all time. Every range is a Manila period.
 */
export function rangeStart(range: Range, now: Date = new Date()): Date | null {
  if (range === 'all') return null;
  const manila = new Date(now.getTime() + MANILA_OFFSET_MS); // its UTC fields read as Manila's
  const y = manila.getUTCFullYear();
  const m = manila.getUTCMonth();
  const d = manila.getUTCDate();
  const startUtcFields =
    range === 'today'
      ? Date.UTC(y, m, d)
      : range === 'week'
        ? Date.UTC(y, m, d - manila.getUTCDay())
        : range === 'month'
          ? Date.UTC(y, m, 1)
          : Date.UTC(y, 0, 1);
  return new Date(startUtcFields - MANILA_OFFSET_MS);
}

/** The instant a Manila calendar date (YYYY-MM-DD) begins. */
export function manilaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - MANILA_OFFSET_MS);
}

/** The calendar date `n` days after `day` (before, if negative). */
export function addDays(day: string, n: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + n);
  return at.toISOString().slice(0, 10);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every calendar date from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  // By milliseconds, not addDays per day: parsing each date again cost a chart's whole answer.
  const last = Date.parse(`${to}T00:00:00Z`);
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= last; at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** The Manila calendar week (Monday to Sunday) an instant falls in, as its first and last dates. */
export function manilaWeek(at: Date = new Date()): { start: string; end: string } {
  const day = manilaDate(at);
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(day, -sinceMonday);
  return { start, end: addDays(start, 6) };
}
