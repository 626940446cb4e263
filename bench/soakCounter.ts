// The soak's counter tills (bench/soakRounds.ts): checkouts with fresh saleIds, double taps,
// retries, a saleId reused with other lines, and refunds, some asked twice at once. Every
// answer is held against the shop's rules (docs/rules.md) as it comes.
import { SALES_TEXT } from '../shared/texts/sales';
import { centavos, pesos, pick, type SoakRun } from './soakRun';
import type { Answer } from './soakServer';
import { acknowledged, type CartLine, type SaleAttempts, totalsOf } from './soakTypes';

/** Twenty shelf items that never run out in a soak, and two that run out at once and come back with refunds. */
const ON_SALE = { items: 20, stock: 100_000, scarce: 2, scarceStock: 30 };
const STOCK_REFUSAL =
  /^("Soak Scarce Item \d+" is out of stock\.|Cannot add \d+ units\. Only \d+ in stock for "Soak Scarce Item \d+"\.)$/;

export class Counter {
  /** Acknowledged, completed, no refund asked yet: what a till may refund. */
  refundable: SaleAttempts[] = [];
  retriedRepeated = 0;
  refunds = 0;

  constructor(readonly run: SoakRun) {}

  /** Twenty-two items with known prices and stock, and a second terminal (nothing is killed meanwhile). */
  async seed() {
    for (let i = 0; i < ON_SALE.items + ON_SALE.scarce; i++) {
      const scarce = i >= ON_SALE.items;
      const price = 1_995 + i * 737; // centavos that make the 12% VAT round both ways
      const stock = scarce ? ON_SALE.scarceStock : ON_SALE.stock;
      const { item } = await this.run.must<{ item: { _id: number; itemId: string } }>(
        201,
        'POST',
        '/api/inventory',
        {
          name: `Soak ${scarce ? 'Scarce' : 'Shelf'} Item ${i + 1}`,
          stock,
          unitPrice: pesos(price),
          purchasePrice: pesos(Math.floor(price * 0.6)),
        },
      );
      this.run.known.products.set(item._id, { id: item._id, code: item.itemId, price, initial: stock });
    }
    // A second terminal: half the tills sell there, so each series is checked under load.
    const { terminal } = await this.run.must<{ terminal: { _id: number } }>(201, 'POST', '/api/terminals', {
      name: 'Soak Counter 2',
      invoicePrefix: 'S2-',
    });
    this.run.terminals = [1, terminal._id];
  }

  /** A new sale's cart and its id (till < 36); `shelfOnly` keeps to the items that never run out. */
  newSale(till: number, seq: number, rng: () => number, shelfOnly = false): SaleAttempts {
    const ids = [...this.run.known.products.keys()];
    const shelf = ids.slice(0, ON_SALE.items);
    const scarce = ids.slice(ON_SALE.items);
    const chosen = new Set<number>();
    const lines = 1 + Math.floor(rng() * 3);
    while (chosen.size < lines) chosen.add(!shelfOnly && rng() < 0.08 ? pick(rng, scarce) : pick(rng, shelf));
    const cart = [...chosen].sort((a, b) => a - b).map((id) => ({ id, quantity: 1 + Math.floor(rng() * 3) }));
    const code = `${this.run.round.toString(36).padStart(3, '0')}${till.toString(36)}${seq.toString(36).padStart(4, '0')}`;
    const sale: SaleAttempts = {
      saleId: `SALE-${code.toUpperCase()}`,
      round: this.run.round,
      terminalId: this.run.terminals[till % this.run.terminals.length]!,
      cart,
      totals: totalsOf(cart, this.run.known.products),
      created: 0,
      repeated: 0,
      refused: 0,
      unanswered: 0,
      settled: false,
      refund: { ok: 0, conflict: 0, unanswered: 0, settled: false },
    };
    this.run.known.sales.set(sale.saleId, sale);
    return sale;
  }

