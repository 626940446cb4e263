// What the soak's clients know (bench/soakRounds.ts): what they sent and every answer they
// heard, kind by kind. bench/soakCheck.ts holds the database file against it after each kill.
// Money in centavos; item quantities in thousandths unless a field says units; cakes whole.

/** A shelf item the counter tills sell (and the offline devices), as seeded. */
export interface Product {
  id: number;
  code: string;
  /** Centavos, as seeded. */
  price: number;
  /** Stock when seeded, in units as sent (the ledger's 'created' row keeps thousandths). */
  initial: number;
}

export interface CartLine {
  id: number;
  /** Units. */
  quantity: number;
}

export interface Totals {
  subtotal: number;
  taxAmount: number;
  totalAmount: number;
}

/** Everything the clients know about one saleId: what they sent, and every answer they heard. */
export interface SaleAttempts {
  saleId: string;
  round: number;
  /** The terminal the till sells and refunds at. */
  terminalId: number;
  /** By product id, ascending. */
  cart: CartLine[];
  totals: Totals;
  /** Made on a device while "offline" and sent from its queue, numbered from the device's block. */
  offline?: { device: number; invoiceSeq: number };
  /** 201 answers (a new sale); more than one is a double sale. */
  created: number;
  /** 200 answers (`repeated`: the sale already made). */
  repeated: number;
  /** 409 answers for short stock: nothing may have been written. */
  refused: number;
  /** Attempts that had no answer because the server was killed. */
  unanswered: number;
  /** After a crash the till retried it and got a definite answer. */
  settled: boolean;
  /** The sale's `_id` as answered. */
  ref?: number;
  refund: { ok: number; conflict: number; unanswered: number; settled: boolean };
}

export const acknowledged = (s: SaleAttempts) => s.created + s.repeated > 0;

/** VAT is 12% of the subtotal, rounded half-up to the centavo. */
export const vatOf = (subtotal: number) => Math.floor((subtotal * 12 + 50) / 100);

export function totalsOf(cart: CartLine[], products: Map<number, Product>): Totals {
  const subtotal = cart.reduce((sum, l) => sum + products.get(l.id)!.price * l.quantity, 0);
  const taxAmount = vatOf(subtotal);
  return { subtotal, taxAmount, totalAmount: subtotal + taxAmount };
}

/** An item the kitchen bakes with and the deliveries bring. */
interface Ingredient {
  id: number;
  code: string;
  /** Its opening stock, thousandths. */
  initial: number;
}

/** A cake with a recipe: baked by the production till, picked up on cake orders. */
interface Cake {
  id: number;
  code: string;
  name: string;
  price: number;
  /** Thousandths of each ingredient per cake. */
  recipe: { itemId: number; quantity: number }[];
}

/** A delivery received against a purchase order the receiving till made and ordered. */
export interface Receipt {
  poId: number;
  poNumber: string;
  /** The delivery's reference; the ledger's reads "PO-000001 (reference)". */
  reference: string;
  round: number;
  lines: { itemId: number; code: string; quantity: number; unitCost: number; expires: string }[];
  /** 200 answers. */
  ok: number;
  /** 409 "cannot receive, Received" answers to a retry: it was already on the books. */
  already: number;
  unanswered: number;
  settled: boolean;
}
export const receiptKnown = (r: Receipt) => r.ok + r.already > 0;

/** A production batch, in the order the one production till sent them. */
export interface Batch {
  round: number;
  cakeId: number;
  quantity: number;
  /** BATCH number as answered, or as found in the file after a kill. */
  number?: number;
  /** 201: acknowledged. */
  answered: boolean;
  /** Sent and never answered; `settled` once the file said whether it was made. */
  unanswered: boolean;
  settled: boolean;
}

export interface OrderLine {
  cakeId: number | null;
  description: string;
  quantity: number;
  price: number;
}

export interface Payment {
  method: 'Cash' | 'GCash';
  amount: number;
  reference?: string;
}

/** A cake order taken with a deposit, and its pickup. Its customer's name tells it apart in the file. */
export interface Order {
  name: string;
  round: number;
  lines: OrderLine[];
  totals: Totals;
  deposit: Payment;
  /** 201 answers to its taking; an unanswered one is looked up by name after the kill. */
  created: number;
  createUnanswered: number;
  /** After a kill the file said whether an unanswered taking was made. */
  createSettled: boolean;
  id?: number;
  number?: string;
  pickup?: Pickup;
}

export interface Pickup {
  round: number;
  /** The counter's key: a retry with it answers the same sale. */
  key: string;
  terminalId: number;
  payments: Payment[];
  created: number;
  repeated: number;
  /** 409 for cakes short on the shelf: nothing may have been written. */
  refused: number;
  unanswered: number;
  settled: boolean;
  saleId?: string;
  saleRef?: number;
}
export const pickedUp = (p: Pickup | undefined) => !!p && p.created + p.repeated > 0;

/** A counter device selling offline from invoice blocks it reserved (docs/decisions.md, Selling offline). */
export interface Device {
  index: number;
  terminalId: number;
  /** The blocks it was told about; one whose answer was lost it never uses. */
  blocks: { first: number; last: number }[];
  /** The next number to use from its blocks. */
  next: number;
  /** Made and not yet acknowledged, oldest first: sent in order, one at a time. */
  queue: SaleAttempts[];
}

/** Everything the clients know, for bench/soakCheck.ts. */
export interface Known {
  products: Map<number, Product>;
  sales: Map<string, SaleAttempts>;
  ingredients: Ingredient[];
  cakes: Cake[];
  receipts: Receipt[];
  batches: Batch[];
  orders: Map<string, Order>;
  devices: Device[];
}
