// The exact texts of the counter's shifts, cash moves and end of day.
export const SHIFT_TEXT = {
  alreadyOpen: 'You already have an open shift. Close it before opening another.',
  noOpenShift: 'You have no open shift. Open one first.',
  notFound: 'That shift does not exist.',
  closed: 'That shift is already closed.',
  notYours: 'That is another cashier’s shift; a manager or above may act on it.',
  opened: 'Shift opened.',
  cashRecorded: (type: 'in' | 'out') => (type === 'in' ? 'Cash in recorded.' : 'Cash out recorded.'),
  closedOk: 'Shift closed.',
  openingCash: 'Opening cash must be an amount of ₱0.00 or more.',
  countedCash: 'Counted cash must be an amount of ₱0.00 or more.',
  cashAmount: 'The amount must be more than ₱0.00.',
  cashType: 'Choose cash in or cash out.',
  reason: 'Please enter the reason.',
  shiftsOpen: (names: string) =>
    `Close every open shift first (${names}); the end of day counts closed shifts only.`,
  dayClosed: (n: number) => `End of day taken: Z reading #${n}.`,
  badRange: 'Dates must be YYYY-MM-DD, from on or before to.',
  cashOutTooLarge: (expected: string) =>
    `Cash out cannot be more than the ${expected} expected in the drawer.`,
  /** The activity row of a cash movement; a manager's on another cashier's shift names both. */
  cashLogged: (
    type: 'in' | 'out',
    amount: string,
    shiftId: number,
    cashier: string,
    reason: string,
    by: string,
  ) =>
    by === cashier
      ? `Cash ${type} of ${amount} on shift #${shiftId}: ${reason}`
      : `Cash ${type} of ${amount} by ${by} on ${cashier}’s shift #${shiftId}: ${reason}`,
  // Voiding a cash movement (a manager and up; staff ask, a manager approves).
  cashNotFound: 'That cash movement does not exist.',
  cashVoided: 'That cash movement is already voided.',
  cashVoidedOk: 'Cash movement voided.',
  voidReason: 'Please enter why the cash movement is voided.',
  voidOtherShift: 'That cash movement is on another cashier’s shift; a manager or above may void it.',
  voidClosedShift: 'That shift is closed; its cash can no longer be voided.',
  voidLogged: (type: 'in' | 'out', amount: string, shiftId: number, reason: string) =>
    `Voided the cash ${type} of ${amount} on shift #${shiftId}: ${reason}`,
  voidSummary: (type: 'in' | 'out', amount: string, shiftId: number) =>
    `void the cash ${type} of ${amount} on shift #${shiftId}`,
  // Record a Sale for an earlier day: is its cash in today's drawer?
  inDrawerQuestion: 'Is this sale’s cash in today’s drawer?',
  inDrawerHelp: 'Yes: it counts in your open shift’s expected cash. No: it counts in no drawer.',
  inDrawerYes: 'Yes, it is in the drawer',
  inDrawerNo: 'No, it is not',
  inDrawerChoose: 'Please say whether this sale’s cash is in today’s drawer.',
  confirmCash: (type: 'in' | 'out', amount: string, reason: string) =>
    type === 'in'
      ? `Record cash in of ${amount} (${reason})? It adds to the cash expected in the drawer.`
      : `Record cash out of ${amount} (${reason})? It takes from the cash expected in the drawer.`,
  confirmVoid: (type: 'in' | 'out', amount: string) =>
    `Void the cash ${type} of ${amount}? It stays on the reading as voided and no longer counts.`,
  cashFailed: 'The cash could not be recorded. Please try again.',
  closeFailed: 'The shift could not be closed. Please try again.',
  voidFailed: 'The cash movement could not be voided. Please try again.',
  closeReason: 'The close reason must be at most 200 characters.',
  closeReasonNeeded: 'Please enter why you are closing another cashier’s shift.',
  badRequestKey: 'The request key must be text of 1 to 100 characters.',
  badAllowEmpty: 'allowEmpty must be true or false.',
  refundsOutside: 'Refunds outside any shift',
  // The readings' document numbers in the journal: a Z by its terminal's prefix and counter.
  xReadingNumber: (shiftId: number) => `X-${shiftId}`,
  zReadingNumber: (prefix: string, zCounter: number) => `${prefix}Z-${zCounter}`,
  nothingToCount: (terminal: string) =>
    `Nothing to count on ${terminal} since its last Z reading: an empty Z reading is taken only when asked for on purpose.`,
  // The Counter bar with no shift open: staff cannot sell yet; managers and up still can.
  noShiftStaff: 'No open shift. Press Open shift, count the drawer in, then sell.',
  noShiftOversee: 'No open shift. Sales still go through.',
} as const;

/** The readings' cake order deposit lines, with where their cash already counts. */
export const DEPOSIT_LINES_TEXT = {
  heading: 'Cake order deposits',
  taken: 'Deposits taken',
  takenNote: 'Every method; the cash ones are inside Cash taken below.',
  applied: 'Deposits applied',
  appliedNote: 'Inside the pickups’ sales above; counted when taken, not again.',
  refunded: 'Deposits refunded',
  refundedNote: 'Every method; the cash ones are inside Cash refunded below.',
} as const;
