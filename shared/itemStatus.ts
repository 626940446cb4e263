import type { ItemStatus } from './schemas/inventory';
import { addDays } from './time';

// The item status in one place: the inventory list's SQL (server/domains/inventory/
// queries.ts, held to this by tests/api/inventory-expiry.test.ts), the expiry notifications,
// the dashboard counts and the counter all follow what is written here.

/** An item or a cake that expires within this many days is "Expiring soon" (and announced). */
export const EXPIRY_WARNING_DAYS = 7;

/** The last Manila date that counts as "soon" seen from `today` (both YYYY-MM-DD). */
export const expiringSoonUntil = (today: string): string => addDays(today, EXPIRY_WARNING_DAYS);

/** Whether a date (YYYY-MM-DD, or none) falls from today up to the warning's last day. */
export function expiresSoon(expirationDate: string | null, today: string): boolean {
  return expirationDate !== null && expirationDate >= today && expirationDate <= expiringSoonUntil(today);
}

export interface StatusFields {
  stock: number;
  restockThreshold: number;
  expirationDate: string | null;
}

/**
 * In order of precedence: Expired (after its date, Manila time), Out of stock (0), Expiring
 * soon (within EXPIRY_WARNING_DAYS, still sellable), Low stock (at or below the threshold),
 * Well-stocked. An empty shelf says Out of stock even when its date is near: there is
 * nothing left to expire; a low shelf that expires soon says Expiring soon, the more urgent.
 */
export function itemStatus(item: StatusFields, today: string): ItemStatus {
  if (item.expirationDate !== null && item.expirationDate < today) return 'Expired';
  if (item.stock === 0) return 'Out of stock';
  if (expiresSoon(item.expirationDate, today)) return 'Expiring soon';
  if (item.stock <= item.restockThreshold) return 'Low stock';
  return 'Well-stocked';
}

/** The statuses the counter sells (stock aside): cakes' Available, and items not expired or empty. */
export const SELLABLE_STATUSES = ['Well-stocked', 'Low stock', 'Expiring soon', 'Available'] as const;
const SELLABLE: ReadonlySet<string> = new Set(SELLABLE_STATUSES);
export const sellableStatus = (status: string): boolean => SELLABLE.has(status);

/**
 * What the counter lists first, before what runs short and then the unsellable (its shelf
 * order, ranked in SQL by server/domains/sales/products.ts).
 */
export const FIRST_ON_SHELF = ['Well-stocked', 'Available'] as const;
