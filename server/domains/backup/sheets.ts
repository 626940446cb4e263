import { toPesos } from '../../../shared/money';
import { type Column, PESO_FORMAT } from '../../lib/xlsx';

// Pieces every area's sheets are built from: field names to column specs, pesos, ISO
// instants, and rows read a thousand at a time.

export const CHUNK = 1000;
export const iso = (at: Date | null) => (at ? at.toISOString() : null);
export const pesos = (centavos: number | null) => (centavos === null ? null : toPesos(centavos));

/** Column specs from field names: `money` ones are pesos. */
export function columns<Row>(
  fields: Record<string, (row: Row) => string | number | null>,
  money: string[] = [],
) {
  return Object.entries(fields).map(
    ([header, value]): Column<Row> => ({
      header,
      value,
      ...(money.includes(header) ? { numFmt: PESO_FORMAT } : {}),
    }),
  );
}

/** Rows in id order, a thousand at a time, so a big shop never sits in memory whole. */
export function byId<Row extends { id: number }>(page: (afterId: number, limit: number) => Row[]) {
  return function* chunks() {
    for (let after = 0; ; ) {
      const rows = page(after, CHUNK);
      if (rows.length > 0) yield rows;
      if (rows.length < CHUNK) return;
      after = rows[rows.length - 1]?.id ?? after;
    }
  };
}
