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

/** A plan line as a Bake dialog's start: for its one order when it bakes for that order alone. */
export function draftOf(cake: PlanCake): BakeDraft {
  const oneOrder = cake.orders.length === 1 && cake.forShelf === 0;
  return {
    cakeId: cake.cakeId,
    name: cake.name,
    quantity: Math.max(1, cake.toBake),
    orderNumber: oneOrder ? (cake.orders[0] ?? '') : '',
  };
}

/** Monday to Sunday of the week `day` falls in (Manila calendar dates). */
export function weekAround(day: string): { from: string; to: string } {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const from = addDays(day, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}
