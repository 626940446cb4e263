import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAKE_ORDERS_TEXT as T } from '../../shared/texts/cakeOrders';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { rest } from '../helpers/rest';

// GET and PUT /api/settings/orders as the README's REST table tells them: every role
// reads the rules, admin and owner set them, bad input is a 400 {error} naming the field.

let shop: TestShop;
let owner: Session;
let staff: Session;

beforeAll(async () => {
  shop = await testApp();
  owner = await shop.signedIn('owner');
  staff = await shop.signedIn('staff');
});
afterAll(() => shop.close());

const put = (token: string, body: unknown) => rest(shop, 'PUT', '/api/settings/orders', token, body);

describe('/api/settings/orders', () => {
  it('reads the defaults, saves the owner’s rules and reads them back', async () => {
    const first = await rest(shop, 'GET', '/api/settings/orders', staff.accessToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      minimumDepositPercent: 50,
      maxOrdersPerDay: null,
      keepDepositOnStaffCancel: true,
    });
    const rules = { minimumDepositPercent: 25, maxOrdersPerDay: 8, keepDepositOnStaffCancel: false };
    const saved = await put(owner.accessToken, rules);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: T.settingsSaved, settings: rules });
    expect((await rest(shop, 'GET', '/api/settings/orders', staff.accessToken)).json()).toEqual(rules);
  });

  it('refuses staff and bad values, writing nothing', async () => {
    const before = (await rest(shop, 'GET', '/api/settings/orders', owner.accessToken)).json();
    const ok = { minimumDepositPercent: 10, maxOrdersPerDay: null, keepDepositOnStaffCancel: true };
    expect((await put(staff.accessToken, ok)).statusCode).toBe(403);
    for (const [body, message] of [
      [{ ...ok, minimumDepositPercent: 101 }, T.minimumDepositPercent],
      [{ ...ok, minimumDepositPercent: 12.5 }, T.minimumDepositPercent],
      [{ ...ok, maxOrdersPerDay: 0 }, T.maxOrdersPerDay],
      [{ ...ok, keepDepositOnStaffCancel: 'yes' }, T.keepDeposit],
    ] as const) {
      const res = await put(owner.accessToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    }
    expect((await rest(shop, 'GET', '/api/settings/orders', owner.accessToken)).json()).toEqual(before);
  });
});
