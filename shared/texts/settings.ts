import type { CategoryType } from '../schemas/settings';
import { NAME_MAX } from './fields';
import { STORED_TEXT } from './storedText';

// The exact texts of the Settings screen, with the server's own messages for its lists.

export const CATEGORY_TYPES = ['inventory', 'cake'] as const;

/**
 * Every settings list, by the name its REST path uses (/api/settings/size), in the order the
 * screen shows them: its tRPC router (settings.sizes), one entry in a sentence, its section
 * and its add button. A new name-only list is a line here and one in the service's map.
 */
export const SETTINGS_LABELS = {
  size: { router: 'sizes', one: 'cake size', section: 'Cake Sizes', add: 'Add Size' },
  category: { router: 'categories', one: 'category', section: 'Categories', add: 'Add Category' },
  uom: { router: 'units', one: 'unit of measure', section: 'Units of Measure', add: 'Add Unit' },
} as const;
export type SettingsList = keyof typeof SETTINGS_LABELS;
/** The settings lists, as the REST URLs name them (here, not in the schemas, so screens load no zod). */
export const SETTINGS_LISTS = Object.keys(SETTINGS_LABELS) as SettingsList[];
/** The lists that hold a name only; categories also have a type. */
export type NamedList = Exclude<SettingsList, 'category'>;
export const NAMED_LISTS = SETTINGS_LISTS.filter((list): list is NamedList => list !== 'category');

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
  saveFailed: (section: string) => `Failed to save ${section}`,
  deleteFailed: 'Failed to delete item',
  noSection: 'No active section selected!',
  // A name is required; a category also requires a type.
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
  /** "Cake Size", "Unit of Measure": the modal's title and the activity log's action. */
  title: (list: SettingsList) =>
    SETTINGS_LABELS[list].one.replace(/\b\w/g, (c) => c.toUpperCase()).replace(' Of ', ' of '),
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

/** The Settings screen's Cake Orders section; the server's messages are in texts/cakeOrders.ts. */
export const ORDER_SETTINGS_TEXT = {
  section: 'Cake Orders',
  intro: 'The rules for cakes ordered ahead with a deposit.',
  minimumDeposit: 'Minimum deposit',
  minimumDepositHelp:
    'A whole percent of the order’s total, 0 to 100. Until it is paid the order stays Pending.',
  maxOrders: 'Most orders per pickup day',
  maxOrdersHelp: 'Leave empty for no limit.',
  noLimit: 'No limit',
  keepDeposit: 'A staff cancellation keeps the deposit',
  keepDepositHelp:
    'Yes: the shop keeps it. No: it is refunded. Admin, owner and manager choose when they cancel.',
  save: 'Save',
  saveFailed: 'Failed to save the cake order settings.',
} as const;
