import { can } from '../../../shared/roles';
import type { Viewer } from '../auth/viewer';
import type { Sale } from './records';

type Line = Sale['lines'][number];
/** A sale as a viewer may see it: staff get no line costs. */
export type ShownSale = Omit<Sale, 'lines'> & {
  lines: (Omit<Line, 'purchasePrice' | 'cost'> & { purchasePrice?: number; cost?: number })[];
};

/** An SC/PWD ID number with only its last four characters showing, as card receipts print. */
function maskedIdNumber(idNumber: string | null): string | null {
  return idNumber === null ? null : `••••${idNumber.length > 4 ? idNumber.slice(-4) : ''}`;
}

/**
 * What a viewer may see of a sale (docs/decisions.md): managers and up everything; staff no
 * line costs, and the SC/PWD holder's ID number only on the sales they made themselves (their
 * receipt prints it), masked on the others', as the SC/PWD book is closed to them.
 */
export function saleShownTo(viewer: Viewer, sale: Sale): ShownSale {
  if (can(viewer.user.role, 'salesOversee')) return sale;
  return {
    ...sale,
    discountIdNumber:
      sale.soldBy === viewer.user.id ? sale.discountIdNumber : maskedIdNumber(sale.discountIdNumber),
    lines: sale.lines.map(({ purchasePrice: _price, cost: _cost, ...line }) => line),
  };
}

/** An answer carrying a sale (checkout, refund), with the sale as the viewer may see it. */
export function answerShownTo<A extends object>(
  viewer: Viewer,
  answer: A,
): A extends { sale: Sale } ? Omit<A, 'sale'> & { sale: ShownSale } : A {
  return ('sale' in answer ? { ...answer, sale: saleShownTo(viewer, answer.sale as Sale) } : answer) as never;
}
