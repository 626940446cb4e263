import { addDays } from '../../../shared/time';
import type { RouterOutputs } from '../../trpc';

export type BakePlan = RouterOutputs['production']['plan'];
export type PlanCake = BakePlan['cakes'][number];
export type BatchRow = RouterOutputs['production']['list']['batches'][number];

/** What the Bake dialog starts with: a plan line's cake and count (and its one order), or nothing. */
export interface BakeDraft {
  cakeId: string;
  name: string;
  quantity: number;
  orderNumber: string;
}

/** Whether a plan line's own Bake already bakes for its one order (nothing for the shelf). */
export const forItsOrder = (cake: PlanCake) => cake.orders.length === 1 && cake.forShelf === 0;

/** Whether a plan line has its own Bake: for its one order, or for the shelf. */
export const lineBakes = (cake: PlanCake) => cake.toBake > 0 && (forItsOrder(cake) || cake.forShelf > 0);

/**
 * A plan line's Bake as the dialog's start: all of it for its one order when that is all it
 * bakes, else what the shelf needs (its orders are baked for each on its own, so they are
 * reserved for them).
 */
export function draftOf(cake: PlanCake): BakeDraft {
  const oneOrder = forItsOrder(cake);
  return {
    cakeId: cake.cakeId,
    name: cake.name,
    quantity: Math.max(1, oneOrder ? cake.toBake : cake.forShelf),
    orderNumber: oneOrder ? (cake.orders[0] ?? '') : '',
  };
}

/**
 * Baking for one of a line's orders: the order's count is known only when it is the line's
 * one order; otherwise one, for the baker to set.
 */
export function orderDraftOf(cake: PlanCake, orderNumber: string): BakeDraft {
  return {
    cakeId: cake.cakeId,
    name: cake.name,
    quantity: cake.orders.length === 1 ? Math.max(1, cake.forOrders) : 1,
    orderNumber,
  };
}

/** Monday to Sunday of the week `day` falls in (Manila calendar dates). */
export function weekAround(day: string): { from: string; to: string } {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const from = addDays(day, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}
