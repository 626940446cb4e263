// The soak's receiving till (bench/soakRounds.ts): makes purchase orders, marks them
// Ordered and receives each delivery (a lot per line with its own expiry, ledger rows, the
// order Received). Receiving has no idempotency key, so after a kill the order's status in
// the file says whether an unanswered delivery was made, and the retry must be answered so:
// "cannot receive, Received" when it was, the delivery received when it was not.
import { PURCHASING_TEXT } from '../shared/texts/purchasing';
import { addDays, manilaDate } from '../shared/time';
import { between, pesos, type SoakRun, shuffled } from './soakRun';
import type { Answer } from './soakServer';
import { type Receipt, receiptKnown } from './soakTypes';

export class Receiving {
  /** Ordered, not yet received: the till's next deliveries. */
  ordered: Receipt[] = [];
  private supplier = '';

  constructor(readonly run: SoakRun) {}

  /** The supplier the orders go to. */
  async seed() {
    const { run } = this;
    const { supplier } = await run.must<{ supplier: { supplierId: string } }>(201, 'POST', '/api/suppliers', {
      supplierId: 'SUP-SOAK',
      name: 'Soak Mill and Dairy',
    });
    this.supplier = supplier.supplierId;
  }

  /** A new purchase order of two to four ingredients, made and marked Ordered; none when the kill cut in. */
  async newOrder(rng: () => number, n: number): Promise<Receipt | undefined> {
    const { run } = this;
    const items = shuffled(rng, run.known.ingredients).slice(0, between(rng, 2, 4));
    const today = manilaDate();
    const lines = items.map((item) => ({
      itemId: item.id,
      code: item.code,
      quantity: between(rng, 5, 60) * 1000,
      unitCost: between(rng, 3_000, 9_000),
      expires: addDays(today, between(rng, 10, 200)),
    }));
    const made = await run.send('other', 'POST', '/api/purchase-orders', {
      supplierId: this.supplier,
      lines: lines.map((l) => ({ itemId: l.code, quantity: l.quantity / 1000, unitCost: pesos(l.unitCost) })),
    });
    if (made.status === 0) return undefined;
    const po = made.body.purchaseOrder as { _id: number; poNumber: string } | undefined;
    if (made.status !== 201 || !po) {
      run.fail(`a purchase order answered ${made.status} ${JSON.stringify(made.body)}`);
      return undefined;
    }
    const ordered = await run.send('other', 'POST', `/api/purchase-orders/${po._id}/order`);
    if (ordered.status === 0) return undefined;
    if (ordered.status !== 200) {
      run.fail(`ordering ${po.poNumber} answered ${ordered.status} ${JSON.stringify(ordered.body)}`);
      return undefined;
    }
    const reference = `DR-${run.round}-${n}`;
    return {
      poId: po._id,
      poNumber: po.poNumber,
      reference,
      round: run.round,
      lines,
      ok: 0,
      already: 0,
      unanswered: 0,
      settled: false,
    };
  }

  receiveBody(r: Receipt) {
    return {
      reference: r.reference,
      lines: r.lines.map((l) => ({ itemId: l.code, quantity: l.quantity / 1000, expirationDate: l.expires })),
    };
  }

  /** 200 with a lot per line; 409 "cannot receive" only for a retry of one already received. */
  heardReceipt(r: Receipt, answer: Answer, retry: boolean) {
    const { run } = this;
    if (answer.status === 0) {
      r.unanswered++;
      run.count.unanswered++;
      return;
    }
    const lots = answer.body.lots as
      | { itemId: string; quantity: number; expirationDate: string }[]
      | undefined;
    if (answer.status === 200 && lots) {
      const got = lots
        .map((l) => `${l.itemId}x${Math.round(l.quantity * 1000)}@${l.expirationDate}`)
        .join(',');
      const want = r.lines.map((l) => `${l.code}x${l.quantity}@${l.expires}`).join(',');
      if (got !== want || (answer.body.purchaseOrder as { status: string }).status !== 'Received')
        run.fail(`${r.poNumber} received as [${got}], sent [${want}]`);
      if (!receiptKnown(r)) run.count.receipts++;
      r.ok++;
    } else if (
      retry &&
      answer.status === 409 &&
      answer.body.message === PURCHASING_TEXT.cannotReceive(r.poNumber, 'Received')
    )
      r.already++;
    else run.fail(`receiving ${r.poNumber}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  /** The receiving till: orders made and delivered, one after another. */
  async receivingTill(rng: () => number): Promise<void> {
    const { run } = this;
    let n = 0;
    while (!run.stopping) {
      const r = this.ordered.shift() ?? (await this.newOrder(rng, n++));
      if (!r) continue;
      if (run.stopping) {
        this.ordered.push(r);
        break;
      }
      run.known.receipts.push(r);
      this.heardReceipt(
        r,
        await run.send('receipt', 'POST', `/api/purchase-orders/${r.poId}/receive`, this.receiveBody(r)),
        false,
      );
    }
  }

  /** After a restart an unanswered delivery is sent again: the file decides the answer it must get. */
  async settle(found: Map<number, string>) {
    const { run } = this;
    for (const r of run.known.receipts) {
      if (r.unanswered === 0 || receiptKnown(r) || r.settled) continue;
      const present = found.get(r.poId) === 'Received';
      const answer = await run.ask('POST', `/api/purchase-orders/${r.poId}/receive`, this.receiveBody(r));
      if (answer.status !== (present ? 409 : 200))
        run.fail(
          `${r.poNumber} was ${present ? '' : 'not '}received in the file after the kill, but its retry answered ${answer.status}`,
        );
      this.heardReceipt(r, answer, true);
      r.settled = true;
    }
  }

  /** The restarted server shows the last round's deliveries as received. */
  async verifyOverHttp() {
    const { run } = this;
    for (const r of run.known.receipts
      .filter((r) => r.round === run.round - 1 && receiptKnown(r))
      .slice(0, 5)) {
      const answer = await run.ask('GET', `/api/purchase-orders/${r.poId}`);
      if (answer.status !== 200 || answer.body.status !== 'Received')
        run.fail(
          `GET /api/purchase-orders/${r.poId} after restart: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
        );
    }
  }
}
