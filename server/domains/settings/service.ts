import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type {
  CategoryInput,
  CategoryListInput,
  CategoryType,
  CategoryUpdateInput,
  NamedInput,
  NamedUpdateInput,
} from '../../../shared/schemas/settings';
import {
  type NamedList,
  SETTINGS_LABELS,
  SETTINGS_TEXT,
  type SettingsList,
} from '../../../shared/texts/settings';
import type { Db, Store, Tx } from '../../db/open';
import { cakeSizes, cakes, categories, inventoryItems, units } from '../../db/schema';
import { conflictOnConstraint, fail } from '../../lib/errors';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';

const MODULE = 'Settings';

// ---- The lists: cake sizes, categories, units of measure -----------------------------------

export interface SettingEntry {
  id: number;
  name: string;
  createdAt: Date;
}

export interface CategoryEntry extends SettingEntry {
  type: CategoryType;
}

/** A change's answer: the message to show and the entry as it now stands. */
export interface Saved<Entry> {
  message: string;
  record: Entry;
}

/** How many inventory items and cakes point at an entry (one in use cannot be deleted). */
interface Usage {
  items: number;
  cakes: number;
}

const NO_USE: Usage = { items: 0, cakes: 0 };

interface NamedSpec {
  table: unknown;
  /** How many items and cakes use an entry; a list nothing points at leaves it out. */
  usage?: (tx: Store, id: number) => Usage;
}

/**
 * The lists that hold a name only (labels in shared/texts/settings.ts): each one's table
 * (id, name, createdAt; a unique index on lower(name)) and, when records point at its
 * entries, how many do. Its router and REST routes are made from this map.
 */
const NAMED = {
  size: {
    table: cakeSizes,
    usage: (tx, id) => ({ items: 0, cakes: countWhere(tx, cakes, eq(cakes.sizeId, id)) }),
  },
  uom: {
    table: units,
    usage: (tx, id) => ({ items: countWhere(tx, inventoryItems, eq(inventoryItems.unitId, id)), cakes: 0 }),
  },
} satisfies Record<NamedList, NamedSpec>;
type NamedTable = (typeof NAMED)[NamedList]['table'];

const byName = (table: NamedTable | typeof categories) => [asc(sql`lower(${table.name})`), asc(table.id)];

export function listNamed(db: Store, list: NamedList): SettingEntry[] {
  const { table } = NAMED[list];
  return db
    .select()
    .from(table)
    .orderBy(...byName(table))
    .all();
}

/** Both types, or one (the inventory and cake forms each want their own). Grouped by type. */
export function listCategories(db: Store, input: CategoryListInput = {}): CategoryEntry[] {
  return db
    .select()
    .from(categories)
    .where(input.type ? eq(categories.type, input.type) : undefined)
    .orderBy(asc(categories.type), ...byName(categories))
    .all();
}

function countWhere(tx: Store, table: typeof inventoryItems | typeof cakes, where: SQL): number {
  return tx.select({ n: count() }).from(table).where(where).get()?.n ?? 0;
}

function usageOf(tx: Store, list: SettingsList, id: number): Usage {
  if (list !== 'category') {
    const named: NamedSpec = NAMED[list];
    return named.usage?.(tx, id) ?? NO_USE;
  }
  return {
    items: countWhere(tx, inventoryItems, eq(inventoryItems.categoryId, id)),
    cakes: countWhere(tx, cakes, eq(cakes.categoryId, id)),
  };
}

const inUse = (usage: Usage) => usage.items + usage.cakes > 0;

/** Another entry of the list with this name, compared case-insensitively as the unique index does. */
function nameTaken(tx: Tx, table: NamedTable, name: string, exceptId?: number): boolean {
  const where = and(
    sql`lower(${table.name}) = lower(${name})`,
    exceptId === undefined ? undefined : ne(table.id, exceptId),
  );
  return tx.select({ id: table.id }).from(table).where(where).get() !== undefined;
}

function categoryNameTaken(tx: Tx, name: string, type: CategoryType, exceptId?: number): boolean {
  const where = and(
    eq(categories.type, type),
    sql`lower(${categories.name}) = lower(${name})`,
    exceptId === undefined ? undefined : ne(categories.id, exceptId),
  );
  return tx.select({ id: categories.id }).from(categories).where(where).get() !== undefined;
}

const immediate = { behavior: 'immediate' } as const;

// Cake sizes and units of measure: a name each.

export function addNamed(db: Db, actor: Viewer, list: NamedList, input: NamedInput): Saved<SettingEntry> {
  const { table } = NAMED[list];
  return db.transaction((tx) => {
    if (nameTaken(tx, table, input.name)) throw fail.conflict(SETTINGS_TEXT.duplicate(list, input.name));
    const record = conflictOnConstraint(
      () => tx.insert(table).values({ name: input.name }).returning().get(),
      () => SETTINGS_TEXT.duplicate(list, input.name),
      () => SETTINGS_TEXT.duplicate(list, input.name),
    );
    logActivity(tx, {
      userId: actor.user.id,
      action: `Add ${SETTINGS_TEXT.title(list)}`,
      module: MODULE,
      description: `Added ${labelOf(list)} "${record.name}"`,
    });
    return { message: SETTINGS_TEXT.added(list, record.name), record };
  }, immediate);
}