  /** The legacy checkout body in pesos; half the tills send their own totals too. */
  body(sale: SaleAttempts, cart: CartLine[], withTotals: boolean) {
    const t = sale.totals;
    return {
      saleId: sale.saleId,
      customerName: 'Soak',
      orderType: 'Walk-in',
      items: cart.map((l) => ({ itemId: l.id, quantity: l.quantity })),
      taxRate: 12,
      paymentMethod: 'Cash',
      terminalId: sale.terminalId,
      ...(withTotals
        ? { subtotal: pesos(t.subtotal), taxAmount: pesos(t.taxAmount), totalAmount: pesos(t.totalAmount) }
        : {}),
    };
  }

  /** One checkout attempt of `sale`. */
  async checkout(sale: SaleAttempts, withTotals: boolean): Promise<void> {
    if (this.run.stopping) return;
    const answer = await this.run.send('sale', 'POST', '/api/sales', this.body(sale, sale.cart, withTotals));
    this.heard(sale, answer);
  }

  /** An answer to a checkout or an offline sale: the sale as sent, 201 new or 200 the same again. */
  heard(sale: SaleAttempts, answer: Answer) {
    const { run } = this;
    if (answer.status === 0) {
      sale.unanswered++;
      run.count.unanswered++;
      return;
    }
    if (answer.status === 201 || answer.status === 200) {
      const made = answer.body.sale as {
        _id: number;
        saleId: string;
        totalAmount: number;
        invoiceNumber: string | null;
        items: { _id: number; quantity: number }[];
      };
      const wasAcked = acknowledged(sale);
      if (answer.status === 201) sale.created++;
      else sale.repeated++;
      if (answer.body.repeated !== (answer.status === 200))
        run.fail(`${sale.saleId}: ${answer.status} with repeated=${answer.body.repeated}`);
      const items = made.items.map((l) => `${l._id}x${l.quantity}`).join(',');
      const want = sale.cart.map((l) => `${l.id}x${l.quantity}`).join(',');
      if (
        made.saleId !== sale.saleId ||
        items !== want ||
        centavos(made.totalAmount) !== sale.totals.totalAmount
      )
        run.fail(
          `${sale.saleId}: answered ${JSON.stringify(made)}; sent ${want}, total ${sale.totals.totalAmount}`,
        );
      if (sale.ref !== undefined && sale.ref !== made._id)
        run.fail(`${sale.saleId}: answered as _id ${made._id}, earlier as ${sale.ref}`);
      sale.ref = made._id;
      if (!wasAcked) {
        run.count.acknowledged++;
        if (sale.offline) run.count.offline++;
        run.acked();
        this.refundable.push(sale);
      }
      return;
    }
    const message = String(answer.body.message ?? '');
    // Only the scarce items can run short (offline devices never sell them), and an offline
    // sale is never refused for stock: a shelf item refused would be a bug.
    if (!sale.offline && answer.status === 409 && STOCK_REFUSAL.test(message)) {
      sale.refused++;
      run.count.refused++;
      return;
    }
    run.fail(`${sale.saleId}: answered ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  /** The same saleId with other lines: 409, and the sale already made is untouched. */
  async reuse(sale: SaleAttempts): Promise<void> {
    if (this.run.stopping) return;
    const other = sale.cart.map((l, i) => (i === 0 ? { ...l, quantity: l.quantity + 1 } : l));
    const answer = await this.run.send('sale', 'POST', '/api/sales', this.body(sale, other, false));
    if (answer.status !== 0 && !(answer.status === 409 && answer.body.message === SALES_TEXT.saleIdReused))
      this.run.fail(
        `${sale.saleId} reused with other lines: ${answer.status} ${JSON.stringify(answer.body)}`,
      );
  }

  /** A whole-sale refund, sometimes asked twice at once: one 200, the other "already refunded". */
  async refund(rng: () => number): Promise<void> {
    if (this.run.stopping || this.refundable.length === 0) return;
    const at = Math.floor(rng() * this.refundable.length);
    const sale = this.refundable[at]!;
    this.refundable.splice(at, 1);
    const times = rng() < 0.25 ? 2 : 1;
    await Promise.all(
      Array.from({ length: times }, async () => {
        this.tallyRefund(
          sale,
          await this.run.send('refund', 'POST', `/api/sales/${sale.saleId}/refund`, {
            terminalId: sale.terminalId,
          }),
        );
      }),
    );
  }

  tallyRefund(sale: SaleAttempts, answer: Answer) {
    if (answer.status === 0) sale.refund.unanswered++;
    else if (answer.status === 200 && (answer.body.sale as { status?: string })?.status === 'refunded') {
      sale.refund.ok++;
      this.run.count.refunds++;
      this.refunds++;
    } else if (answer.status === 409 && answer.body.message === SALES_TEXT.alreadyRefunded)
      sale.refund.conflict++;
    else this.run.fail(`refund of ${sale.saleId}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  /** A till: checkouts with fresh saleIds, now and then a retry, a reuse, or a refund. */
  async till(till: number, rng: () => number): Promise<void> {
    let seq = 0;
    while (!this.run.stopping) {
      const roll = rng();
      if (roll < 0.06) {
        await this.refund(rng);
        continue;
      }
      const sale = this.newSale(till, seq++, rng);
      const withTotals = rng() < 0.5;
      if (roll < 0.14) {
        // Two of the same at once (a double tap): one sale, both answered with it.
        await Promise.all([this.checkout(sale, withTotals), this.checkout(sale, !withTotals)]);
        continue;
      }
      await this.checkout(sale, withTotals);
      if (roll < 0.2 && acknowledged(sale)) await this.checkout(sale, withTotals);
      else if (roll < 0.23 && acknowledged(sale)) await this.reuse(sale);
    }
  }

  /**
   * After a restart, each till retries what it sent without an answer, as a real till
   * would: a sale the file already holds must come back as the sale already made (200),
   * one it does not hold is made now (201) or refused for stock; a refund the file holds
   * is "already refunded" (409), one it does not is done now. (Offline sales: soakOffline.ts.)
   */
  async settle(status: Map<string, string>) {
    const { run } = this;
    for (const sale of run.known.sales.values()) {
      if (!sale.offline && !acknowledged(sale) && sale.unanswered > 0 && !sale.settled) {
        const present = status.has(sale.saleId);
        const answer = await run.ask('POST', '/api/sales', this.body(sale, sale.cart, true));
        const expected = present ? [200] : [201, 409];
        if (!expected.includes(answer.status))
          run.fail(
            `${sale.saleId} was ${present ? '' : 'not '}in the database after the kill, but its retry answered ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        if (answer.status === 200) this.retriedRepeated++;
        this.heard(sale, answer);
        sale.settled = true;
      }
      const r = sale.refund;
      if (r.unanswered > 0 && r.ok === 0 && r.conflict === 0 && !r.settled) {
        const done = status.get(sale.saleId) === 'refunded';
        const answer = await run.ask('POST', `/api/sales/${sale.saleId}/refund`, {
          terminalId: sale.terminalId,
        });
        if (answer.status !== (done ? 409 : 200))
          run.fail(
            `refund of ${sale.saleId} was ${done ? '' : 'not '}in the database after the kill, but its retry answered ${answer.status}`,
          );
        this.tallyRefund(sale, answer);
        r.settled = true;
      }
    }
  }

  /**
   * The restarted server answers a sample of the last round's acknowledged sales with their
   * totals, and as refunded exactly when a refund of theirs was acknowledged (after settle()
   * every refund has a definite answer).
   */
  async verifyOverHttp(rng: () => number) {
    const { run } = this;
    const recent = [...run.known.sales.values()].filter((s) => s.round === run.round - 1 && acknowledged(s));
    const sample = recent.filter(() => rng() < Math.min(1, 30 / Math.max(1, recent.length)));
    await Promise.all(
      sample.map(async (sale) => {
        const answer = await run.ask('GET', `/api/sales/${sale.saleId}`);
        const got =
          answer.status === 200 ? (answer.body as { status: string; totalAmount: number }) : undefined;
        if (
          !got ||
          got.status !== (sale.refund.ok + sale.refund.conflict > 0 ? 'refunded' : 'completed') ||
          centavos(got.totalAmount) !== sale.totals.totalAmount
        )
          run.fail(`GET /api/sales/${sale.saleId} after restart: ${JSON.stringify(answer)}`);
      }),
    );
  }
}
