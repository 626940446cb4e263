import { eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/open';
import { customers, saleLines, salePayments, sales, users } from '../../db/schema';
import type { Sheet } from '../../lib/xlsx';
import { byId, columns, iso, pesos } from './sheets';

// The sales area (sales, their lines and payments) and the users area.

export function salesSheets(db: Db) {
  const seller = alias(users, 'seller');
  const refunder = alias(users, 'refunder');
  const salesPage = (after: number, limit: number) =>
    db
      .select({
        sale: sales,
        customerId: customers.customerId,
        soldBy: seller.email,
        refundedBy: refunder.email,
      })
      .from(sales)
      .leftJoin(customers, eq(customers.id, sales.customerId))
      .leftJoin(seller, eq(seller.id, sales.soldBy))
      .leftJoin(refunder, eq(refunder.id, sales.refundedBy))
      .where(gt(sales.id, after))
      .orderBy(sales.id)
      .limit(limit)
      .all()
      .map((r) => ({ ...r.sale, customerId: r.customerId, soldBy: r.soldBy, refundedBy: r.refundedBy }));
  const salesSheet: Sheet<ReturnType<typeof salesPage>[number]> = {
    name: 'sales',
    chunks: byId(salesPage),
    columns: columns(
      {
        saleId: (r) => r.saleId,
        soldAt: (r) => iso(r.soldAt),
        customerName: (r) => r.customerName,
        customerId: (r) => r.customerId,
        orderType: (r) => r.orderType,
        subtotal: (r) => pesos(r.subtotal),
        discountType: (r) => r.discountType,
        discountName: (r) => r.discountName,
        discountIdNumber: (r) => r.discountIdNumber,
        discountAmount: (r) => pesos(r.discountAmount),
        vatExemptAmount: (r) => pesos(r.vatExemptAmount),
        taxRate: (r) => r.taxRate,
        taxAmount: (r) => pesos(r.taxAmount),
        totalAmount: (r) => pesos(r.totalAmount),
        paymentMethod: (r) => r.paymentMethod,
        paymentReference: (r) => r.paymentReference,
        cashTendered: (r) => pesos(r.cashTendered),
        change: (r) => pesos(r.change),
        status: (r) => r.status,
        refundedAt: (r) => iso(r.refundedAt),
        refundedBy: (r) => r.refundedBy,
        soldBy: (r) => r.soldBy,
        backdateReason: (r) => r.backdateReason,
        terminalId: (r) => r.terminalId,
        invoiceSeq: (r) => r.invoiceSeq,
        invoiceNumber: (r) => r.invoiceNumber,
        refundTerminalId: (r) => r.refundTerminalId,
        refundSeq: (r) => r.refundSeq,
        refundNumber: (r) => r.refundNumber,
        reprintCount: (r) => r.reprintCount,
        buyerName: (r) => r.buyerName,
        buyerAddress: (r) => r.buyerAddress,
        buyerTin: (r) => r.buyerTin,
        soldOffline: (r) => (r.soldOffline ? 'yes' : 'no'),
        receivedAt: (r) => iso(r.receivedAt),
      },
      ['subtotal', 'discountAmount', 'vatExemptAmount', 'taxAmount', 'totalAmount', 'cashTendered', 'change'],
    ),
  };
  const linesPage = (after: number, limit: number) =>
    db
      .select({ line: saleLines, saleId: sales.saleId })
      .from(saleLines)
      .innerJoin(sales, eq(sales.id, saleLines.saleId))
      .where(gt(saleLines.id, after))
      .orderBy(saleLines.id)
      .limit(limit)
      .all()
      .map((r) => ({ ...r.line, saleId: r.saleId }));
  const linesSheet: Sheet<ReturnType<typeof linesPage>[number]> = {
    name: 'lines',
    chunks: byId(linesPage),
    columns: columns(
      {
        saleId: (r) => r.saleId,
        kind: (r) => r.kind,
        code: (r) => r.code,
        name: (r) => r.name,
        category: (r) => r.category,
        price: (r) => pesos(r.price),
        purchasePrice: (r) => pesos(r.purchasePrice),
        quantity: (r) => r.quantity,
        lineTotal: (r) => pesos(r.lineTotal),
        discount: (r) => pesos(r.discount),
        cost: (r) => pesos(r.cost),
        catalogPrice: (r) => pesos(r.catalogPrice),
      },
      ['price', 'purchasePrice', 'lineTotal', 'discount', 'cost', 'catalogPrice'],
    ),
  };
  const paymentsPage = (after: number, limit: number) =>
    db
      .select({ payment: salePayments, saleId: sales.saleId })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id, salePayments.saleId))
      .where(gt(salePayments.id, after))
      .orderBy(salePayments.id)
      .limit(limit)
      .all()
      .map((r) => ({ ...r.payment, saleId: r.saleId }));
  const paymentsSheet: Sheet<ReturnType<typeof paymentsPage>[number]> = {
    name: 'payments',
    chunks: byId(paymentsPage),
    columns: columns(
      {
        saleId: (r) => r.saleId,
        method: (r) => r.method,
        amount: (r) => pesos(r.amount),
        reference: (r) => r.reference,
        appliedDeposit: (r) => (r.appliedDeposit ? 'yes' : 'no'),
      },
      ['amount'],
    ),
  };
  return [salesSheet, linesSheet, paymentsSheet];
}

/** Accounts without their secrets: no password hash, no tokens, no sessions. */
export function usersSheet(db: Db) {
  const page = (after: number, limit: number) =>
    db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        role: users.role,
        status: users.status,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(gt(users.id, after))
      .orderBy(users.id)
      .limit(limit)
      .all();
  const sheet: Sheet<ReturnType<typeof page>[number]> = {
    name: 'users',
    chunks: byId(page),
    columns: columns({
      email: (r) => r.email,
      username: (r) => r.username,
      role: (r) => r.role,
      status: (r) => r.status,
      createdAt: (r) => iso(r.createdAt),
    }),
  };
  return sheet;
}
