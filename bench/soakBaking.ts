// The soak's production till (bench/soakRounds.ts): batches of a cake, one at a time, each
// taking its ingredients from their lots first-expiry-first-out (the deliveries' dated lots
// before the undated opening ones) and making a cake lot. A batch has no idempotency key and
// one till sends them in turn, so after a kill the file holds an unanswered batch exactly
// when it holds one batch that no answer named (bench/soakCheck.ts matches it to the sent one).
import { between, pesos, pick, type SoakRun } from './soakRun';
import type { Batch } from './soakTypes';

const INGREDIENTS = 6;
/** Units of each ingredient's opening lot (undated: FEFO takes it last). */
const INGREDIENT_STOCK = 100_000;
const CAKES = 3;
/** Batches of 500 of each cake baked while seeding: what the pickups take from the shelf. */
const SEED_BATCHES = 2;

const batchNumberOf = (text: unknown) => Number(String(text).replace(/^BATCH-/, ''));

export class Baking {
  constructor(readonly run: SoakRun) {}

  /** Ingredients with big undated opening lots, cakes with recipes, and cakes on the shelf. */
  async seed() {
    const { run } = this;
    for (let i = 0; i < INGREDIENTS; i++) {
      const { item } = await run.must<{ item: { _id: number; itemId: string } }>(
        201,
        'POST',
        '/api/inventory',
        {
          name: `Soak Ingredient ${i + 1}`,
          stock: INGREDIENT_STOCK,
          unitPrice: 80 + i,
          purchasePrice: 40 + i,
        },
      );
      run.known.ingredients.push({ id: item._id, code: item.itemId, initial: INGREDIENT_STOCK * 1000 });
    }
    const category = await run.must<{ record: { _id: number } }>(201, 'POST', '/api/settings/category', {
      name: 'Soak Cakes',
      type: 'cake',
    });
    const size = await run.must<{ record: { _id: number } }>(201, 'POST', '/api/settings/size', {
      name: 'Soak 8-inch',
    });
    const ingredients = run.known.ingredients;
    for (let c = 0; c < CAKES; c++) {
      const price = 85_000 + c * 12_345;
      // Two or three ingredients each, the cakes sharing some, in thousandths per cake.
      const recipe = ingredients
        .filter((_, i) => i === c || i === c + CAKES || (c === 0 && i === 1))
        .map((item, i) => ({ itemId: item.id, quantity: 250 * (i + 1) + c * 125 }));
      const { cake } = await run.must<{ cake: { _id: number; cakeId: string; name: string } }>(
        201,
        'POST',
        '/api/cake/add',
        {
          name: `Soak Cake ${c + 1}`,
          category: category.record._id,
          size: size.record._id,
          availability: 'Regular',
          price: pesos(price),
          stock: 0,
          shelfLifeDays: 365,
          ingredients: recipe.map((r) => ({ inventoryItem: r.itemId, quantity: r.quantity / 1000 })),
        },
      );
      run.known.cakes.push({ id: cake._id, code: cake.cakeId, name: cake.name, price, recipe });
      for (let b = 0; b < SEED_BATCHES; b++) {
        const made = await run.must<{ batch: { batchNumber: string } }>(201, 'POST', '/api/production', {
          cakeId: cake.cakeId,
          quantity: 500,
        });
        run.known.batches.push({
          round: 0,
          cakeId: cake._id,
          quantity: 500,
          number: batchNumberOf(made.batch.batchNumber),
          answered: true,
          unanswered: false,
          settled: true,
        });
      }
    }
  }

  /** The production till: batches of one to four of a cake, one at a time. */
  async bakingTill(rng: () => number): Promise<void> {
    const { run } = this;
    while (!run.stopping) {
      const cake = pick(rng, run.known.cakes);
      const batch: Batch = {
        round: run.round,
        cakeId: cake.id,
        quantity: between(rng, 1, 4),
        answered: false,
        unanswered: false,
        settled: false,
      };
      run.known.batches.push(batch);
      const answer = await run.send('batch', 'POST', '/api/production', {
        cakeId: cake.code,
        quantity: batch.quantity,
      });
      if (answer.status === 0) {
        batch.unanswered = true;
        run.count.unanswered++;
        continue;
      }
      const made = answer.body.batch as
        | {
            batchNumber: string;
            cakeId: string;
            quantity: number;
            ingredients: { itemId: string; quantity: number }[];
          }
        | undefined;
      if (answer.status !== 201 || !made) {
        run.fail(`baking ${batch.quantity} of ${cake.code}: ${answer.status} ${JSON.stringify(answer.body)}`);
        continue;
      }
      const got = made.ingredients
        .map((i) => `${i.itemId}x${Math.round(i.quantity * 1000)}`)
        .sort()
        .join(',');
      const want = cake.recipe
        .map(
          (r) =>
            `${run.known.ingredients.find((i) => i.id === r.itemId)!.code}x${r.quantity * batch.quantity}`,
        )
        .sort()
        .join(',');
      if (made.cakeId !== cake.code || made.quantity !== batch.quantity || got !== want)
        run.fail(
          `${made.batchNumber}: answered ${made.cakeId} x${made.quantity} [${got}], sent ${cake.code} x${batch.quantity} [${want}]`,
        );
      batch.answered = true;
      batch.number = batchNumberOf(made.batchNumber);
      run.count.batches++;
    }
  }

  /** After a restart: an unanswered batch was made exactly when the file holds a batch no answer named. */
  settle(found: { number: number; cakeId: number; quantity: number }[]) {
    const { run } = this;
    const named = new Set(run.known.batches.flatMap((b) => (b.number === undefined ? [] : [b.number])));
    const unnamed = found.filter((b) => !named.has(b.number));
    for (const batch of run.known.batches) {
      if (!batch.unanswered || batch.settled) continue;
      const made = unnamed.find((b) => b.cakeId === batch.cakeId && b.quantity === batch.quantity);
      if (made) {
        batch.number = made.number;
        unnamed.splice(unnamed.indexOf(made), 1);
      }
      batch.settled = true;
    }
  }

  /** The restarted server lists every batch made. */
  async verifyOverHttp() {
    const { run } = this;
    const made = run.known.batches.filter((b) => b.number !== undefined).length;
    const list = await run.ask('GET', '/api/production?page=1&limit=1');
    if (list.status !== 200 || list.body.total !== made)
      run.fail(
        `GET /api/production after restart: ${list.status}, total ${list.body.total}; ${made} batches made`,
      );
  }
}
