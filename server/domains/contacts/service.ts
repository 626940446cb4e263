import { count, desc, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import type { ListInput } from '../../../shared/schemas/paging';
import type { Db, Store, Tx } from '../../db/open';
import { fail } from '../../lib/errors';
import { likePattern, pageOf, pageWindow, sortOrder } from '../../lib/paging';
import {
  type ActionModule,
  type Approval,
  applicableEdit,
  asStaffRequest,
  beforeValues,
  changedKeys,
  describeChanges,
  describeRecord,
  type FieldList,
  heldKind,
  mustRequest,
} from '../actionRequests/held';
import { logActivity } from '../activity/service';
import type { Viewer } from '../auth/viewer';

// Suppliers and customers are the same kind of record: a business id unique
// case-insensitively, a name, a few more text fields, created and updated times. This is
// their one service: a paged search, add, edit and delete, where a staff user's edit or
// delete is held as an action request (docs/rules.md, Held changes) and applied on approval through the
// same code, re-validated against the data as it is then.

/** Every contact record has these beside its own text fields. */
export interface ContactRow {
  id: number;
  createdAt: Date;
  updatedAt: Date | null;
}

/**
 * What the screen's form and the REST body carry: text fields (blank when not given) and
 * whole numbers (a supplier's lead time), which keep their value when an edit leaves them out.
 */
export type TextFields = Record<string, string | number | undefined> & { name: string };

export interface ContactSpec<
  Fields extends TextFields,
  SearchField extends keyof Fields & string,
  SortField extends string,
> {
  /** The module of activity rows and action requests: 'Supplier Management'. */
  module: ActionModule;
  /** The record in a sentence: 'supplier' ("Added supplier SUP-001 (Flour Co)"). */
  noun: string;
  /** Title-case for activity actions: 'Supplier' ("Edit Supplier"). */
  title: string;
  table: SQLiteTable;
  /** The field holding the business id (supplierId), unique case-insensitively and trimmed. */
  businessId: keyof Fields & string;
  /** Each field's name for people: action-request details and the log. */
  labels: Record<keyof Fields & string, string>;
  /** The fields' schema, to re-check a held change's payload when it is approved. */
  fields: z.ZodType<Fields>;
  sortFields: readonly SortField[];
  searchFields: readonly SearchField[];
  text: { notFound: string; duplicateId: string; saved: string; deleted: string; unchanged: string };
  /** Why the record cannot be deleted now (in use by other records), or null. */
  deleteRefusal?: (db: Store, row: Fields & ContactRow) => string | null;
}

export type Ref = number | string;
export type Saved<Row> = { message: string; record: Row };
export type Requested = { message: string; requested: true };

/** A held delete: the record's id. */
const heldDelete = z.object({ id: z.number().int() });

export function contactService<
  Fields extends TextFields,
  SearchField extends keyof Fields & string,
  SortField extends string,
>(spec: ContactSpec<Fields, SearchField, SortField>) {
  // What the table holds: every field, a number left out of an edit included.
  type Row = Required<Fields> & ContactRow;
  // Drizzle's table types do not survive being generic; the domain's spec ties table and fields.
  const table = spec.table as SQLiteTable & Record<string, SQLiteColumn>;
  const column = (key: string): SQLiteColumn => {
    const found = table[key];
    if (!found) throw new Error(`${spec.noun} has no column ${key}`);
    return found;
  };
  const id = column('id');
  const businessColumn = column(spec.businessId);
  const keys = Object.keys(spec.labels) as (keyof Fields & string)[];
  const isText = (key: string) => key in spec.labels;
  // Text sorts ignore case (and use the lower(name) index); times sort as they are.
  const sortColumns = Object.fromEntries(
    spec.sortFields.map((f) => [f, isText(f) ? sql`lower(${column(f)})` : column(f)]),
  ) as unknown as Record<SortField, SQLWrapper>;
  const natural = [desc(column('createdAt')), desc(id)];

  const select = (db: Store, where: SQL) => db.select().from(table).where(where).get() as Row | undefined;
  const byBusinessId = (db: Store, value: string) =>
    select(db, sql`lower(${businessColumn}) = lower(${value})`);
  const label = (row: Row) => `${spec.noun} ${row[spec.businessId]} (${row.name})`;

  /** By record id, or by business id (digits are tried as the record id first); 404 when neither. */
  function find(db: Store, ref: Ref): Row {
    const row =
      (typeof ref === 'number' ? select(db, eq(id, ref)) : undefined) ?? byBusinessId(db, String(ref).trim());
    if (!row) throw fail.notFound(spec.text.notFound);
    return row;
  }

  /** Business ids are unique case-insensitively (the input is already trimmed). */
  function assertIdFree(db: Store, value: string, exceptId?: number) {
    const clash = byBusinessId(db, value);
    if (clash && clash.id !== exceptId) throw fail.conflict(spec.text.duplicateId);
  }

  /** The record's fields as held changes, details and the log compare and show them. */
  const fieldsOf = (record: Fields): FieldList<keyof Fields & string> =>
    Object.fromEntries(
      keys.map((k) => {
        const value = String(record[k] ?? '');
        return [
          k,
          { label: spec.labels[k], value: record[k] ?? '', shown: value === '' ? '(blank)' : value },
        ];
      }),
    ) as FieldList<keyof Fields & string>;

  /** A held edit: the whole form, and the changed fields' values when asked (absent in older requests). */
  const heldUpdate = z.object({
    id: z.number().int(),
    fields: spec.fields,
    before: z.record(z.string(), z.unknown()).optional(),
  });

  /** "Label": "from → to" for each field an edit changes. */
  const changesOf = (row: Row, fields: Fields) => describeChanges(fieldsOf(row), fieldsOf(fields));

  function list(
    db: Store,
    input: ListInput<SortField> & { searchField?: SearchField | undefined },
  ): ReturnType<typeof pageOf<Row>> {
    let where: SQL | undefined;
    if (input.search) {
      const pattern = likePattern(input.search);
      const matches = (f: string) => sql`${column(f)} like ${pattern} escape '\\'`;
      where = input.searchField ? matches(input.searchField) : or(...spec.searchFields.map(matches));
    }
    const total = db.select({ n: count() }).from(table).where(where).get()?.n ?? 0;
    const { limit, offset } = pageWindow(input);
    const rows = db
      .select()
      .from(table)
      .where(where)
      .orderBy(...sortOrder(input, sortColumns, id, natural))
      .limit(limit)
      .offset(offset)
      .all() as Row[];
    return pageOf(rows, total, input);
  }

  /** Anyone allowed on the screen may add, staff too: only edits and deletes are held. */
  function add(db: Db, actor: Viewer, fields: Fields): Saved<Row> {
    return db.transaction(
      (tx) => {
        assertIdFree(tx, String(fields[spec.businessId]));
        const now = new Date();
        const record = tx
          .insert(table)
          .values({ ...fields, createdAt: now, updatedAt: now } as never)
          .returning()
          .get() as Row;
        logActivity(tx, {
          userId: actor.user.id,
          action: `Add ${spec.title}`,
          module: spec.module,
          description: `Added ${label(record)}`,
        });
        return { message: spec.text.saved, record };
      },
      { behavior: 'immediate' },
    );
  }

  /** Writes an edit already checked against the current data. */
  function applyUpdate(tx: Tx, actor: Viewer, row: Row, fields: Fields): Row {
    const changes = Object.entries(changesOf(row, fields));
    if (changes.length === 0) return row;
    assertIdFree(tx, String(fields[spec.businessId]), row.id);
    const record = tx
      .update(table)
      .set({ ...fields, updatedAt: new Date() } as never)
      .where(eq(id, row.id))
      .returning()
      .get() as Row;
    logActivity(tx, {
      userId: actor.user.id,
      action: `Edit ${spec.title}`,
      module: spec.module,
      description: `Edited ${label(row)}: ${changes.map(([field, change]) => `${field} ${change}`).join(', ')}`,
    });
    return record;
  }

  function applyDelete(tx: Tx, actor: Viewer, row: Row): void {
    const refusal = spec.deleteRefusal?.(tx, row);
    if (refusal) throw fail.conflict(refusal);
    tx.delete(table).where(eq(id, row.id)).run();
    logActivity(tx, {
      userId: actor.user.id,
      action: `Delete ${spec.title}`,
      module: spec.module,
      description: `Deleted ${label(row)}`,
    });
  }

  /** An edit: applied, or held for approval when a staff user makes it (checked first either way). */
  function update(db: Db, actor: Viewer, input: Fields & { id: Ref }): Saved<Row> | Requested {
    const { id: ref, ...rest } = input;
    return db.transaction(
      (tx) => {
        const row = find(tx, ref);
        // A field the edit leaves out (only numbers can be: text reads as blank) keeps its value.
        const fields = Object.fromEntries(
          keys.map((k) => [k, (rest as unknown as Partial<Fields>)[k] ?? row[k]]),
        ) as unknown as Fields;
        const changed = changedKeys(fieldsOf(row), fieldsOf(fields));
        if (changed.length === 0) return { message: spec.text.unchanged, record: row };
        assertIdFree(tx, String(fields[spec.businessId]), row.id);
        if (mustRequest(actor)) {
          return asStaffRequest(tx, actor, {
            module: spec.module,
            requestType: 'update',
            targetId: String(row[spec.businessId]),
            details: changesOf(row, fields),
            payload: {
              id: row.id,
              fields,
              before: beforeValues(fieldsOf(row), changed),
            } satisfies z.input<typeof heldUpdate>,
            summary: `edit ${spec.noun} ${row[spec.businessId]}`,
          });
        }
        return { message: spec.text.saved, record: applyUpdate(tx, actor, row, fields) };
      },
      { behavior: 'immediate' },
    );
  }

  /** A delete: applied, or held for approval when a staff user asks (refused at once if in use). */
  function deleteRecord(db: Db, actor: Viewer, ref: Ref): { message: string } | Requested {
    return db.transaction(
      (tx) => {
        const row = find(tx, ref);
        if (mustRequest(actor)) {
          const refusal = spec.deleteRefusal?.(tx, row);
          if (refusal) throw fail.conflict(refusal);
          return asStaffRequest(tx, actor, {
            module: spec.module,
            requestType: 'delete',
            targetId: String(row[spec.businessId]),
            details: describeRecord(fieldsOf(row)),
            payload: { id: row.id } satisfies z.input<typeof heldDelete>,
            summary: `delete ${spec.noun} ${row[spec.businessId]}`,
          });
        }
        applyDelete(tx, actor, row);
        return { message: spec.text.deleted };
      },
      { behavior: 'immediate' },
    );
  }

  const stored = (tx: Tx, recordId: number) => {
    const row = select(tx, eq(id, recordId));
    if (!row) throw fail.notFound(spec.text.notFound);
    return row;
  };

  // Approval: the held change goes through the same writes, against the record as it is now.
  const approval: Approval = {
    update: heldKind(heldUpdate, (tx, approver, { payload }) => {
      const row = stored(tx, payload.id);
      // Only the fields the request changed, and only while they are as they were then.
      const current = Object.fromEntries(keys.map((k) => [k, row[k]])) as unknown as Fields;
      applyUpdate(tx, approver, row, {
        ...current,
        ...applicableEdit(payload.before, fieldsOf(row), payload.fields),
      });
    }),
    delete: heldKind(heldDelete, (tx, approver, { payload }) =>
      applyDelete(tx, approver, stored(tx, payload.id)),
    ),
    otherType: (type) => `A ${spec.noun} cannot be ${type}ed.`,
  };

  return { list, find, add, update, deleteRecord, approval };
}
