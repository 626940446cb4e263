// The exact texts of Cake Orders (cakes ordered ahead, with deposits). The server, the
// screens and the tests read them from here.

export const ORDER_STATUSES = [
  'Pending',
  'Confirmed',
  'In production',
  'Ready',
  'Picked up',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The states an order can still change from; the other two are final. */
export const OPEN_ORDER_STATUSES = ['Pending', 'Confirmed', 'In production', 'Ready'] as const;

/** What the kitchen sets by hand; Pending and Confirmed follow the payments. */
export const KITCHEN_STATUSES = ['In production', 'Ready'] as const;
export type KitchenStatus = (typeof KITCHEN_STATUSES)[number];

/** An order payment: a deposit taken, the balance collected at pickup, a deposit refunded. */
export const ORDER_PAYMENT_KINDS = ['deposit', 'balance', 'refund'] as const;

const ORDER_NUMBER_PREFIX = 'ORD-';
/** ORD-000001: the order's number, six digits and more as the shop grows. */
export const orderNumber = (n: number) => `${ORDER_NUMBER_PREFIX}${String(n).padStart(6, '0')}`;

export const ORDER_LINES_MAX = 20;
export const INSCRIPTION_MAX = 120;
export const ORDER_NOTES_MAX = 500;
export const DESCRIPTION_MAX = 200;
export const PHONE_MAX = 30;
/** A cake order is booked at most this far ahead. */
export const ORDER_DAYS_AHEAD_MAX = 366;

export const DEFAULT_ORDER_SETTINGS = {
  minimumDepositPercent: 50,
  maxOrdersPerDay: null as number | null,
  keepDepositOnStaffCancel: true,
};

/** Custom cakes' one row among the reports' products (server/db/sql/report-rollups.sql says it too). */
export const CUSTOM_CAKES_ROW = 'Custom cakes';
/** A custom cake's code on the sale line. */
export const CUSTOM_CODE = 'CUSTOM';

/** The slip's footer: a deposit slip is not an invoice. */
export const SLIP_NOT_VALID = 'THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX';

export const CAKE_ORDERS_TEXT = {
  title: 'Cake Orders',
  // The server's own.
  created: (number: string) => `Cake order ${number} taken.`,
  paid: (amount: string, number: string) => `Payment of ${amount} recorded on ${number}.`,
  statusSet: (number: string, status: string) => `${number} is now ${status}.`,
  pickedUp: (number: string) => `${number} picked up.`,
  cancelled: (number: string) => `${number} cancelled.`,
  settingsSaved: 'Cake order settings saved.',
  notFound: 'That cake order does not exist.',
  full: (date: string) => `No more orders can be taken for ${date}.`,
  pickupPast: 'Pickup time must be in the future.',
  pickupTooFar: `Pickup must be within ${ORDER_DAYS_AHEAD_MAX} days.`,
  pickupAt: 'Pickup date and time must be a date and time.',
  customerName: 'Please enter the customer’s name.',
  phone: 'Please enter a phone number for the customer.',
  badCustomer: 'That customer does not exist.',
  linesRequired: 'An order needs at least one cake.',
  tooManyLines: `An order can have at most ${ORDER_LINES_MAX} lines.`,
  lineKind: 'Each line is a catalogue cake (cakeId) or a custom cake (a description and a price).',
  badCake: 'That cake does not exist.',
  description: 'Describe the custom cake: size, flavour and design.',
  price: 'A custom cake needs a price above ₱0.00.',
  repeatedCake: 'That cake is on the order twice: change its quantity instead.',
  overBalance: (balance: string) => `The payment is more than the balance due (${balance}).`,
  nothingDue: 'Nothing is due on this order.',
  pickupPayments: (balance: string) => `The payments must add up to the balance due, ${balance}.`,
  notOpen: (number: string, status: string) => `${number} is ${status}: it can no longer change.`,
  alreadyPickedUp: (number: string) => `${number} was already picked up.`,
  reason: 'Please say why the order is cancelled.',
  refundDeposit: 'Say whether the deposit is refunded (refundDeposit: true or false).',
  openShiftToRefund: 'A cash deposit is refunded from your drawer: open a shift first.',
  minimumDepositPercent: 'Minimum deposit must be a whole percent from 0 to 100.',
  maxOrdersPerDay: 'Most orders per day must be a whole number from 1, or empty for no limit.',
  keepDeposit: 'Say whether a staff cancellation keeps the deposit (true or false).',
  status: `Status must be one of ${KITCHEN_STATUSES.join(', ')}.`,
  dueTomorrow: (number: string, name: string, time: string) =>
    `Cake order ${number} for ${name} is due tomorrow at ${time}.`,
  notPickedUp: (number: string, name: string, date: string) =>
    `Cake order ${number} for ${name} was due ${date} and has not been picked up.`,
} as const;
