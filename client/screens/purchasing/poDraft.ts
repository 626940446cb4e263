import { centavosOf } from '../../../shared/money';
import { QUANTITY_SCALE, toMilli } from '../../../shared/quantity';
import type { PoFields } from '../../../shared/schemas/purchasing';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { numberOf } from '../../ui/inputs';
import type { PurchaseOrder } from './purchasing';

/** One line of the form: the item as the lookup showed it, how much (in its unit) and at what unit cost (pesos). */
export interface PoLineDraft {
  itemId: number;
  code: string;
  name: string;
  unit: string | null;
  quantity: number | string;
  unitCost: number | string;
}

export interface PoDraft {
  supplierId: string | null;
  expectedDate: string;
  notes: string;
  lines: PoLineDraft[];
}

export const BLANK_PO: PoDraft = { supplierId: null, expectedDate: '', notes: '', lines: [] };

export function poDraftOf(order: PurchaseOrder): PoDraft {
  return {
    supplierId: String(order.supplierId),
    expectedDate: order.expectedDate ?? '',
    notes: order.notes,
    lines: order.lines.map((line) => ({
      itemId: line.itemId,
      code: line.itemCode,
      name: line.name,
      unit: line.unit,
      quantity: line.quantity / QUANTITY_SCALE,
      unitCost: line.unitCost / 100,
    })),
  };
}

/** A line's quantity in thousandths; null when blank, not above 0 or with a fourth decimal. */
function milliOf(value: number | string): number | null {
  const milli = toMilli(numberOf(value, Number.NaN));
  return milli !== null && milli > 0 ? milli : null;
}

/** A line's unit cost in centavos; null when blank, below 0 or with a third decimal. */
function unitCostOf(value: number | string): number | null {
  const centavos = centavosOf(numberOf(value, Number.NaN));
  return centavos !== null && centavos >= 0 ? centavos : null;
}

/** A line's total in centavos, to the nearest centavo, as the server works it out. */
export function lineTotalOf(line: PoLineDraft): number {
  const milli = milliOf(line.quantity);
  const cost = unitCostOf(line.unitCost);
  return milli === null || cost === null
    ? 0
    : Math.floor((milli * cost + QUANTITY_SCALE / 2) / QUANTITY_SCALE);
}

export const orderTotalOf = (lines: PoLineDraft[]) => lines.reduce((sum, line) => sum + lineTotalOf(line), 0);

export interface PoErrors {
  supplierId?: string;
  lines?: string;
  /** The lines whose quantity or unit cost is refused, by item. */
  quantity?: Set<number>;
  unitCost?: Set<number>;
}

/** The order's checks before anything is sent: a supplier, a line at least, and readable amounts. */
export function checkPo(draft: PoDraft): PoErrors {
  const errors: PoErrors = {};
  if (!draft.supplierId) errors.supplierId = PURCHASING_TEXT.supplierRequired;
  if (draft.lines.length === 0) errors.lines = PURCHASING_TEXT.linesRequired;
  const quantity = new Set(draft.lines.filter((l) => milliOf(l.quantity) === null).map((l) => l.itemId));
  const unitCost = new Set(draft.lines.filter((l) => unitCostOf(l.unitCost) === null).map((l) => l.itemId));
  if (quantity.size) {
    errors.quantity = quantity;
    errors.lines = PURCHASING_TEXT.quantity;
  } else if (unitCost.size) errors.lines = PURCHASING_TEXT.unitCost;
  if (unitCost.size) errors.unitCost = unitCost;
  return errors;
}

export const hasErrors = (errors: PoErrors) =>
  Boolean(errors.supplierId || errors.lines || errors.quantity?.size || errors.unitCost?.size);

/** The order as the server takes it (checked first). */
export function poFieldsOf(draft: PoDraft): PoFields {
  return {
    supplierId: Number(draft.supplierId),
    expectedDate: draft.expectedDate || null,
    notes: draft.notes.trim(),
    lines: draft.lines.map((line) => ({
      itemId: line.itemId,
      quantity: milliOf(line.quantity) ?? 0,
      unitCost: unitCostOf(line.unitCost) ?? 0,
    })),
  };
}
