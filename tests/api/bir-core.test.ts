import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../server/db/schema';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { closeEveryShift } from '../helpers/counter';
import { rest } from '../helpers/rest';

// The BIR records' core: terminals, invoice and refund numbers per terminal, the journal's chain.

let shop: TestShop;
let admin: Session;

beforeAll(async () => {
  shop = await testApp();
  admin = await shop.signedIn('admin');
  shop.db
    .insert(inventoryItems)
    .values({ itemId: 'INV-BIR1', name: 'BIR Flour', stock: 100_000, unitPrice: 5000 })
    .run();
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

const sell = (terminalId?: number) =>
  rest(shop, 'POST', '/api/sales', admin.accessToken, {
    orderType: 'Walk-in',
    paymentMethod: 'Cash',
    items: [{ itemId: 'INV-BIR1', quantity: 1 }],
    ...(terminalId ? { terminalId } : {}),
  });

describe('invoice numbers, refund numbers and the journal', () => {
  it('numbers each terminal on its own series, refunds on theirs, and the chain verifies', async () => {
    const made = await rest(shop, 'POST', '/api/terminals', admin.accessToken, {
      name: 'Counter 2',
      min: '123456789',
      serialNumber: 'SN-2',
      permitNumber: 'FP-2',
      invoicePrefix: 'b2-',
    });
    expect(made.statusCode).toBe(201);
    const two = made.json().terminal;
    expect(two.invoicePrefix).toBe('B2-');
    const a = (await sell()).json().sale;
    const b = (await sell(two._id)).json().sale;
    const c = (await sell()).json().sale;
    expect([a.invoiceNumber, b.invoiceNumber, c.invoiceNumber]).toEqual([
      'INV1-000000001',
      'B2-000000001',
      'INV1-000000002',
    ]);
    expect(b.terminalId).toBe(two._id);
    const refunded = await rest(shop, 'POST', `/api/sales/${b._id}/refund`, admin.accessToken, {});
    expect(refunded.json().refundNumber).toBe('INV1-R000000001');
    const verified = await rest(shop, 'GET', '/api/journal/verify', admin.accessToken);
    expect(verified.json()).toEqual({ ok: true, rows: 5, firstBadSequence: null });
    expect(() => shop.db.$client.exec('update journal set amount = 1')).toThrow(/append-only/);
    expect(() => shop.db.$client.exec('delete from journal')).toThrow(/append-only/);
    const text = await rest(shop, 'GET', '/api/journal', admin.accessToken);
    expect(text.body.trim().split('\n')).toHaveLength(5);
  });
});
