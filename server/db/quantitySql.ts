import { type SQLWrapper, sql } from 'drizzle-orm';
import { QUANTITY_SCALE } from '../../shared/quantity';

const scale = sql.raw(String(QUANTITY_SCALE));
const half = sql.raw(String(QUANTITY_SCALE / 2));

/**
 * shared/quantity.ts's costOf in SQL: `milli` thousandths at `unitCost` centavos a unit, to
 * the nearest centavo, half up (integer division of non-negative integers floors as costOf
 * does). Tests hold the two equal, so a list's sum and a screen's never differ by a centavo.
 */
export const costOfSql = (milli: SQLWrapper, unitCost: SQLWrapper) =>
  sql<number>`((${milli} * ${unitCost} + ${half}) / ${scale})`;
