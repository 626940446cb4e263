import { toCentavos } from '../../../shared/money';
import { fromMilli, toMilli } from '../../../shared/quantity';
import type { ReceiveInput } from '../../../shared/schemas/purchasing';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { numberOf } from '../../ui/inputs';
import type { PurchaseOrder } from './purchasing';

/** One delivered line as typed: blank quantity means "not in this delivery". */
export interface ReceiveLineDraft {
  itemId: number;
  name: string;
  unit: string | null;
  /** Thousandths still open on the order. */
  open: number;
  quantity: number | string;
  expirationDate: string;
  unitCost: number | string;
  lotCode: string;
}

/** Every line still open, with all of it to receive at the order's cost; the dates left to fill. */
export const receiveDraftOf = (order: PurchaseOrder): ReceiveLineDraft[] =>
  order.lines
    .filter((line) => line.received < line.quantity)
    .map((line) => ({
      itemId: line.itemId,
      name: line.name,
      unit: line.unit,
      open: line.quantity - line.received,
      quantity: fromMilli(line.quantity - line.received),
      expirationDate: '',
      unitCost: line.unitCost / 100,
      lotCode: '',
    }));

const taking = (line: ReceiveLineDraft) => numberOf(line.quantity, 0) !== 0;

/** The checks before sending: each line it takes needs a quantity within what is open and a date from today. */
export function checkReceive(lines: ReceiveLineDraft[], today: string): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const line of lines) {
    if (!taking(line)) continue;
    const milli = toMilli(numberOf(line.quantity, 0));
    if (milli === null || milli <= 0) errors[line.itemId] = PURCHASING_TEXT.quantity;
    else if (milli > line.open)
      errors[line.itemId] = PURCHASING_TEXT.overReceived(line.name, String(fromMilli(line.open)));
    else if (!line.expirationDate) errors[line.itemId] = PURCHASING_TEXT.expirationRequired(line.name);
    else if (line.expirationDate < today) errors[line.itemId] = INVENTORY_TEXT.expiredDate;
  }
  return errors;
}

/** What the server takes: the lines being received, in thousandths and centavos. */
export function receiveInputOf(orderId: number, reference: string, lines: ReceiveLineDraft[]): ReceiveInput {
  return {
    id: orderId,
    reference: reference.trim(),
    lines: lines.filter(taking).map((line) => ({
      itemId: line.itemId,
      quantity: toMilli(numberOf(line.quantity, 0)) ?? 0,
      expirationDate: line.expirationDate,
      unitCost: toCentavos(numberOf(line.unitCost, 0)),
      lotCode: line.lotCode.trim(),
    })),
  };
}
