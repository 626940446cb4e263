import { eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { orderNumber } from '../../../shared/texts/cakeOrders';
import type { Db } from '../../db/open';
import {
  cakeOrderEvents,
  cakeOrderLines,
  cakeOrderPayments,
  cakeOrders,
  customers,
  sales,
  users,
} from '../../db/schema';
import type { Sheet } from '../../lib/xlsx';
import { byId, columns, iso, pesos } from './sheets';

// The cake-orders area: each order by its number (ORD-000001), its customer by customerId
// when registered and its pickup's sale by saleId; its lines (the cake by cakeId, blank for a
// custom cake), its payments (deposits, the balance, refunds) and its history, by orderNumber.

const creator = alias(users, 'creator');
const picker = alias(users, 'picker');
const canceller = alias(users, 'canceller');
const taker = alias(users, 'taker');
const yesNo = (v: boolean | null) => (v === null ? null : v ? 'yes' : 'no');

export function cakeOrdersSheets(db: Db) {
  const ordersPage = (after: number, limit: number) =>
    db
      .select({
        order: cakeOrders,
        customerId: customers.customerId,
        saleId: sales.saleId,
        createdBy: creator.email,
        pickedUpBy: picker.email,
        cancelledBy: canceller.email,
      })
      .from(cakeOrders)
      .leftJoin(customers, eq(customers.id, cakeOrders.customerId))
      .leftJoin(sales, eq(sales.id, cakeOrders.saleId))
      .leftJoin(creator, eq(creator.id, cakeOrders.createdBy))
      .leftJoin(picker, eq(picker.id, cakeOrders.pickedUpBy))
      .leftJoin(canceller, eq(canceller.id, cakeOrders.cancelledBy))
      .where(gt(cakeOrders.id, after))
      .orderBy(cakeOrders.id)
      .limit(limit)
      .all()
      .map(({ order, ...refs }) => ({ ...order, ...refs }));
  const ordersSheet: Sheet<ReturnType<typeof ordersPage>[number]> = {
    name: 'cake-orders',
    chunks: byId(ordersPage),
    columns: columns(
      {
        orderNumber: (r) => orderNumber(r.number),
        customerName: (r) => r.customerName,
        customerId: (r) => r.customerId,
        phone: (r) => r.phone,
        pickupAt: (r) => iso(r.pickupAt),
        status: (r) => r.status,
        taxRate: (r) => r.taxRate,
        subtotal: (r) => pesos(r.subtotal),
        taxAmount: (r) => pesos(r.taxAmount),
        total: (r) => pesos(r.total),
        inscription: (r) => r.inscription,
        notes: (r) => r.notes,
        saleId: (r) => r.saleId,
        pickedUpAt: (r) => iso(r.pickedUpAt),
        pickedUpBy: (r) => r.pickedUpBy,
        cancelledAt: (r) => iso(r.cancelledAt),
        cancelledBy: (r) => r.cancelledBy,
        cancelReason: (r) => r.cancelReason,
        depositRefunded: (r) => yesNo(r.depositRefunded),
        createdBy: (r) => r.createdBy,
        createdAt: (r) => iso(r.createdAt),
      },
      ['subtotal', 'taxAmount', 'total'],
    ),
  };
  const linesPage = (after: number, limit: number) =>
    db
      .select({ line: cakeOrderLines, number: cakeOrders.number })
      .from(cakeOrderLines)
      .innerJoin(cakeOrders, eq(cakeOrders.id, cakeOrderLines.orderId))
      .where(gt(cakeOrderLines.id, after))
      .orderBy(cakeOrderLines.id)
      .limit(limit)
      .all()
      .map((r) => ({ ...r.line, number: r.number }));
  const linesSheet: Sheet<ReturnType<typeof linesPage>[number]> = {
    name: 'lines',
    chunks: byId(linesPage),
    columns: columns(
      {
        orderNumber: (r) => orderNumber(r.number),
        cakeId: (r) => r.code,
        description: (r) => r.description,
        quantity: (r) => r.quantity,
        price: (r) => pesos(r.price),
        lineTotal: (r) => pesos(r.lineTotal),
      },
      ['price', 'lineTotal'],
    ),
  };
  const paymentsPage = (after: number, limit: number) =>
    db
      .select({ payment: cakeOrderPayments, number: cakeOrders.number, takenBy: taker.email })
      .from(cakeOrderPayments)
      .innerJoin(cakeOrders, eq(cakeOrders.id, cakeOrderPayments.orderId))
      .leftJoin(taker, eq(taker.id, cakeOrderPayments.takenBy))
      .where(gt(cakeOrderPayments.id, after))
      .orderBy(cakeOrderPayments.id)
      .limit(limit)
      .all()
      .map((r) => ({ ...r.payment, number: r.number, takenBy: r.takenBy }));
  const paymentsSheet: Sheet<ReturnType<typeof paymentsPage>[number]> = {
    name: 'payments',
    chunks: byId(paymentsPage),
    columns: columns(
      {
        orderNumber: (r) => orderNumber(r.number),
        kind: (r) => r.kind,
        method: (r) => r.method,
        amount: (r) => pesos(r.amount),
        reference: (r) => r.reference,
        cashTendered: (r) => pesos(r.cashTendered),
        change: (r) => pesos(r.change),
        takenAt: (r) => iso(r.takenAt),
        takenBy: (r) => r.takenBy,
        shiftId: (r) => r.shiftId,
      },
      ['amount', 'cashTendered', 'change'],
    ),
  };
  const eventsPage = (after: number, limit: number) =>
    db
      .select({ event: cakeOrderEvents, number: cakeOrders.number, user: users.email })
      .from(cakeOrderEvents)
      .innerJoin(cakeOrders, eq(cakeOrders.id, cakeOrderEvents.orderId))
      .leftJoin(users, eq(users.id, cakeOrderEvents.userId))
      .where(gt(cakeOrderEvents.id, after))
      .orderBy(cakeOrderEvents.id)
      .limit(limit)
      .all()
      .map((r) => ({ ...r.event, number: r.number, user: r.user }));
  const eventsSheet: Sheet<ReturnType<typeof eventsPage>[number]> = {
    name: 'events',
    chunks: byId(eventsPage),
    columns: columns({
      orderNumber: (r) => orderNumber(r.number),
      at: (r) => iso(r.at),
      user: (r) => r.user,
      text: (r) => r.text,
    }),
  };
  return [ordersSheet, linesSheet, paymentsSheet, eventsSheet];
}
