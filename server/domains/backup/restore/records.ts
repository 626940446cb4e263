import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { Tx } from '../../../db/open';
import type { Book } from './read';
import { changedFields, checkedRows, type Tally, tableWriter } from './rows';

/** An area of one sheet whose rows are one table's records, every field taken from the file. */
export interface RecordArea<T extends z.ZodObject> {
  sheet: string;
  /** Reads a row into the table's columns. */
  schema: T;
  idField: keyof z.infer<T> & string;
  table: SQLiteTable & { id: AnySQLiteColumn };
  businessId: AnySQLiteColumn;
}

/** Records by business id: new ones added, the others set to the file's values. */
export function restoreRecords<T extends z.ZodObject>(tx: Tx, book: Book, tally: Tally, area: RecordArea<T>) {
  const records = tableWriter<{ id: number }>(
    tx,
    area.sheet,
    area.table,
    area.businessId,
    Object.keys(area.schema.shape),
  );
  for (const { value } of checkedRows(book[area.sheet] ?? [], area.schema, area.idField, tally)) {
    const existing = records.find(String(value[area.idField]));
    if (!existing) {
      records.insert(value);
      tally.added++;
    } else if (changedFields(existing, value).length > 0) {
      records.update(existing.id, value);
      tally.updated++;
    } else tally.unchanged++;
  }
}
