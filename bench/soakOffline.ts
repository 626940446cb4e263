// The soak's offline devices (bench/soakRounds.ts; docs/decisions.md, Selling offline): one
// device at each terminal reserves small blocks of its terminal's invoice numbers, makes a few
// sales "offline" numbered from them in order, and sends its queue to POST /api/sales/offline
// one sale at a time, oldest first, as client/offline/queue.ts does. A sale leaves the queue
// only with an answer; after a kill the device sends its queue again from the head, and the
// sale id makes a sale the file already holds come back as the sale already made. A block
// whose answer was lost is never used: its numbers stay unissued, which the rules allow.
import Database from 'better-sqlite3';
import type { Counter } from './soakCounter';
import { between, pesos, pick, type SoakRun } from './soakRun';
import type { Answer } from './soakServer';
import { acknowledged, type Device, type SaleAttempts } from './soakTypes';

const BLOCK_SIZE = 8;
/** The tables an offline sale writes: sending one already on the books again must leave them as they are. */
const WRITTEN = [
  'sales',
  'sale_lines',
  'sale_line_lots',
  'sale_payments',
  'stock_movements',
  'stock_lots',
  'journal',
  'invoice_blocks',
];

export class OfflineDevices {
  /** Each queued sale's time on the device, sent with it every time. */
  private soldAt = new Map<string, string>();
  /** Acknowledged offline sales sent again after a restart: each answered as already made, nothing written. */
  resent = 0;

  constructor(
    readonly run: SoakRun,
    readonly counter: Counter,
  ) {}

  /** One device at each terminal. */
  seed() {
    this.run.known.devices = this.run.terminals.map((terminalId, index) => ({
      index,
      terminalId,
      blocks: [],
      next: 0,
      queue: [],
    }));
  }

  /** The device's next number: from its blocks in order, reserving a block when none is left. */
  private async number(device: Device): Promise<number | undefined> {
    const last = device.blocks.at(-1);
    if (last && device.next <= last.last) return device.next++;
    const answer = await this.run.send(
      'other',
      'POST',
      `/api/terminals/${device.terminalId}/invoice-blocks`,
      {
        size: BLOCK_SIZE,
      },
    );
    if (answer.status === 0) return undefined;
    const block = answer.body.block as { first: number; last: number; terminalId: number } | undefined;
    if (answer.status !== 201 || !block || block.last - block.first + 1 !== BLOCK_SIZE) {
      this.run.fail(
        `reserving a block at terminal ${device.terminalId}: ${answer.status} ${JSON.stringify(answer.body)}`,
      );
      return undefined;
    }
    device.blocks.push({ first: block.first, last: block.last });
    device.next = block.first + 1;
    return block.first;
  }

  body(sale: SaleAttempts) {
    const t = sale.totals;
    return {
      saleId: sale.saleId,
      customerName: 'Soak Offline',
      orderType: 'Walk-in',
      items: sale.cart.map((l) => ({
        itemId: l.id,
        quantity: l.quantity,
        price: pesos(this.run.known.products.get(l.id)!.price),
      })),
      taxRate: 12,
      paymentMethod: 'Cash',
      subtotal: pesos(t.subtotal),
      taxAmount: pesos(t.taxAmount),
      totalAmount: pesos(t.totalAmount),
      soldAt: this.soldAt.get(sale.saleId),
      terminalId: sale.terminalId,
      invoiceSeq: sale.offline!.invoiceSeq,
      cashierId: this.run.userId,
      shiftId: null,
    };
  }

  /** The answer to the queue's head: acknowledged, it leaves the queue; unanswered, it stays. */
  heard(device: Device, sale: SaleAttempts, answer: Answer) {
    this.counter.heard(sale, answer);
    if (answer.status === 0) return;
    const made = answer.body.sale as { soldOffline?: boolean; terminalId?: number } | undefined;
    if (acknowledged(sale) && (made?.soldOffline !== true || made.terminalId !== device.terminalId))
      this.run.fail(`${sale.saleId}: answered as ${JSON.stringify(made).slice(0, 200)}`);
    // Refused (a failure already): dropped, or the queue would never move again.
    device.queue.shift();
  }

  /** A device: an outage's few sales made and numbered, then the queue sent in order. */
  async till(device: Device, rng: () => number): Promise<void> {
    const { run } = this;
    let seq = 0;
    while (!run.stopping) {
      if (device.queue.length === 0) {
        for (let k = between(rng, 1, 5); k > 0 && !run.stopping; k--) {
          const invoiceSeq = await this.number(device);
          if (invoiceSeq === undefined) break;
          // Till codes from z down: the counter tills' are 0 up.
          const sale = this.counter.newSale(35 - device.index, seq++, rng, true);
          sale.terminalId = device.terminalId;
          sale.offline = { device: device.index, invoiceSeq };
          this.soldAt.set(sale.saleId, new Date().toISOString());
          device.queue.push(sale);
        }
        continue;
      }
      const sale = device.queue[0]!;
      this.heard(device, sale, await run.send('offline', 'POST', '/api/sales/offline', this.body(sale)));
    }
  }

  /**
   * After a restart: first a couple of acknowledged offline sales are sent again, each to be
   * answered as already made with nothing written; then each device sends its queue, oldest
   * first: a sale the file holds must come back as already made (200), any other is made (201).
   */
  async settle(status: Map<string, string>, dbFile: string, rng: () => number) {
    const { run } = this;
    const done = [...run.known.sales.values()].filter((s) => s.offline && acknowledged(s));
    for (let k = 0; k < 2 && done.length > 0; k++) {
      const sale = pick(rng, done);
      const before = counts(dbFile);
      const answer = await run.ask('POST', '/api/sales/offline', this.body(sale));
      const after = counts(dbFile);
      if (answer.status !== 200 || answer.body.repeated !== true || after !== before)
        run.fail(
          `acknowledged offline sale ${sale.saleId} sent again: ${answer.status}, tables ${before} then ${after}`,
        );
      this.counter.heard(sale, answer);
      this.resent++;
    }
    for (const device of run.known.devices)
      while (device.queue.length > 0) {
        const sale = device.queue[0]!;
        const present = status.has(sale.saleId);
        const answer = await run.ask('POST', '/api/sales/offline', this.body(sale));
        if (answer.status !== (present ? 200 : 201))
          run.fail(
            `offline sale ${sale.saleId} was ${present ? '' : 'not '}in the file after the kill, but sending it again answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
          );
        if (sale.unanswered > 0) sale.settled = true;
        this.heard(device, sale, answer);
      }
  }
}

/** Row counts of the tables an offline sale writes, read beside the running server. */
function counts(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return WRITTEN.map((t) => db.prepare(`select count(*) from ${t}`).pluck().get()).join('/');
  } finally {
    db.close();
  }
}
