// The exact texts of the notices the daily stock check and stock changes make about lots and
// late purchase orders. Dates are en-PH (formatCalendarDate), quantities formatQuantity's.
import { formatQuantity } from '../quantity';
import { formatCalendarDate } from '../time';

/** What the notice names: the lot, its item and how much of it is left (thousandths). */
export interface LotNoticed {
  lotCode: string;
  name: string;
  itemId: string;
  expirationDate: string;
  remaining: number;
}

const lotLabel = (lot: LotNoticed) => `Lot ${lot.lotCode} of "${lot.name}" (${lot.itemId})`;

export const ALERT_TEXT = {
  lotExpiring: (lot: LotNoticed, today: string) => {
    const day = formatCalendarDate(lot.expirationDate);
    const when = lot.expirationDate === today ? `expires today (${day})` : `expires on ${day}`;
    return `${lotLabel(lot)} ${when}: ${formatQuantity(lot.remaining)} left.`;
  },
  lotExpired: (lot: LotNoticed) =>
    `${lotLabel(lot)} expired on ${formatCalendarDate(lot.expirationDate)}: ${formatQuantity(lot.remaining)} left to write off.`,
  purchaseOrderLate: (poNumber: string, supplier: string, expectedDate: string) =>
    `${poNumber} from ${supplier} was expected on ${formatCalendarDate(expectedDate)} and has not fully arrived.`,
} as const;
