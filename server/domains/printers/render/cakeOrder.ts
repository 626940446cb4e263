import { CAKE_ORDERS_SCREEN as S, SLIP_NOT_VALID } from '../../../../shared/texts/cakeOrders';
import { formatDateTime } from '../../../../shared/time';
import type { ShownOrder } from '../../cakeOrders/queries';
import type { ShopProfile } from '../../settings/profile';
import { amount, Slip } from '../slip';

// A cake order's customer slip and kitchen ticket on the receipt printer: what the Cake Orders
// print views show (client/screens/cake-orders/OrderSlip.tsx).

const L = S.labels;
const lineLabel = (line: ShownOrder['lines'][number]) => `${line.description} x ${line.quantity}`;

/** A free text (inscription, notes) under its caption. */
function words(slip: Slip, label: string, text: string, big = false) {
  if (!text) return;
  slip.blank().text(label, true);
  if (big) slip.heading(text);
  else slip.text(text);
}

function order(slip: Slip, o: ShownOrder) {
  slip.row(L.orderNumber, o.orderNumber, true);
  slip.row(L.pickup, formatDateTime(o.pickupAt), true);
  slip.row(L.customer, o.customerName);
}

/** The customer's slip: the shop, the order and pickup, the cakes with prices, what is paid and due. */
export function orderSlip(o: ShownOrder, profile: ShopProfile, columns: number): Slip {
  const slip = new Slip(columns);
  slip.heading(profile.businessName);
  slip.center([profile.address, profile.contact]);
  slip.center([S.slipHeading], true);
  slip.rule();
  order(slip, o);
  if (o.phone) slip.row(L.phone, o.phone);
  slip.rule();
  for (const line of o.lines) slip.row(`${lineLabel(line)} @ ${amount(line.price)}`, amount(line.lineTotal));
  words(slip, L.inscription, o.inscription);
  slip.rule();
  if (o.taxRate) {
    slip.row(L.subtotal, amount(o.subtotal));
    slip.row(L.vat(o.taxRate), amount(o.taxAmount));
  }
  slip.row(L.total, amount(o.total), true);
  slip.row(L.paid, amount(o.paid));
  slip.row(L.balanceDue, amount(o.balanceDue), true);
  slip.text(`${formatDateTime(o.createdAt)}${o.createdBy ? ` · ${o.createdBy}` : ''}`);
  slip.blank().center([SLIP_NOT_VALID], true);
  return slip;
}

/** The kitchen's ticket: what to bake for when, the inscription big, the notes; no prices. */
export function kitchenTicket(o: ShownOrder, columns: number): Slip {
  const slip = new Slip(columns);
  slip.heading(S.ticketHeading).rule();
  order(slip, o);
  slip.rule();
  for (const line of o.lines) slip.text(lineLabel(line), true);
  words(slip, L.inscription, o.inscription, true);
  words(slip, L.notes, o.notes);
  return slip;
}
