// Times are stored as UTC instants; the shop's calendar is Asia/Manila (UTC+8,
// no daylight saving), so Manila days are fixed 8-hour shifts of UTC.

export const SHOP_TIME_ZONE = 'Asia/Manila';
export const SHOP_LOCALE = 'en-PH';
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

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
