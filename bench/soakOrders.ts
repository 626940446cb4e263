// The soak's cake-order till (bench/soakRounds.ts): takes orders with a deposit (catalogue
// cakes, now and then a custom cake besides) and picks open ones up, paying the balance: one
// sale of the order's whole total on a terminal's invoice series, the cakes taken from their
// lots. Taking an order has no idempotency key, so an unanswered one is looked up in the file
// by its customer's name (each order has its own); a pickup has the counter's key, so an
// unanswered one is sent again and must answer the sale already made exactly when the file
// holds it.
import type { OrdersFound } from './soakOrdersCheck';
import { between, centavos, pesos, pick, type SoakRun } from './soakRun';
import type { Answer } from './soakServer';
import { type Order, type OrderLine, type Payment, pickedUp, vatOf } from './soakTypes';

const SHORT_ON_SHELF =
  /^("Soak Cake \d+" is out of stock\.|Cannot add \d+ units\. Only \d+ in stock for "Soak Cake \d+"\.)$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const paymentsIn = (payments: Payment[]) =>
  payments.map((p) => ({
    method: p.method,
    amount: pesos(p.amount),
    ...(p.reference ? { reference: p.reference } : {}),
  }));

export class CakeOrders {
  /** Taken and not picked up: the till's next pickups. */
  open: Order[] = [];

  constructor(readonly run: SoakRun) {}

