import { eq, inArray } from 'drizzle-orm';
import type { CakeFields } from '../../../shared/schemas/cakes';
import { CAKE_TEXT } from '../../../shared/texts/cakes';
import type { Tx } from '../../db/open';
import { cakeSizes, categories, inventoryItems } from '../../db/schema';
import { fail } from '../../lib/errors';
import { findCakeByCakeId } from './queries';

// What a cake's add or edit must satisfy beyond its schema: a cake category, a size and
// recipe items that exist, one cake id per cake.

export function checkRefs(tx: Tx, cake: CakeFields) {
  const category = tx.select().from(categories).where(eq(categories.id, cake.categoryId)).get();
  if (category?.type !== 'cake') throw fail.badRequest(CAKE_TEXT.badCategory);
  if (!tx.select().from(cakeSizes).where(eq(cakeSizes.id, cake.sizeId)).get())
    throw fail.badRequest(CAKE_TEXT.badSize);
  const ids = cake.ingredients.map((i) => i.itemId);
  const found = tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, ids))
    .all();
  if (found.length !== ids.length) throw fail.badRequest(CAKE_TEXT.badIngredient);
}

export function idTaken(tx: Tx, cakeId: string, except?: number): boolean {
  const found = findCakeByCakeId(tx, cakeId);
  return found !== undefined && found.id !== except;
}
