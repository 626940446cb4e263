import './bakeSheet.css';
import { createPortal } from 'react-dom';
import { formatQuantity } from '../../../shared/quantity';
import { PRODUCTION_SCREEN as S } from '../../../shared/texts/production';
import { formatCalendarDate, formatDateTime } from '../../../shared/time';
import { formatTime } from '../cake-orders/orders';
import type { BakePlan } from './production';

const L = S.labels;
const amount = (milli: number, unit: string | null) => `${formatQuantity(milli)}${unit ? ` ${unit}` : ''}`;

/**
 * The day's bake plan on A4 for the kitchen: each cake to bake with a blank Done column, the
 * custom-cake orders, and the ingredients to take out (shortfalls first). Hidden on screen;
 * bakeSheet.css shows only this when the page is printed.
 */
export function BakeSheet({ plan }: { plan: BakePlan }) {
  const cakes = plan.cakes.filter((c) => c.toBake > 0);
  return createPortal(
    <div className="bake-print">
      <article className="bake-sheet" aria-label={S.sheetTitle}>
        <header className="bake-head">
          <div className="bake-title">{S.sheetFor(formatCalendarDate(plan.date))}</div>
        </header>
        <h2>{S.cakes}</h2>
        {cakes.length ? (
          <table className="bake-table">
            <thead>
              <tr>
                <th>{L.cake}</th>
                <th className="bake-num">{L.forOrders}</th>
                <th className="bake-num">{L.forShelf}</th>
                <th className="bake-num">{L.toBake}</th>
                <th>{L.orders}</th>
                <th className="bake-done">{L.done}</th>
              </tr>
            </thead>
            <tbody>
              {cakes.map((c) => (
                <tr key={c.cakeId}>
                  <td>
                    {c.name} ({c.cakeId})
                  </td>
                  <td className="bake-num">{c.forOrders}</td>
                  <td className="bake-num">{c.forShelf}</td>
                  <td className="bake-num">
                    <strong>{c.toBake}</strong>
                  </td>
                  <td>{c.orders.join(', ')}</td>
                  <td className="bake-done" />
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>{S.noCakes}</p>
        )}
        {plan.customOrders.length ? (
          <>
            <h2>{S.customOrders}</h2>
            <table className="bake-table">
              <thead>
                <tr>
                  <th>{L.orderNumber}</th>
                  <th>{L.description}</th>
                  <th className="bake-num">{L.quantity}</th>
                  <th>{L.pickup}</th>
                  <th className="bake-done">{L.done}</th>
                </tr>
              </thead>
              <tbody>
                {plan.customOrders.map((o, index) => (
                  <tr key={`${o.orderNumber}-${index}`}>
                    <td>{o.orderNumber}</td>
                    <td>{o.description}</td>
                    <td className="bake-num">{o.quantity}</td>
                    <td>{formatTime(o.pickupAt)}</td>
                    <td className="bake-done" />
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : null}
        {plan.ingredients.length ? (
          <>
            <h2>{S.takeOut}</h2>
            <table className="bake-table">
              <thead>
                <tr>
                  <th>{L.item}</th>
                  <th className="bake-num">{L.needed}</th>
                  <th className="bake-num">{L.onHand}</th>
                  <th className="bake-num">{L.shortfall}</th>
                  <th className="bake-done">{L.done}</th>
                </tr>
              </thead>
              <tbody>
                {plan.ingredients.map((i) => (
                  <tr key={i.itemId}>
                    <td>
                      {i.name} ({i.itemId})
                    </td>
                    <td className="bake-num">{amount(i.needed, i.unit)}</td>
                    <td className="bake-num">{amount(i.onHand, i.unit)}</td>
                    <td className={`bake-num${i.short > 0 ? ' bake-short' : ''}`}>
                      {i.short > 0 ? S.short(amount(i.short, i.unit)) : ''}
                    </td>
                    <td className="bake-done" />
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : null}
        <p className="bake-foot">{S.printedAt(formatDateTime(new Date()))}</p>
      </article>
    </div>,
    document.body,
  );
}