  /** A new order: one or two of a catalogue cake, a custom cake now and then, half paid down. */
  async take(rng: () => number, n: number) {
    const { run } = this;
    const cake = pick(rng, run.known.cakes);
    const lines: OrderLine[] = [
      { cakeId: cake.id, description: cake.name, quantity: between(rng, 1, 2), price: cake.price },
    ];
    if (rng() < 0.3)
      lines.push({ cakeId: null, description: 'Soak number topper', quantity: 1, price: 35_000 });
    const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const totals = { subtotal, taxAmount: vatOf(subtotal), totalAmount: subtotal + vatOf(subtotal) };
    const name = `Soak Order ${run.round}-${n}`;
    const half = Math.ceil(totals.totalAmount / 2);
    const deposit: Payment =
      rng() < 0.5
        ? { method: 'Cash', amount: half }
        : { method: 'GCash', amount: half, reference: `GC-${run.round}-${n}` };
    const order: Order = {
      name,
      round: run.round,
      lines,
      totals,
      deposit,
      created: 0,
      createUnanswered: 0,
      createSettled: false,
    };
    run.known.orders.set(name, order);
    const answer = await run.send('order', 'POST', '/api/cake-orders', {
      customerName: name,
      phone: '0917 555 0101',
      pickupAt: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      lines: lines.map((l) =>
        l.cakeId === null
          ? { description: l.description, quantity: l.quantity, price: pesos(l.price) }
          : { cakeId: cake.code, quantity: l.quantity },
      ),
      taxRate: 12,
      payments: paymentsIn([deposit]),
      ...(deposit.method === 'Cash' ? { cashTendered: pesos(deposit.amount) } : {}),
    });
    if (answer.status === 0) {
      order.createUnanswered++;
      run.count.unanswered++;
      return;
    }
    const made = answer.body.order as
      | { _id: number; orderNumber: string; total: number; paid: number; status: string }
      | undefined;
    if (answer.status !== 201 || !made) {
      run.fail(`taking ${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return;
    }
    if (
      centavos(made.total) !== totals.totalAmount ||
      centavos(made.paid) !== half ||
      made.status !== 'Confirmed'
    )
      run.fail(
        `${made.orderNumber} (${name}) answered ${JSON.stringify(made).slice(0, 300)}; total ${totals.totalAmount}, paid ${half}`,
      );
    order.created++;
    order.id = made._id;
    order.number = made.orderNumber;
    run.count.orders++;
    this.open.push(order);
  }

  pickupBody(order: Order) {
    const p = order.pickup!;
    const cash = p.payments.find((x) => x.method === 'Cash');
    return {
      payments: paymentsIn(p.payments),
      ...(cash ? { cashTendered: pesos(Math.ceil(cash.amount / 10_000) * 10_000) } : {}),
      key: p.key,
      terminalId: p.terminalId,
    };
  }

  /** The balance paid and the order picked up, at one of the terminals. */
  async pickUp(order: Order, rng: () => number) {
    const { run } = this;
    const balance = order.totals.totalAmount - order.deposit.amount;
    order.pickup ??= {
      round: run.round,
      key: `soak-pickup-${order.id}`,
      terminalId: pick(rng, run.terminals),
      payments: [
        rng() < 0.6
          ? { method: 'Cash', amount: balance }
          : { method: 'GCash', amount: balance, reference: `GP-${order.id}` },
      ],
      created: 0,
      repeated: 0,
      refused: 0,
      unanswered: 0,
      settled: false,
    };
    this.heardPickup(
      order,
      await run.send('pickup', 'POST', `/api/cake-orders/${order.id}/pickup`, this.pickupBody(order)),
    );
  }

  heardPickup(order: Order, answer: Answer) {
    const { run } = this;
    const p = order.pickup!;
    if (answer.status === 0) {
      p.unanswered++;
      run.count.unanswered++;
      return;
    }
    const sale = answer.body.sale as
      | { _id: number; saleId: string; totalAmount: number; terminalId: number }
      | undefined;
    if ((answer.status === 201 || answer.status === 200) && sale) {
      const was = pickedUp(p);
      if (answer.status === 201) p.created++;
      else p.repeated++;
      const shown = answer.body.order as { status: string; balanceDue: number };
      if (
        answer.body.repeated !== (answer.status === 200) ||
        shown.status !== 'Picked up' ||
        shown.balanceDue !== 0 ||
        centavos(sale.totalAmount) !== order.totals.totalAmount ||
        sale.terminalId !== p.terminalId ||
        (p.saleId !== undefined && p.saleId !== sale.saleId)
      )
        run.fail(`pickup of ${order.number}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      p.saleId = sale.saleId;
      p.saleRef = sale._id;
      if (!was) run.count.pickups++;
      return;
    }
    if (answer.status === 409 && SHORT_ON_SHELF.test(String(answer.body.message))) {
      p.refused++;
      run.count.refused++;
      this.open.push(order);
      return;
    }
    run.fail(`pickup of ${order.number}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }

  /** The till: orders taken, and open ones picked up, about as often. */
  async till(rng: () => number): Promise<void> {
    const { run } = this;
    let n = 0;
    while (!run.stopping) {
      const ready = this.open.length > 0 && rng() < 0.5;
      if (ready) await this.pickUp(this.open.shift()!, rng);
      else await this.take(rng, n++);
    }
  }

  /**
   * After a restart: an unanswered order is taken when the file holds its name (then it is
   * picked up later); an unanswered pickup is sent again with its key, and must be the sale
   * already made (200) when the file has the order picked up, else made now (201).
   */
  async settle(found: OrdersFound) {
    const { run } = this;
    for (const order of run.known.orders.values()) {
      if (order.id === undefined && order.createUnanswered > 0 && !order.createSettled) {
        const there = found.get(order.name);
        if (there) {
          order.id = there.id;
          order.number = there.number;
          this.open.push(order);
        }
        order.createSettled = true;
      }
      const p = order.pickup;
      if (!p || p.unanswered === 0 || pickedUp(p) || p.settled) continue;
      const present = found.get(order.name)?.status === 'Picked up';
      const answer = await run.ask('POST', `/api/cake-orders/${order.id}/pickup`, this.pickupBody(order));
      if (present ? answer.status !== 200 : answer.status === 200)
        run.fail(
          `pickup of ${order.number} was ${present ? '' : 'not '}in the file after the kill, but its retry answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
        );
      this.heardPickup(order, answer);
      p.settled = true;
    }
  }

  /** The restarted server shows a sample of the orders as the clients were told. */
  async verifyOverHttp(rng: () => number) {
    const { run } = this;
    const taken = [...run.known.orders.values()].filter((o) => o.id !== undefined && rng() < 0.2).slice(0, 8);
    for (const order of taken) {
      const answer = await run.ask('GET', `/api/cake-orders/${order.id}`);
      const want = pickedUp(order.pickup) ? 'Picked up' : 'Confirmed';
      if (
        answer.status !== 200 ||
        answer.body.status !== want ||
        centavos(answer.body.total) !== order.totals.totalAmount ||
        (pickedUp(order.pickup) && answer.body.saleId !== order.pickup?.saleId)
      )
        run.fail(
          `GET /api/cake-orders/${order.id} after restart: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
        );
    }
  }
}
