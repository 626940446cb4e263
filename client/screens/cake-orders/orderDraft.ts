import { CAKE_ORDERS_SCREEN as S, CAKE_ORDERS_TEXT as T } from '../../../shared/texts/cakeOrders';
import { saleTotals } from '../../../shared/totals';
import { type LineDraft, priceOf, quantityOf } from './OrderLines';
import { NO_TENDER, type TenderDraft, tenderProblem } from './orders';

/** A cake order as typed in its form, before it is taken. */
export interface Draft {
  registered: boolean;
  customerId: string | null;
  customerName: string;
  phone: string;
  date: string;
  time: string;
  lines: LineDraft[];
  inscription: string;
  notes: string;
  vat: boolean;
  tender: TenderDraft;
}

/** One field of the draft set as typed (which clears the form's message). */
export type SetDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

export const BLANK: Draft = {
  registered: false,
  customerId: null,
  customerName: '',
  phone: '',
  date: '',
  time: '',
  lines: [],
  inscription: '',
  notes: '',
  vat: false,
  tender: NO_TENDER,
};

/** The order's figures as the server will reckon them (prices before VAT, VAT on top). */
export function totalsOf(draft: Draft) {
  return saleTotals(
    draft.lines.map((l) => ({ price: priceOf(l), quantity: quantityOf(l), scPwdEligible: false })),
    draft.vat ? 12 : 0,
  );
}

/** The form's own checks, the first one failing; the server checks everything again. */
export function problemOf(draft: Draft): string | null {
  if (draft.registered ? !draft.customerId : !draft.customerName.trim()) return T.customerName;
  if (!draft.phone.trim()) return T.phone;
  if (!draft.date || !draft.time) return S.pickupRequired;
  if (draft.lines.length === 0) return T.linesRequired;
  if (draft.lines.some((l) => !l.cake && !l.description.trim())) return S.lineDescription;
  if (draft.lines.some((l) => !l.cake && priceOf(l) <= 0)) return S.linePrice;
  if (draft.lines.some((l) => quantityOf(l) < 1)) return 'Quantity must be at least 1.';
  return draft.tender.payments.length ? tenderProblem(draft.tender) : null;
}
