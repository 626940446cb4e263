import { eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { fromMilli } from '../../../shared/quantity';
import type { Db } from '../../db/open';
import {
  cakeIngredients,
  cakeSizes,
  cakes,
  categories,
  customers,
  inventoryItems,
  stockLots,
  suppliers,
  units,
  users,
} from '../../db/schema';
import type { Sheet } from '../../lib/xlsx';
import { byId, CHUNK, columns, iso, pesos } from './sheets';

// The records' areas: items, cakes with their recipes, suppliers, customers. References
// by name (category, unit, size) or business id (supplierId, itemId), never a database id.

const creator = alias(users, 'creator');

export function inventorySheet(db: Db): Sheet<ReturnType<typeof inventoryPage>[number]> {
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
        stock: (r) => fromMilli(r.stock),
        purchasePrice: (r) => pesos(r.purchasePrice),
        unitPrice: (r) => pesos(r.unitPrice),
        amount: (r) => r.amount,
        restockThreshold: (r) => fromMilli(r.restockThreshold),
        scPwdEligible: (r) => (r.scPwdEligible ? 'yes' : 'no'),
        basicNecessity: (r) => (r.basicNecessity ? 'yes' : 'no'),
        barcode: (r) => r.barcode,
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
      basicNecessity: i.basicNecessity,
      barcode: i.barcode,
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

/**
 * Every lot of every item, emptied ones too (they are history), by itemId and lot code;
 * quantities in the item's unit. A restore sets each item's lots to these.
 */
export function lotsSheet(db: Db): Sheet<ReturnType<typeof lotsPage>[number]> {
  return {
    name: 'lots',
    chunks: byId((after, limit) => lotsPage(db, after, limit)),
    columns: columns(
      {
        itemId: (r) => r.itemId,
        lotCode: (r) => r.lotCode,
        source: (r) => r.source,
        quantity: (r) => fromMilli(r.quantity),
        remaining: (r) => fromMilli(r.remaining),
        unitCost: (r) => pesos(r.unitCost),
        expirationDate: (r) => r.expirationDate,
        supplierId: (r) => r.supplierId,
        receivedAt: (r) => iso(r.receivedAt),
      },
      ['unitCost'],
    ),
  };
}

function lotsPage(db: Db, after: number, limit: number) {
  const l = stockLots;
  return db
    .select({
      id: l.id,
      itemId: inventoryItems.itemId,
      lotCode: l.lotCode,
      source: l.source,
      quantity: l.quantity,
      remaining: l.remaining,
      unitCost: l.unitCost,
      expirationDate: l.expirationDate,
      supplierId: suppliers.supplierId,
      receivedAt: l.receivedAt,
    })
    .from(l)
    .innerJoin(inventoryItems, eq(inventoryItems.id, l.itemId))
    .leftJoin(suppliers, eq(suppliers.id, l.supplierId))
    .where(gt(l.id, after))
    .orderBy(l.id)
    .limit(limit)
    .all();
}

export function supplierSheet(db: Db): Sheet<typeof suppliers.$inferSelect> {
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
      leadTimeDays: (r) => r.leadTimeDays,
      createdAt: (r) => iso(r.createdAt),
      updatedAt: (r) => iso(r.updatedAt),
    }),
  };
}

export function customersSheet(db: Db): Sheet<typeof customers.$inferSelect> {
  return {
    name: 'customers',
    chunks: byId((after, limit) =>
      db.select().from(customers).where(gt(customers.id, after)).orderBy(customers.id).limit(limit).all(),
    ),
    columns: columns({
      customerId: (r) => r.customerId,
      name: (r) => r.name,
      email: (r) => r.email,
      phoneNumber: (r) => r.phoneNumber,
      address: (r) => r.address,
      createdAt: (r) => iso(r.createdAt),
      updatedAt: (r) => iso(r.updatedAt),
    }),
  };
}

