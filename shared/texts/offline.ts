import { formatPeso } from '../money';

// What the server says about invoice blocks and sales made offline (docs/decisions.md,
// Selling offline).

export const BLOCK_SIZE_MAX = 500;

export const OFFLINE_TEXT = {
  blockSize: `A block holds from 1 to ${BLOCK_SIZE_MAX} invoice numbers.`,
  reserved: (first: string, last: string) => `Invoice numbers ${first} to ${last} set aside for this device.`,
  notReserved: 'That invoice number was not reserved for this terminal.',
  numberUsed: (number: string) => `Invoice number ${number} is already used.`,
  received: 'Offline sale received.',
  soldAtRequired: 'soldAt must be the date and time the sale was made (ISO 8601).',
  soldAtFuture: "The sale's time is ahead of the server's clock: check the device's date and time.",
  soldAtBeforeBlock: (reservedAt: string) =>
    `The sale's time is before its invoice number was set aside (${reservedAt}): check the device's date and time.`,
  cashierRequired: 'cashierId must be the id of the cashier who made the sale.',
  notCashier: 'Only the cashier who made an offline sale, or a manager, can send it.',
  noCashier: 'The cashier who made this sale has no account here.',
  badShift: 'shiftId must be the id of a shift, or null.',
  notTheirShift: "The shift given is not the cashier's.",
  noSc5Offline:
    "The seniors' 5% needs the server (its weekly allowance is kept there): it cannot be given offline.",
  priceRequired: 'Each line of an offline sale needs the price it was charged at.',
  totalsRequired: 'An offline sale needs the totals it charged: subtotal, taxAmount and totalAmount.',
  totalsDisagree: (server: string) =>
    `The sale's totals do not follow from its lines and prices (they come to ${server}).`,
  shortfallNotice: (saleId: string, parts: string) =>
    `Offline sale ${saleId} sold more than the books held: ${parts}. The stock was adjusted for the shortfall; count the shelf.`,
  shortfallPart: (quantity: string, name: string, code: string) => `${quantity} of ${name} (${code})`,
  priceNote: (charged: number, catalog: number) =>
    `charged ${formatPeso(charged)} (price now ${formatPeso(catalog)})`,
} as const;

/** What the counter says while it sells without the server (client/offline). */
export const COUNTER_OFFLINE_TEXT = {
  banner: (waiting: number) => `Offline: ${waiting} ${waiting === 1 ? 'sale' : 'sales'} waiting to send`,
  waiting: (waiting: number) => `${waiting} ${waiting === 1 ? 'sale' : 'sales'} waiting to send`,
  bannerHint: 'Keep selling: each sale is kept on this device and sent once the server answers.',
  kept: 'Sale kept on this device. It will be sent when the server answers.',
  noNumbers:
    'This device has no invoice numbers set aside for its terminal, so it cannot sell offline. Connect to the server and try again.',
  noSc5: "The seniors' 5% needs the server (its weekly allowance is kept there): it cannot be given offline.",
  refused: (count: number) => `The server refused ${count} ${count === 1 ? 'sale' : 'sales'}: see why below.`,
  signOutWaits: (waiting: number) =>
    `${waiting} ${waiting === 1 ? 'sale made offline is' : 'sales made offline are'} still waiting to send. Sign out once ${waiting === 1 ? 'it is' : 'they are'} sent.`,
  closeShiftWaits: (waiting: number) =>
    `${waiting} ${waiting === 1 ? 'sale made offline is' : 'sales made offline are'} still waiting to send. Close the shift once ${waiting === 1 ? 'it is' : 'they are'} sent.`,
  sent: (count: number) =>
    `${count} ${count === 1 ? 'sale made offline was' : 'sales made offline were'} sent.`,
} as const;