export function updateNamed(
  db: Db,
  actor: Viewer,
  list: NamedList,
  input: NamedUpdateInput,
): Saved<SettingEntry> {
  const { table } = NAMED[list];
  return db.transaction((tx) => {
    const before = tx.select().from(table).where(eq(table.id, input.id)).get();
    if (!before) throw fail.notFound(SETTINGS_TEXT.notFound(list));
    if (nameTaken(tx, table, input.name, before.id)) {
      throw fail.conflict(SETTINGS_TEXT.duplicate(list, input.name));
    }
    const record = conflictOnConstraint(
      () => tx.update(table).set({ name: input.name }).where(eq(table.id, before.id)).returning().get(),
      () => SETTINGS_TEXT.duplicate(list, input.name),
      () => SETTINGS_TEXT.duplicate(list, input.name),
    );
    logActivity(tx, {
      userId: actor.user.id,
      action: `Edit ${SETTINGS_TEXT.title(list)}`,
      module: MODULE,
      description:
        before.name === record.name
          ? `Edited ${labelOf(list)} "${record.name}" (no changes)`
          : `Renamed ${labelOf(list)} "${before.name}" to "${record.name}"`,
    });
    return { message: SETTINGS_TEXT.updated(list, record.name), record };
  }, immediate);
}

export function deleteNamed(db: Db, actor: Viewer, list: NamedList, id: number): { message: string } {
  const { table } = NAMED[list];
  return db.transaction((tx) => {
    const entry = tx.select().from(table).where(eq(table.id, id)).get();
    if (!entry) throw fail.notFound(SETTINGS_TEXT.notFound(list));
    refuseInUse(tx, list, entry);
    conflictOnConstraint(
      () => tx.delete(table).where(eq(table.id, id)).run(),
      () => SETTINGS_TEXT.notFound(list),
      () => SETTINGS_TEXT.inUse(entry.name, usageOf(tx, list, id)),
    );
    logActivity(tx, {
      userId: actor.user.id,
      action: `Delete ${SETTINGS_TEXT.title(list)}`,
      module: MODULE,
      description: `Deleted ${labelOf(list)} "${entry.name}"`,
    });
    return { message: SETTINGS_TEXT.deleted(list, entry.name) };
  }, immediate);
}

function refuseInUse(tx: Store, list: SettingsList, entry: { id: number; name: string }): void {
  const usage = usageOf(tx, list, entry.id);
  if (inUse(usage)) throw fail.conflict(SETTINGS_TEXT.inUse(entry.name, usage));
}

function labelOf(list: SettingsList, type?: CategoryType): string {
  return list === 'category' && type ? `${type} category` : SETTINGS_LABELS[list].one;
}

// Categories: a name and a type; names are unique within their type.

export function addCategory(db: Db, actor: Viewer, input: CategoryInput): Saved<CategoryEntry> {
  const duplicate = () => SETTINGS_TEXT.duplicate('category', input.name, input.type);
  return db.transaction((tx) => {
    if (categoryNameTaken(tx, input.name, input.type)) throw fail.conflict(duplicate());
    const record = conflictOnConstraint(
      () => tx.insert(categories).values({ name: input.name, type: input.type }).returning().get(),
      duplicate,
      duplicate,
    );
    logActivity(tx, {
      userId: actor.user.id,
      action: `Add ${SETTINGS_TEXT.title('category')}`,
      module: MODULE,
      description: `Added ${labelOf('category', record.type)} "${record.name}"`,
    });
    return { message: SETTINGS_TEXT.added('category', record.name), record };
  }, immediate);
}

/** A rename is always allowed; a change of type only while nothing uses the category. */
export function updateCategory(db: Db, actor: Viewer, input: CategoryUpdateInput): Saved<CategoryEntry> {
  const duplicate = () => SETTINGS_TEXT.duplicate('category', input.name, input.type);
  return db.transaction((tx) => {
    const before = tx.select().from(categories).where(eq(categories.id, input.id)).get();
    if (!before) throw fail.notFound(SETTINGS_TEXT.notFound('category'));
    if (categoryNameTaken(tx, input.name, input.type, before.id)) throw fail.conflict(duplicate());
    if (before.type !== input.type) {
      const usage = usageOf(tx, 'category', before.id);
      if (inUse(usage)) throw fail.conflict(SETTINGS_TEXT.typeInUse(before.name, usage));
    }
    const record = conflictOnConstraint(
      () =>
        tx
          .update(categories)
          .set({ name: input.name, type: input.type })
          .where(eq(categories.id, before.id))
          .returning()
          .get(),
      duplicate,
      duplicate,
    );
    const changes = [
      before.name !== record.name && `name "${before.name}" to "${record.name}"`,
      before.type !== record.type && `type ${before.type} to ${record.type}`,
    ].filter(Boolean);
    logActivity(tx, {
      userId: actor.user.id,
      action: `Edit ${SETTINGS_TEXT.title('category')}`,
      module: MODULE,
      description: `Edited ${labelOf('category', before.type)} "${before.name}"${
        changes.length ? `: ${changes.join(', ')}` : ' (no changes)'
      }`,
    });
    return { message: SETTINGS_TEXT.updated('category', record.name), record };
  }, immediate);
}

export function deleteCategory(db: Db, actor: Viewer, id: number): { message: string } {
  return db.transaction((tx) => {
    const entry = tx.select().from(categories).where(eq(categories.id, id)).get();
    if (!entry) throw fail.notFound(SETTINGS_TEXT.notFound('category'));
    refuseInUse(tx, 'category', entry);
    conflictOnConstraint(
      () => tx.delete(categories).where(eq(categories.id, id)).run(),
      () => SETTINGS_TEXT.notFound('category'),
      () => SETTINGS_TEXT.inUse(entry.name, usageOf(tx, 'category', id)),
    );
    logActivity(tx, {
      userId: actor.user.id,
      action: `Delete ${SETTINGS_TEXT.title('category')}`,
      module: MODULE,
      description: `Deleted ${labelOf('category', entry.type)} "${entry.name}"`,
    });
    return { message: SETTINGS_TEXT.deleted('category', entry.name) };
  }, immediate);
}
