import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SHOP_NAME } from '../../../shared/constants';
import type { ShopProfileInput } from '../../../shared/schemas/settings';
import { SETTINGS_TEXT } from '../../../shared/texts/settings';
import type { Db, Store } from '../../db/open';
import { prepared } from '../../db/prepared';
import { settings } from '../../db/schema';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';

export interface ShopProfile {
  businessName: string;
  address: string;
  contact: string;
  tin: string;
  /** The BIR permit number, once the shop has one; blank until then. */
  birPermitNumber: string;
}

const DEFAULT_PROFILE: ShopProfile = {
  businessName: DEFAULT_SHOP_NAME,
  address: '',
  contact: '',
  tin: '',
  birPermitNumber: '',
};

/** The shop's name and address for the login footer and receipts; a sensible default until set. */
export function shopProfile(db: Store): ShopProfile {
  // On every invoice: prepared once.
  const row = prepared(db, 'settings.shopProfile', () =>
    db
      .select()
      .from(settings)
      .where(eq(settings.key, sql.placeholder('key')))
      .prepare(),
  ).get({ key: 'shopProfile' });
  if (!row) return DEFAULT_PROFILE;
  const saved = JSON.parse(row.value) as Partial<ShopProfile>;
  return { ...DEFAULT_PROFILE, ...saved, businessName: saved.businessName?.trim() || DEFAULT_SHOP_NAME };
}

const LABELS: Record<keyof ShopProfile, string> = {
  businessName: 'business name',
  address: 'address',
  contact: 'contact line',
  tin: 'TIN',
  birPermitNumber: 'BIR permit number',
};

/** Saves the whole profile (admin, owner) and logs which of its lines changed. */
export function saveShopProfile(
  db: Db,
  actor: Viewer,
  input: ShopProfileInput,
): { message: string; profile: ShopProfile } {
  return db.transaction(
    (tx) => {
      const before = shopProfile(tx);
      const value = JSON.stringify(input);
      tx.insert(settings)
        .values({ key: 'shopProfile', value })
        .onConflictDoUpdate({ target: settings.key, set: { value } })
        .run();
      const changed = (Object.keys(LABELS) as (keyof ShopProfile)[]).filter((k) => before[k] !== input[k]);
      logActivity(tx, {
        userId: actor.user.id,
        action: 'Edit Shop Profile',
        module: 'Settings',
        description: changed.length
          ? `Changed the shop profile's ${changed.map((k) => LABELS[k]).join(', ')}`
          : 'Saved the shop profile (no changes)',
      });
      return { message: SETTINGS_TEXT.profileSaved, profile: shopProfile(tx) };
    },
    { behavior: 'immediate' },
  );
}
