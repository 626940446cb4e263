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

/** The Cake Orders screen's own words (client/screens/cake-orders). */
export const CAKE_ORDERS_SCREEN = {
  newOrder: 'New Order',
  newOrderTitle: 'New Cake Order',
  takeOrder: 'Take Order',
  searchPlaceholder: 'Search order no., name or phone',
  allStatuses: 'All statuses',
  empty: 'No cake orders found.',
  noun: 'orders',
  week: 'Pickups this week',
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  thisWeek: 'This week',
  dayOrders: (n: number) => (n === 1 ? '1 order' : `${n} orders`),
  dayShown: (date: string) => `Pickups on ${date}`,
  allDays: 'Show all days',
  pastToo: 'Include past pickups',
  labels: {
    orderNumber: 'Order No.',
    pickup: 'Pickup',
    pickupDate: 'Pickup date',
    pickupTime: 'Pickup time',
    customer: 'Customer',
    customerName: 'Customer name',
    phone: 'Phone',
    status: 'Status',
    total: 'Total',
    paid: 'Paid',
    balanceDue: 'Balance due',
    lines: 'Cakes',
    cake: 'Cake',
    quantity: 'Qty',
    price: 'Price',
    lineTotal: 'Amount',
    inscription: 'Inscription',
    notes: 'Notes',
    payments: 'Payments',
    history: 'History',
    kind: 'Kind',
    method: 'Method',
    reference: 'Reference',
    amount: 'Amount',
    when: 'When',
    by: 'By',
    subtotal: 'Subtotal',
    vat: (rate: number) => `VAT (${rate}%)`,
    takenBy: 'Taken by',
    sale: 'Sale',
    cancelReason: 'Reason',
  },
  registered: 'Registered customer',
  typeName: 'Not registered: type the name',
  customerPlaceholder: 'Select a customer',
  catalogueCake: 'Add a cake from the catalogue',
  cakePlaceholder: 'Search cakes by name or CK- code',
  addCustom: 'Add custom cake',
  customDescription: 'Custom cake: size, flavour, design',
  customPlaceholder: '8" round, chocolate, blue roses',
  inscriptionPlaceholder: 'As it is to be written on the cake',
  noLines: 'No cakes yet: add one from the catalogue or a custom cake.',
  vat: 'Apply 12% VAT',
  deposit: 'Deposit',
  noDeposit: 'No deposit yet: add a payment to take one.',
  addPayment: 'Add payment',
  minimumDeposit: (amount: string, percent: number) => `Minimum deposit ${amount} (${percent}%)`,
  belowMinimum: 'Below the minimum deposit: the order stays Pending until it is paid.',
  cashTendered: 'Cash Tendered',
  change: 'Change',
  paymentMethod: (n: number) => `Payment ${n} method`,
  paymentAmount: (n: number) => `Payment ${n} amount`,
  paymentReference: (n: number) => `Payment ${n} reference number`,
  removePayment: (n: number) => `Remove payment ${n}`,
  // The form's own checks, before anything is sent.
  pickupRequired: 'Please choose the pickup date and time.',
  lineDescription: 'Describe each custom cake: size, flavour and design.',
  linePrice: 'Give each custom cake a price above ₱0.00.',
  paymentMethodRequired: 'Choose a method for each payment.',
  paymentAmountRequired: 'Enter an amount above ₱0.00 for each payment.',
  cashTenderedLow: 'Cash tendered must cover the cash payment.',
  createFailed: 'The cake order could not be taken. Please try again.',
  payFailed: 'The payment could not be recorded. Please try again.',
  statusFailed: 'The order status could not be changed. Please try again.',
  pickupFailed: 'The pickup could not be recorded. Please try again.',
  cancelFailed: 'The order could not be cancelled. Please try again.',
  loadFailed: 'This cake order could not be loaded. Please try again.',
  listFailed: 'The cake orders could not be loaded. Please try again.',
  takePayment: 'Take Payment',
  takePaymentTitle: (number: string) => `Take Payment: ${number}`,
  record: 'Record Payment',
  inProduction: 'In Production',
  ready: 'Ready',
  pickUp: 'Pick Up',
  pickUpTitle: (number: string) => `Pick Up: ${number}`,
  collect: (amount: string) => `Collect ${amount}`,
  confirmPickup: 'Complete Pickup',
  nothingToCollect: 'Fully paid: nothing to collect.',
  cancel: 'Cancel Order',
  cancelTitle: (number: string) => `Cancel ${number}`,
  keepOrder: 'Keep Order',
  reason: 'Reason',
  refundDeposit: 'Refund the deposit',
  keepDeposit: 'Keep the deposit',
  chooseDeposit: 'Say whether the deposit is refunded or kept.',
  depositChoice: (amount: string) => `Deposit paid: ${amount}`,
  staffCancel: 'Your cancellation goes to a manager for approval; the shop’s setting decides the deposit.',
  printSlip: 'Print Slip',
  printTicket: 'Kitchen Ticket',
  slipTitle: 'Order Slip',
  ticketTitle: 'Kitchen Ticket',
  print: 'Print',
  slipHeading: 'CAKE ORDER SLIP',
  ticketHeading: 'KITCHEN TICKET',
  receiptTitle: 'Receipt',
  viewReceipt: 'View Receipt',
  saleMade: (saleId: string) => `Sale ${saleId}`,
  saleRefunded: 'Sale refunded: the money went back.',
  kinds: { deposit: 'Deposit', balance: 'Balance', refund: 'Refund' },
  none: 'None yet.',
  cancelledNote: (when: string, by: string) => `Cancelled ${when} by ${by}`,
  pickedUpNote: (when: string, by: string) => `Picked up ${when} by ${by}`,
} as const;
