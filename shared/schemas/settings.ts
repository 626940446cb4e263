import { z } from 'zod';
import { NAME_MAX, recordId } from './catalogue';
import { STORED_TEXT, storedText } from './text';

// The Settings screen's strings, with the server's own messages for
// the shop's rules (names unique case-insensitively, in-use entries refuse deletion).

/** The three settings lists, as the REST URLs name them. */
export const SETTINGS_LISTS = ['size', 'category', 'uom'] as const;
export type SettingsList = (typeof SETTINGS_LISTS)[number];

export const CATEGORY_TYPES = ['inventory', 'cake'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

/** How each list is named in a sentence, and its section on the screen. */
export const SETTINGS_LABELS: Record<SettingsList, { one: string; section: string }> = {
  size: { one: 'cake size', section: 'Cake Sizes' },
  category: { one: 'category', section: 'Categories' },
  uom: { one: 'unit of measure', section: 'Units of Measure' },
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "3 items use it", "1 cake uses it", "2 items and 1 cake use it". */
function users(count: { items: number; cakes: number }): string {
  const parts = [
    count.items > 0 && `${count.items} ${count.items === 1 ? 'item' : 'items'}`,
    count.cakes > 0 && `${count.cakes} ${count.cakes === 1 ? 'cake' : 'cakes'}`,
  ].filter(Boolean);
  const one = count.items + count.cakes === 1;
  return `${parts.join(' and ')} ${one ? 'uses' : 'use'} it`;
}

export const SETTINGS_TEXT = {
  // Toasts.
  saveFailed: (section: string) => `Failed to save ${section}`,
  deleteFailed: 'Failed to delete item',
  noSection: 'No active section selected!',
  // Form checks: name required; a category also requires a type.
  nameRequired: 'Please enter a name.',
  nameTooLong: `Name must be at most ${NAME_MAX} characters.`,
  nameOneLine: STORED_TEXT.oneLine('Name'),
  typeRequired: 'Please select a type (inventory or cake).',
  badTypeFilter: 'type must be inventory or cake.',
  badId: 'The id must be a positive whole number.',
  // Unique per list (per type for categories), case-insensitive.
  duplicate: (list: SettingsList, name: string, type?: CategoryType) =>
    list === 'category'
      ? `${type === 'inventory' ? 'An' : 'A'} ${type} category named "${name}" already exists.`
      : `A ${SETTINGS_LABELS[list].one} named "${name}" already exists.`,
  // In-use entries cannot be deleted; say how many records use them.
  inUse: (name: string, count: { items: number; cakes: number }) =>
    `Cannot delete "${name}": ${users(count)}.`,
  typeInUse: (name: string, count: { items: number; cakes: number }) =>
    `Cannot change the type of "${name}": ${users(count)}.`,
  notFound: (list: SettingsList) => `That ${SETTINGS_LABELS[list].one} does not exist.`,
  added: (list: SettingsList, name: string) => `${capitalized(SETTINGS_LABELS[list].one)} "${name}" added.`,
  updated: (list: SettingsList, name: string) =>
    `${capitalized(SETTINGS_LABELS[list].one)} "${name}" updated.`,
  deleted: (list: SettingsList, name: string) =>
    `${capitalized(SETTINGS_LABELS[list].one)} "${name}" deleted.`,
  noRows: (list: SettingsList) => `No ${SETTINGS_LABELS[list].section.toLowerCase()} yet.`,
  // The shop profile card.
  permitNotRecorded: 'Not yet recorded',
  notSet: 'Not set',
  profileSaved: 'Shop profile saved.',
  profileSaveFailed: 'Failed to save the shop profile.',
  businessNameRequired: 'Please enter the business name.',
  profileTooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  profileOneLine: STORED_TEXT.oneLine,
  profileText: (label: string) => `${label} must be text.`,
  tinFormat: 'TIN must be digits in groups, like 123-456-789-000.',
} as const;

/** One line of the shop profile: trimmed, at most `max` characters, no line breaks. */
const profileLine = (label: string, max: number) =>
  z
    .string({ error: SETTINGS_TEXT.profileText(label) })
    .trim()
    .max(max, SETTINGS_TEXT.profileTooLong(label, max))
    .check(storedText(label));

/** The shop profile as Settings saves it; the receipt and the login footer print it. */
export const shopProfileInput = z.object({
  businessName: profileLine('Business name', NAME_MAX).min(1, SETTINGS_TEXT.businessNameRequired),
  address: profileLine('Address', 200).default(''),
  contact: profileLine('Contact line', 120).default(''),
  // The BIR's 9 digits and branch code, grouped by dashes or spaces; blank until known.
  tin: profileLine('TIN', 20)
    .regex(/^(\d{3}[- ]?){2}\d{3}([- ]?\d{3,5})?$|^$/, SETTINGS_TEXT.tinFormat)
    .default(''),
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
