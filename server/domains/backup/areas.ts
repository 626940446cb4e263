import type { BackupArea } from '../../../shared/schemas/backup';
import type { Db } from '../../db/open';
import type { Sheet } from '../../lib/xlsx';
import { cakeOrdersSheets } from './cakeOrderSheets';
import { purchaseOrdersSheets } from './purchasingSheets';
import { cakesSheets, customersSheet, inventorySheet, lotsSheet, supplierSheet } from './recordSheets';
import { salesSheets, usersSheet } from './salesSheets';

// What each area's backup holds: one sheet per table, a header row of field names, the
// business ids (itemId, cakeId, supplierId, customerId, saleId, poNumber, orderNumber, email) that a restore
// matches on, references by name or business id rather than database ids, money in pesos,
// instants as ISO text (exact to the millisecond, whatever the spreadsheet's time zone).
// Never a password hash.

// biome-ignore lint/suspicious/noExplicitAny: sheets of different row types in one workbook
const AREAS: Record<BackupArea, (db: Db) => Sheet<any>[]> = {
  inventory: (db) => [inventorySheet(db), lotsSheet(db)],
  cakes: cakesSheets,
  supplier: (db) => [supplierSheet(db)],
  customers: (db) => [customersSheet(db)],
  sales: salesSheets,
  users: (db) => [usersSheet(db)],
  'purchase-orders': purchaseOrdersSheets,
  'cake-orders': cakeOrdersSheets,
};

// biome-ignore lint/suspicious/noExplicitAny: sheets of different row types in one workbook
export function sheetsOf(db: Db, area: BackupArea): Sheet<any>[] {
  return AREAS[area](db);
}
