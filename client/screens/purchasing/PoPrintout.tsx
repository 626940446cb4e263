import './printout.css';
import { createPortal } from 'react-dom';
import { formatPeso } from '../../../shared/money';
import { formatQuantity } from '../../../shared/quantity';
import { PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { formatCalendarDate, manilaDate } from '../../../shared/time';
import type { RouterOutputs } from '../../trpc';
import type { PurchaseOrder } from './purchasing';
import { PO_SCREEN_TEXT } from './text';

type ShopProfile = RouterOutputs['settings']['shopProfile'];
const labels = PURCHASING_TEXT.labels;

/**
 * The purchase order on A4 for the supplier: the shop (its profile, as on receipts), the
 * supplier, the PO number and dates, the lines and total, the notes and the signatures.
 * Hidden on screen; printout.css shows only this when the page is printed. It sits right
 * under <body>, outside the dialog, so the print needs nothing of the dialog's frame.
 */
export function PoPrintout({ order, profile }: { order: PurchaseOrder; profile: ShopProfile | undefined }) {
  const date = manilaDate(new Date(order.orderedAt ?? order.createdAt));
  const mark =
    order.status === 'Draft'
      ? PO_SCREEN_TEXT.draftMark
      : order.status === 'Cancelled'
        ? PO_SCREEN_TEXT.cancelledMark
        : null;
  return createPortal(
    <div className="po-print">
      <article className="po-sheet" aria-label={`${PURCHASING_TEXT.view} ${order.poNumber}`}>
        <header className="po-head">
          <div className="po-shop">
            <div className="po-shop-name">{profile?.businessName}</div>
            {profile?.address ? <div>{profile.address}</div> : null}
            {profile?.contact ? <div>{profile.contact}</div> : null}
            {profile?.tin ? <div>TIN: {profile.tin}</div> : null}
          </div>
          <div className="po-title">
            <div className="po-title-word">{PO_SCREEN_TEXT.printTitle}</div>
            <dl className="po-facts">
              <dt>{labels.poNumber}</dt>
              <dd>{order.poNumber}</dd>
              <dt>{PO_SCREEN_TEXT.orderDate}</dt>
              <dd>{formatCalendarDate(date)}</dd>
              {order.expectedDate ? (
                <>
                  <dt>{labels.expectedDate}</dt>
                  <dd>{formatCalendarDate(order.expectedDate)}</dd>
                </>
              ) : null}
            </dl>
          </div>
        </header>
        {mark ? <p className="po-mark">{mark}</p> : null}
        <section className="po-supplier">
          <div className="po-caption">{labels.supplier}</div>
          <div className="po-supplier-name">{order.supplierName}</div>
          <div>{order.supplierCode}</div>
        </section>
        <table className="po-lines">
          <thead>
            <tr>
              <th className="po-num">#</th>
              <th>{labels.item}</th>
              <th className="po-num">{labels.quantity}</th>
              <th>Unit</th>
              <th className="po-num">{labels.unitCost}</th>
              <th className="po-num">{labels.lineTotal}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={line.id}>
                <td className="po-num">{index + 1}</td>
                <td>
                  {line.name} <span className="po-code">{line.itemCode}</span>
                </td>
                <td className="po-num">{formatQuantity(line.quantity)}</td>
                <td>{line.unit ?? ''}</td>
                <td className="po-num">{formatPeso(line.unitCost)}</td>
                <td className="po-num">{formatPeso(line.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={5} className="po-num">
                {labels.total}
              </th>
              <th className="po-num">{formatPeso(order.total)}</th>
            </tr>
          </tfoot>
        </table>
        {order.notes ? (
          <section className="po-notes">
            <div className="po-caption">{labels.notes}</div>
            <div>{order.notes}</div>
          </section>
        ) : null}
        <footer className="po-signatures">
          <div>
            <div className="po-sign-line">{order.createdBy ?? ''}</div>
            <div className="po-caption">{PO_SCREEN_TEXT.preparedBy}</div>
          </div>
          <div>
            <div className="po-sign-line" />
            <div className="po-caption">{PO_SCREEN_TEXT.approvedBy}</div>
          </div>
        </footer>
      </article>
    </div>,
    document.body,
  );
}
