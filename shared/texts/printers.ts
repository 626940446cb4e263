// Receipt printers at the counter (docs/decisions.md, Printing): Settings → Printers, what the
// printer's answers tell the cashier, and the words printed on the slips that have no screen.

/** The port network receipt printers listen on (raw printing, "JetDirect"). */
export const PRINTER_PORT = 9100;
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
/** Characters per line with the printer's normal font: 32 on 58 mm paper, 48 on 80 mm. */
export const CHARS_PER_LINE: Record<PaperWidth, number> = { 58: 32, 80: 48 };
export const CHARS_MIN = 24;
/** The small font of an 80 mm printer; 58 mm paper holds at most 42 of them. */
export const CHARS_MAX = 64;
export const CHARS_MAX_58 = 42;
export const HOST_MAX = 253;
export const DRAWER_REASON_MAX = 200;

/** What the Print button (printers.print) prints. */
export const PRINT_DOCUMENTS = [
  'receipt',
  'refund',
  'xReading',
  'zReading',
  'orderSlip',
  'kitchenTicket',
] as const;

/** How a printer is named to the cashier: its address and port. */
export const printerAddress = (host: string, port: number) =>
  `${host.includes(':') ? `[${host}]` : host}:${port}`;

export const PRINTERS_TEXT = {
  title: 'Printers',
  about:
    'Each terminal can print straight to a network receipt printer (ESC/POS, as most thermal printers with a LAN port speak) and open the cash drawer wired to it. When the printer is off, the sale still goes through and the receipt can be printed from the browser.',
  // The form's labels.
  host: "Printer's IP address or network name",
  hostHint: 'Printed on the printer’s self-test slip, e.g. 192.168.1.50',
  port: 'Port',
  portHint: 'Receipt printers use 9100.',
  paperWidth: 'Paper width',
  charsPerLine: 'Characters per line',
  charsHint: (paper: PaperWidth) => `Usually ${CHARS_PER_LINE[paper]} on ${paper} mm paper.`,
  autoPrint: 'Print each receipt at checkout',
  openDrawer: 'Open the cash drawer on a cash sale',
  noPrinter: 'No printer',
  // Checks on what is typed.
  hostRequired: "Enter the printer's address: an IP address such as 192.168.1.50, or its network name.",
  hostFormat:
    "The printer's address must be an IP address such as 192.168.1.50 or a network name such as printer.local, without http:// or a port.",
  portRange: 'The port must be a whole number from 1 to 65535 (receipt printers use 9100).',
  paperWidthChoice: 'The paper is 58 mm or 80 mm wide.',
  charsRange: `Characters per line must be a whole number from ${CHARS_MIN} to ${CHARS_MAX}.`,
  chars58: `58 mm paper holds at most ${CHARS_MAX_58} characters per line.`,
  yesNo: (label: string) => `${label}: answer yes or no.`,
  // Settings' answers.
  saved: (terminal: string) => `Printer of ${terminal} saved.`,
  removed: (terminal: string) => `Printer of ${terminal} removed.`,
  confirmRemove: (terminal: string) => `Remove the printer of ${terminal}?`,
  none: (terminal: string) => `${terminal} has no receipt printer. Set one up in Settings → Printers.`,
  saveFailed: 'The printer could not be saved.',
  // What the printer did, in the cashier's words.
  printed: 'Printed on the receipt printer.',
  testPrinted: (terminal: string) => `Test page printed on the printer of ${terminal}.`,
  didNotAnswer: (address: string, button = 'Print') =>
    `The receipt printer at ${address} did not answer. Check that it is on and connected, then press ${button}.`,
  unknownHost: (address: string) =>
    `The receipt printer at ${address} could not be found on the network. Check its address in Settings → Printers.`,
  printFailed: 'The receipt could not be printed.',
  /** Beside the browser's Print on a refund slip, a reading or a cake order's slip. */
  printButton: 'Print on receipt printer',
  documentFailed: 'The document could not be printed.',
  retry: 'Print',
  autoPrinted: 'The receipt was printed on the receipt printer.',
  // Printing a document again.
  unknownDocument: `Choose what to print: ${PRINT_DOCUMENTS.join(', ')}.`,
  documentNotFound: 'That document does not exist.',
  zReadingNotFound: 'That Z reading does not exist.',
  notRefunded: 'This sale has not been refunded, so it has no refund slip.',
  zReadingRole: 'Only a manager, the owner or an admin prints a Z reading.',
  // The cash drawer.
  drawerReason: 'Reason',
  drawerReasonHint: 'Kept in the Activity Log, e.g. Change for a ₱1,000 bill.',
  drawerReasonRequired: 'Say why the drawer is opened.',
  drawerReasonTooLong: `The reason must be at most ${DRAWER_REASON_MAX} characters.`,
  drawerOpened: (terminal: string) => `The cash drawer of ${terminal} is open.`,
  drawerFailed: 'The cash drawer could not be opened.',
  drawerButton: 'Open drawer',
  // Printed only on paper.
  testHeading: 'TEST PRINT',
  testLines: (terminal: string, paper: number, chars: number) => [
    `Terminal: ${terminal}`,
    `Paper: ${paper} mm, ${chars} characters per line`,
    'If this line and the ruler below fit, the printer is set up.',
  ],
  refundHeading: 'REFUND',
  refundNumber: 'Refund No.',
  refundOf: 'Refund of invoice',
  refundTotal: 'Total refunded',
  refundedTo: 'Paid back by',
  refundSignature: 'Received by: ______________',
} as const;
