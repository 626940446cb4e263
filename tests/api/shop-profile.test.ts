import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLogs, settings } from '../../server/db/schema';
import { DEFAULT_SHOP_NAME } from '../../shared/constants';
import { SETTINGS_TEXT } from '../../shared/texts/settings';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { expectTrpcError } from '../helpers/errors';

// The shop profile: Settings hold the business name, address, contact line and
// TIN (and the BIR permit number the receipt needs); the login footer and the receipt
// print them. Admin and owner change it; everyone, signed in or not, reads it.

let shop: TestShop;
let admin: Session;
beforeAll(async () => {
  shop = await testApp();
  admin = await shop.adminSession();
});
afterAll(() => shop.close());
beforeEach(() => {
  shop.db.delete(settings).where(eq(settings.key, 'shopProfile')).run();
});

const PROFILE = {
  businessName: 'Sweet Crumbs Baking Supply',
  address: '12 Mabini St., Quezon City',
  contact: '0917 555 0123 · hello@sweetcrumbs.ph',
  tin: '123-456-789-000',
  birPermitNumber: 'BIR-ATP-2025-0042',
};
const stored = () => shop.db.select().from(settings).where(eq(settings.key, 'shopProfile')).get();

describe('saving the shop profile', () => {
  it('saves every line, trimmed, for the login page and the receipt to read, and logs what changed', async () => {
    const answer = await admin.api.settings.saveShopProfile({
      ...PROFILE,
      address: `  ${PROFILE.address}  `,
    });
    expect(answer).toEqual({ message: SETTINGS_TEXT.profileSaved, profile: PROFILE });
    expect(await shop.caller().settings.shopProfile()).toEqual(PROFILE);
    const logged = shop.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'Edit Shop Profile'))
      .all()
      .at(-1);
    expect(logged).toMatchObject({
      userId: admin.user.id,
      module: 'Settings',
      description: "Changed the shop profile's business name, address, contact line, TIN, BIR permit number",
    });

    // The next save names only what it changed; blank lines stay blank.
    await admin.api.settings.saveShopProfile({ ...PROFILE, tin: '', birPermitNumber: '' });
    expect(await shop.caller().settings.shopProfile()).toMatchObject({ tin: '', birPermitNumber: '' });
    expect(
      shop.db.select().from(activityLogs).where(eq(activityLogs.action, 'Edit Shop Profile')).all().at(-1)
        ?.description,
    ).toBe("Changed the shop profile's TIN, BIR permit number");
  });

  it('is for admin and owner: a manager or staff is refused and nothing changes', async () => {
    const owner = await shop.signedIn('owner');
    await owner.api.settings.saveShopProfile(PROFILE);
    expect((await shop.caller().settings.shopProfile()).businessName).toBe(PROFILE.businessName);
    for (const role of ['manager', 'staff'] as const) {
      const someone = await shop.signedIn(role);
      await expectTrpcError(
        someone.api.settings.saveShopProfile({ ...PROFILE, businessName: 'Mine' }),
        'FORBIDDEN',
      );
    }
    await expectTrpcError(shop.caller().settings.saveShopProfile(PROFILE), 'UNAUTHORIZED');
    expect((await shop.caller().settings.shopProfile()).businessName).toBe(PROFILE.businessName);
  });

  it.each([
    ['a blank business name', { businessName: '   ' }, SETTINGS_TEXT.businessNameRequired],
    [
      'an address of 201 characters',
      { address: 'a'.repeat(201) },
      SETTINGS_TEXT.profileTooLong('Address', 200),
    ],
    ['a contact line with a line break', { contact: 'a\nb' }, SETTINGS_TEXT.profileOneLine('Contact line')],
    ['a TIN in words', { tin: 'one two three' }, SETTINGS_TEXT.tinFormat],
    ['a TIN of 8 digits', { tin: '12345678' }, SETTINGS_TEXT.tinFormat],
    ['a business name that is a number', { businessName: 42 }, SETTINGS_TEXT.profileText('Business name')],
  ])('refuses %s with its message and writes nothing', async (_, change, message) => {
    await expectTrpcError(
      admin.api.settings.saveShopProfile({ ...PROFILE, ...change } as typeof PROFILE),
      'BAD_REQUEST',
      message,
    );
    expect(stored()).toBeUndefined();
    expect((await shop.caller().settings.shopProfile()).businessName).toBe(DEFAULT_SHOP_NAME);
  });

  it('takes a TIN with spaces or without the branch code', async () => {
    for (const tin of ['123 456 789 000', '123456789', '123-456-789-00000']) {
      await admin.api.settings.saveShopProfile({ ...PROFILE, tin });
      expect((await shop.caller().settings.shopProfile()).tin).toBe(tin);
    }
  });
});
