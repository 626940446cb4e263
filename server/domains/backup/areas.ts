import { eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { toPesos } from '../../../shared/money';
import type { BackupArea } from '../../../shared/schemas/backup';
import type { Db } from '../../db/open';
import {
  categories,
  customers,
  inventoryItems,
  saleLines,
  salePayments,
  sales,
  suppliers,
  units,
  users,
} from '../../db/schema';
import { type Column, PESO_FORMAT, type Sheet } from '../../xlsx';

// What each area's backup holds: one sheet per table, a header row of field names, the
// business ids (itemId, supplierId, saleId, email) that a restore matches on, references
// by name or business id rather than database ids, money in pesos, instants as ISO text
// (exact to the millisecond, whatever the spreadsheet's time zone). Never a password hash.

const CHUNK = 1000;
const iso = (at: Date | null) => (at ? at.toISOString() : null);
const pesos = (centavos: number | null) => (centavos === null ? null : toPesos(centavos));

/** Column specs from field names: `money` ones are pesos. */
function columns<Row>(fields: Record<string, (row: Row) => string | number | null>, money: string[] = []) {
  return Object.entries(fields).map(
    ([header, value]): Column<Row> => ({
      header,
      value,
      ...(money.includes(header) ? { numFmt: PESO_FORMAT } : {}),
    }),
  );
}

/** Rows in id order, a thousand at a time, so a big shop never sits in memory whole. */
function byId<Row extends { id: number }>(page: (afterId: number, limit: number) => Row[]) {
  return function* chunks() {
    for (let after = 0; ; ) {
      const rows = page(after, CHUNK);
      if (rows.length > 0) yield rows;
      if (rows.length < CHUNK) return;
      after = rows[rows.length - 1]?.id ?? after;
    }
  };
}

const creator = alias(users, 'creator');

function inventorySheet(db: Db): Sheet<ReturnType<typeof inventoryPage>[number]> {
  return {
    name: 'inventory',
    chunks: byId((after, limit) => inventoryPage(db, after, limit)),
    columns: columns(
      {
        itemId: (r) => r.itemId,
        name: (r) => r.name,
        category: (r) => r.category,
        unit: (r) => r.unit,
        supplierId: (r) => r.supplierId,
        stock: (r) => r.stock,
        purchasePrice: (r) => pesos(r.purchasePrice),
        unitPrice: (r) => pesos(r.unitPrice),
        amount: (r) => r.amount,
        restockThreshold: (r) => r.restockThreshold,
        scPwdEligible: (r) => (r.scPwdEligible ? 'yes' : 'no'),
        expirationDate: (r) => r.expirationDate,
        createdBy: (r) => r.createdBy,
        createdAt: (r) => iso(r.createdAt),
        updatedAt: (r) => iso(r.updatedAt),
      },
      ['purchasePrice', 'unitPrice'],
    ),
  };
}

function inventoryPage(db: Db, after: number, limit: number) {
  const i = inventoryItems;
  return db
    .select({
      id: i.id,
      itemId: i.itemId,
      name: i.name,
      category: categories.name,
      unit: units.name,
      supplierId: suppliers.supplierId,
      stock: i.stock,
      purchasePrice: i.purchasePrice,
      unitPrice: i.unitPrice,
      amount: i.amount,
      restockThreshold: i.restockThreshold,
      scPwdEligible: i.scPwdEligible,
      expirationDate: i.expirationDate,
      createdBy: creator.email,
      createdAt: i.createdAt,
      updatedAt: i.updatedAt,
    })
    .from(i)
    .leftJoin(categories, eq(categories.id, i.categoryId))
    .leftJoin(units, eq(units.id, i.unitId))
    .leftJoin(suppliers, eq(suppliers.id, i.supplierId))
    .leftJoin(creator, eq(creator.id, i.createdBy))
    .where(gt(i.id, after))
    .orderBy(i.id)
    .limit(limit)
    .all();
}

function supplierSheet(db: Db): Sheet<typeof suppliers.$inferSelect> {
  return {
    name: 'supplier',
    chunks: byId((after, limit) =>
      db.select().from(suppliers).where(gt(suppliers.id, after)).orderBy(suppliers.id).limit(limit).all(),
    ),
    columns: columns({
      supplierId: (r) => r.supplierId,
      name: (r) => r.name,
      contact: (r) => r.contact,
      company: (r) => r.company,
      createdAt: (r) => iso(r.createdAt),
      updatedAt: (r) => iso(r.updatedAt),
    }),
  };
}

function salesSheets(db: Db) {
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
      },
      ['price', 'purchasePrice', 'lineTotal', 'discount'],
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
      },
      ['amount'],
    ),
  };
  return [salesSheet, linesSheet, paymentsSheet];
}

/** Accounts without their secrets: no password hash, no tokens, no sessions. */
function usersSheet(db: Db) {
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

// biome-ignore lint/suspicious/noExplicitAny: sheets of different row types in one workbook
export function sheetsOf(db: Db, area: BackupArea): Sheet<any>[] {
  if (area === 'inventory') return [inventorySheet(db)];
  if (area === 'supplier') return [supplierSheet(db)];
  if (area === 'sales') return salesSheets(db);
  return [usersSheet(db)];
}
