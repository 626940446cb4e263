import { z } from 'zod';
import { NAME_MAX } from '../texts/fields';
import { CATEGORY_TYPES, SETTINGS_TEXT } from '../texts/settings';
import { recordId } from './fields';
import { storedText } from './text';

// The Settings screen's strings, with the server's own messages for
// the shop's rules (names unique case-insensitively, in-use entries refuse deletion).

export type CategoryType = (typeof CATEGORY_TYPES)[number];

/** One line of the shop profile: trimmed, at most `max` characters, no line breaks. */
const profileLine = (label: string, max: number) =>
  z
    .string({ error: SETTINGS_TEXT.profileText(label) })
    .trim()
    .max(max, SETTINGS_TEXT.profileTooLong(label, max))
    .check(storedText(label));

/** The BIR's 9 digits and branch code, grouped by dashes or spaces; blank until known. */
export const TIN = /^(\d{3}[- ]?){2}\d{3}([- ]?\d{3,5})?$|^$/;

/** The shop profile as Settings saves it; the receipt and the login footer print it. */
export const shopProfileInput = z.object({
  businessName: profileLine('Business name', NAME_MAX).min(1, SETTINGS_TEXT.businessNameRequired),
  address: profileLine('Address', 200).default(''),
  contact: profileLine('Contact line', 120).default(''),
  tin: profileLine('TIN', 20).regex(TIN, SETTINGS_TEXT.tinFormat).default(''),
  birPermitNumber: profileLine('BIR permit number', 60).default(''),
});
export type ShopProfileInput = z.infer<typeof shopProfileInput>;

/** A list entry's name: trimmed, required, one line, at most NAME_MAX characters. */
const settingName = z
  .string({ error: SETTINGS_TEXT.nameRequired })
  .trim()
  .min(1, SETTINGS_TEXT.nameRequired)
  .max(NAME_MAX, SETTINGS_TEXT.nameTooLong)
  .check(storedText('Name'));

/** inventory or cake; " Cake " is read as cake, a blank or other value is refused. */
const categoryType = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(CATEGORY_TYPES, { error: SETTINGS_TEXT.typeRequired }),
);

const settingId = recordId(SETTINGS_TEXT.badId);

export const settingIdInput = z.object({ id: settingId });

/** A cake size or a unit of measure. */
export const namedInput = z.object({ name: settingName });
export type NamedInput = z.infer<typeof namedInput>;
export const namedUpdateInput = namedInput.extend({ id: settingId });
export type NamedUpdateInput = z.infer<typeof namedUpdateInput>;

export const categoryInput = z.object({ name: settingName, type: categoryType });
export type CategoryInput = z.infer<typeof categoryInput>;
export const categoryUpdateInput = categoryInput.extend({ id: settingId });
export type CategoryUpdateInput = z.infer<typeof categoryUpdateInput>;

/** GET /api/settings/category?type=inventory|cake; a blank or absent type lists both. */
export const categoryListInput = z
  .object({
    type: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(CATEGORY_TYPES, { error: SETTINGS_TEXT.badTypeFilter }).optional(),
    ),
  })
  .default({ type: undefined });
export type CategoryListInput = z.infer<typeof categoryListInput>;
