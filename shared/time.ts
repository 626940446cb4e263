// Times are stored as UTC instants; the shop's calendar is Asia/Manila (UTC+8,
// no daylight saving), so Manila days are fixed 8-hour shifts of UTC.

/** How far Manila's clock is ahead of UTC; the one place the offset is written (SQL's manila_day too). */
export const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The Manila calendar year of an instant. */
export function manilaYear(at: Date = new Date()): number {
  return new Date(at.getTime() + MANILA_OFFSET_MS).getUTCFullYear();
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The last day asked for: nearly every call asks for today (each list works out statuses for it). */
let lastDay = { date: '', from: 0, until: 0 };

/** The Manila calendar date (YYYY-MM-DD) of an instant. */
export function manilaDate(at: Date = new Date()): string {
  const ms = at.getTime();
  if (ms >= lastDay.from && ms < lastDay.until) return lastDay.date;
  const date = new Date(ms + MANILA_OFFSET_MS).toISOString().slice(0, 10);
  // Manila keeps one offset all year, so a day is always 24 hours from its midnight.
  const from = utcMidnight(date) - MANILA_OFFSET_MS;
  lastDay = { date, from, until: from + DAY_MS };
  return date;
}

// The formats below are Intl's en-PH ones (dateStyle medium, timeStyle short), written by hand:
// a page's first Intl formatter costs the tablet a long pause (shared/digits.ts), and Manila's
// fixed offset needs no time-zone data. tests/shared/formats.test.ts holds them to Intl's.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 30, 2026" from a Date whose UTC fields are the day to show. */
const dayOf = (at: Date) => `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()}`;
/** "9:05 AM" from a Date whose UTC fields are the time to show. */
const clockOf = (at: Date) =>
  `${at.getUTCHours() % 12 || 12}:${String(at.getUTCMinutes()).padStart(2, '0')} ${at.getUTCHours() < 12 ? 'AM' : 'PM'}`;
const inManila = (at: Date | string | number) => new Date(new Date(at).getTime() + MANILA_OFFSET_MS);

/** An instant as Manila reads it: "Dec 6, 2026, 9:05 AM". */
export function formatDateTime(at: Date | string | number): string {
  const manila = inManila(at);
  return `${dayOf(manila)}, ${clockOf(manila)}`;
}

/** An instant's Manila time of day: "9:05 AM". */
export function formatClock(at: Date | string | number): string {
  return clockOf(inManila(at));
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A calendar date's (YYYY-MM-DD) day of the week: "Sun". */
export function formatWeekday(day: string): string {
  return WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? '';
}

/** A calendar date (YYYY-MM-DD) without its year: "Dec 6". */
export function formatMonthDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}`;
}

/** A calendar date (YYYY-MM-DD) as the shop reads dates, "Nov 30, 2026"; blank for none. */
export function formatCalendarDate(day: string | null | undefined): string {
  // A calendar date has no time zone: read as UTC, so no shift can move its day.
  return day ? dayOf(new Date(`${day}T00:00:00Z`)) : '';
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

/**
 * Epoch milliseconds of a YYYY-MM-DD date's UTC midnight, as Date.parse reads
 * `${day}T00:00:00Z` (NaN for no date), by arithmetic where the text is plainly a date:
 * every list and report turns its dates into instants, and parsing text was 4% of a short
 * read. tests/shared/money-time.test.ts holds the two equal over every shape of text.
 */
export function utcMidnight(day: string): number {
  if (day.length === 10 && day.charCodeAt(4) === 45 && day.charCodeAt(7) === 45) {
    const year = digits(day, 0, 4);
    const month = digits(day, 5, 7);
    const date = digits(day, 8, 10);
    // Date.UTC reads years 0-99 as 1900-1999, and Date.parse refuses a month or day of 0.
    if (year >= 100 && month >= 1 && month <= 12 && date >= 1 && date <= 31)
      return Date.UTC(year, month - 1, date);
  }
  return Date.parse(`${day}T00:00:00Z`);
}

/** The number written in text[from, to), or -1 when any of it is not a digit. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** The instant a Manila calendar date (YYYY-MM-DD) begins. */
export function manilaDayStart(day: string): Date {
  return new Date(utcMidnight(day) - MANILA_OFFSET_MS);
}

/** The calendar date `n` days after `day` (before, if negative). */
export function addDays(day: string, n: number): string {
  return new Date(utcMidnight(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The last span asked for: the dashboard's chart asks for the same one all day. */
let lastSpan: { from: string; to: string; days: readonly string[] } = { from: '', to: '', days: [] };

/** Every calendar date from `from` to `to`, both included (frozen: the last span is shared). */
export function daysBetween(from: string, to: string): readonly string[] {
  if (from === lastSpan.from && to === lastSpan.to) return lastSpan.days;
  const days: string[] = [];
  // By milliseconds, not addDays per day: parsing each date again cost a chart's whole answer.
  const last = utcMidnight(to);
  for (let at = utcMidnight(from); at <= last; at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  lastSpan = { from, to, days: Object.freeze(days) };
  return lastSpan.days;
}

/** The Manila calendar week (Monday to Sunday) an instant falls in, as its first and last dates. */
export function manilaWeek(at: Date = new Date()): { start: string; end: string } {
  const day = manilaDate(at);
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(day, -sinceMonday);
  return { start, end: addDays(start, 6) };
}
