import type { CheckoutInput } from '../../../shared/schemas/sales';
import { newSaleId } from '../../../shared/texts/sales';
import type { Tx } from '../../db/open';
import { placeholders, prepared } from '../../db/prepared';
import { saleLines, salePayments, sales } from '../../db/schema';
import type { PricedLine } from './lines';
import { findSale } from './records';

// The rows of one sale as checkout, an offline sale and a cake order pickup write them.

/** The sale and line inserts run on every checkout: prepared once (server/db/prepared.ts). */
const SALE_COLUMNS = [
  'saleId',
  'customerName',
  'customerId',
  'orderType',
  'subtotal',
  'discountAmount',
  'vatExemptAmount',
  'discountType',
  'discountName',
  'discountIdNumber',
  'shiftId',
  'taxAmount',
  'totalAmount',
  'taxRate',
  'paymentMethod',
  'paymentReference',
  'cashTendered',
  'change',
  'linesKey',
  'soldBy',
  'soldAt',
  'zPending',
  'backdateReason',
  'terminalId',
  'invoiceSeq',
  'invoiceNumber',
  'buyerName',
  'buyerAddress',
  'buyerTin',
  'soldOffline',
  'receivedAt',
] as const;
export const insertSale = (tx: Tx) =>
  prepared(tx, 'sales.insert', () =>
    tx
      .insert(sales)
      .values(placeholders(SALE_COLUMNS) as never)
      .returning({ id: sales.id })
      .prepare(),
  );

const LINE_COLUMNS = [
  'saleId',
  'cost',
  'kind',
  'itemId',
  'cakeId',
  'code',
  'name',
  'price',
  'purchasePrice',
  'quantity',
  'lineTotal',
  'category',
  'discount',
  'catalogPrice',
] as const;
export const insertLine = (tx: Tx) =>
  prepared(tx, 'sales.insertLine', () =>
    tx
      .insert(saleLines)
      .values(placeholders(LINE_COLUMNS) as never)
      .returning({ id: saleLines.id })
      .prepare(),
  );

export const insertPayment = (tx: Tx) =>
  prepared(tx, 'sales.insertPayment', () =>
    tx
      .insert(salePayments)
      .values(placeholders(['saleId', 'method', 'amount', 'reference', 'appliedDeposit']) as never)
      .prepare(),
  );

/** A line as sold: lineTotal is what was charged for it, after its discount (before VAT). */
export function lineRow(saleId: number, line: PricedLine, off: number) {
  return {
    saleId,
    kind: line.kind,
    itemId: line.kind === 'item' ? line.id : null,
    cakeId: line.kind === 'cake' ? line.id : null,
    code: line.code,
    name: line.name,
    price: line.price,
    purchasePrice: line.purchasePrice,
    quantity: line.quantity,
    lineTotal: line.price * line.quantity - off,
    category: line.category,
    discount: off,
  };
}

/** The buyer's lines for the invoice: blank ones are none. */
export function buyerOf(buyer: CheckoutInput['buyer']) {
  return {
    buyerName: buyer?.name || null,
    buyerAddress: buyer?.address || null,
    buyerTin: buyer?.tin || null,
  };
}

export function uniqueSaleId(tx: Tx): string {
  for (;;) {
    const id = newSaleId();
    if (!findSale(tx, id)) return id;
  }
}
