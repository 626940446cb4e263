import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTogether } from '../../server/db/groupCommit';
import { notifications } from '../../server/db/schema';
import { type TestShop, testApp } from '../helpers/app';

// Sales that arrive together share one commit (server/db/groupCommit.ts), each in a savepoint.

let shop: TestShop;
beforeAll(async () => {
  shop = await testApp();
});
afterAll(() => shop.close());

const note = (message: string) => (tx: Parameters<Parameters<typeof writeTogether>[1]>[0]) => {
  tx.insert(notifications).values({ type: 'info', message }).run();
  return shop.db.$client.inTransaction;
};

describe('writeTogether', () => {
  it('runs writes that arrive together in one transaction; a failing one rolls back alone', async () => {
    const before = await shop.db.$count(notifications);
    const writes = [
      writeTogether(shop.db, note('batch 1')),
      writeTogether(shop.db, (tx) => {
        note('batch 2 (fails)')(tx);
        throw new Error('short stock');
      }),
      writeTogether(shop.db, note('batch 3')),
    ];
    // Nothing runs until the batch is flushed, after this turn of the event loop.
    expect(await shop.db.$count(notifications)).toBe(before);
    const results = await Promise.allSettled(writes);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toEqual({ status: 'fulfilled', value: true });
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('short stock');
    const messages = shop.db
      .select()
      .from(notifications)
      .all()
      .map((n) => n.message)
      .filter((m) => m.startsWith('batch'));
    expect(messages).toEqual(['batch 1', 'batch 3']);
    expect(shop.db.$client.inTransaction).toBe(false);
  });

  it('answers only after the commit: a later batch sees the earlier one written', async () => {
    await writeTogether(shop.db, note('first'));
    const seen = await writeTogether(shop.db, (tx) =>
      tx
        .select()
        .from(notifications)
        .all()
        .some((n) => n.message === 'first'),
    );
    expect(seen).toBe(true);
  });
});