/** Cakes with their references by name, and their recipes by cakeId and itemId. */
export function cakesSheets(db: Db) {
  const cakesPage = (after: number, limit: number) =>
    db
      .select({
        id: cakes.id,
        cakeId: cakes.cakeId,
        name: cakes.name,
        category: categories.name,
        size: cakeSizes.name,
        stock: cakes.stock,
        price: cakes.price,
        amount: cakes.amount,
        availability: cakes.availability,
        seasonStart: cakes.seasonStart,
        seasonEnd: cakes.seasonEnd,
        scPwdEligible: cakes.scPwdEligible,
        expirationDate: cakes.expirationDate,
        shelfLifeDays: cakes.shelfLifeDays,
        shelfTarget: cakes.shelfTarget,
        createdBy: creator.email,
        createdAt: cakes.createdAt,
        updatedAt: cakes.updatedAt,
      })
      .from(cakes)
      .leftJoin(categories, eq(categories.id, cakes.categoryId))
      .leftJoin(cakeSizes, eq(cakeSizes.id, cakes.sizeId))
      .leftJoin(creator, eq(creator.id, cakes.createdBy))
      .where(gt(cakes.id, after))
      .orderBy(cakes.id)
      .limit(limit)
      .all();
  const cakesSheet: Sheet<ReturnType<typeof cakesPage>[number]> = {
    name: 'cakes',
    chunks: byId(cakesPage),
    columns: columns(
      {
        cakeId: (r) => r.cakeId,
        name: (r) => r.name,
        category: (r) => r.category,
        size: (r) => r.size,
        stock: (r) => r.stock,
        price: (r) => pesos(r.price),
        amount: (r) => r.amount,
        availability: (r) => r.availability,
        seasonStart: (r) => r.seasonStart,
        seasonEnd: (r) => r.seasonEnd,
        scPwdEligible: (r) => (r.scPwdEligible ? 'yes' : 'no'),
        expirationDate: (r) => r.expirationDate,
        shelfLifeDays: (r) => r.shelfLifeDays,
        shelfTarget: (r) => r.shelfTarget,
        createdBy: (r) => r.createdBy,
        createdAt: (r) => iso(r.createdAt),
        updatedAt: (r) => iso(r.updatedAt),
      },
      ['price'],
    ),
  };
  // The join table has no id of its own: its rows are paged by its key, (cake, item).
  const recipesPage = (after: readonly [number, number], limit: number) =>
    db
      .select({
        cake: cakeIngredients.cakeId,
        item: cakeIngredients.itemId,
        cakeId: cakes.cakeId,
        itemId: inventoryItems.itemId,
        quantity: cakeIngredients.quantity,
      })
      .from(cakeIngredients)
      .innerJoin(cakes, eq(cakes.id, cakeIngredients.cakeId))
      .innerJoin(inventoryItems, eq(inventoryItems.id, cakeIngredients.itemId))
      .where(sql`(${cakeIngredients.cakeId}, ${cakeIngredients.itemId}) > (${after[0]}, ${after[1]})`)
      .orderBy(cakeIngredients.cakeId, cakeIngredients.itemId)
      .limit(limit)
      .all();
  function* recipeChunks() {
    for (let after: readonly [number, number] = [0, 0]; ; ) {
      const rows = recipesPage(after, CHUNK);
      const last = rows.at(-1);
      if (last) yield rows;
      if (!last || rows.length < CHUNK) return;
      after = [last.cake, last.item];
    }
  }
  const ingredientsSheet: Sheet<ReturnType<typeof recipesPage>[number]> = {
    name: 'ingredients',
    chunks: recipeChunks,
    columns: columns({
      cakeId: (r) => r.cakeId,
      itemId: (r) => r.itemId,
      // For one cake, in the item's units: 0.25 (kg).
      quantity: (r) => fromMilli(r.quantity),
    }),
  };
  return [cakesSheet, ingredientsSheet];
}
