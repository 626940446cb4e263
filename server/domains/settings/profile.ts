import { eq } from 'drizzle-orm';
import { DEFAULT_SHOP_NAME } from '../../../shared/constants';
import type { Store } from '../../db/open';
import { settings } from '../../db/schema';

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
  const row = db.select().from(settings).where(eq(settings.key, 'shopProfile')).get();
  if (!row) return DEFAULT_PROFILE;
  const saved = JSON.parse(row.value) as Partial<ShopProfile>;
  return { ...DEFAULT_PROFILE, ...saved, businessName: saved.businessName?.trim() || DEFAULT_SHOP_NAME };
}
