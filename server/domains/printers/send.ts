import { connect } from 'node:net';
import { printerAddress, PRINTERS_TEXT as T } from '../../../shared/texts/printers';

// Bytes to a network receipt printer over raw TCP (port 9100): connect, write, close. It never
// throws: a printer that is off, unplugged or named wrong is an answer for the cashier, and
// the sale, refund or reading it prints is already on the books (docs/decisions.md, Printing).

/** What printing did: printed, or why not in the cashier's words. */
export type PrintOutcome = { printed: true } | { printed: false; message: string };

/** About as long as a cashier waits before pressing Print again. */
const WAIT_MS = 3_000;

const NOT_FOUND = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);

export interface SendOptions {
  /** How long connecting may take, and then writing (each). */
  timeoutMs?: number;
  /** The button the message tells the cashier to press again. */
  button?: string;
}

export function sendToPrinter(
  printer: { host: string; port: number },
  bytes: Uint8Array,
  { timeoutMs = WAIT_MS, button }: SendOptions = {},
): Promise<PrintOutcome> {
  const address = printerAddress(printer.host, printer.port);
  return new Promise((resolve) => {
    let settled = false;
    const socket = connect({ host: printer.host, port: printer.port });
    const finish = (outcome: PrintOutcome) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const failed = (code?: string) =>
      finish({
        printed: false,
        message: code && NOT_FOUND.has(code) ? T.unknownHost(address) : T.didNotAnswer(address, button),
      });
    // One timer: first for connecting (the name's lookup included), then for the write.
    let timer = setTimeout(() => {
      failed();
      socket.destroy();
    }, timeoutMs);
    socket.once('error', (error: NodeJS.ErrnoException) => failed(error.code));
    socket.once('connect', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        failed();
        socket.destroy();
      }, timeoutMs);
      // 'finish': every byte is handed to the network and our end is closed.
      socket.end(bytes, () => finish({ printed: true }));
    });
    // A printer that keeps its end open is let go once it has had time to read.
    socket.once('finish', () => setTimeout(() => socket.destroy(), timeoutMs).unref());
  });
}
