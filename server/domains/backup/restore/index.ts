import type { BackupArea, RestoreOutcome } from '../../../../shared/schemas/backup';
import { BACKUP_TEXT } from '../../../../shared/texts/backup';
import type { Db, Tx } from '../../../db/open';
import { logActivity } from '../../activity/service';
import type { Viewer } from '../../auth/viewer';
import { notify } from '../../notifications/service';
import { CAKE_ORDERS_LAYOUT } from './cakeOrderRows';
import { restoreCakeOrders } from './cakeOrders';
import { CAKES_LAYOUT, restoreCakes } from './cakes';
import { CUSTOMERS_LAYOUT, restoreCustomers } from './customers';
import { INVENTORY_LAYOUT, restoreInventory } from './inventory';
import { PURCHASE_ORDERS_LAYOUT, restorePurchaseOrders } from './purchaseOrders';
import { type Book, type Layout, readBackup } from './read';
import { Tally } from './rows';
import { restoreSales, SALES_LAYOUT } from './sales';
import { restoreSuppliers, SUPPLIER_LAYOUT } from './supplier';
import { restoreUsers, USERS_LAYOUT } from './users';

const MODULE = 'Backup and Restore';

interface Restorer {
  layout: Layout;
  apply: (tx: Tx, book: Book, tally: Tally, actor: Viewer, systemEmail: string) => void;
}

const RESTORERS: Record<BackupArea, Restorer> = {
  inventory: {
    layout: INVENTORY_LAYOUT,
    apply: (tx, book, tally, actor) => restoreInventory(tx, book, tally, actor.user.id),
  },
  cakes: {
    layout: CAKES_LAYOUT,
    apply: (tx, book, tally, actor) => restoreCakes(tx, book, tally, actor.user.id),
  },
  supplier: { layout: SUPPLIER_LAYOUT, apply: (tx, book, tally) => restoreSuppliers(tx, book, tally) },
  customers: { layout: CUSTOMERS_LAYOUT, apply: (tx, book, tally) => restoreCustomers(tx, book, tally) },
  sales: { layout: SALES_LAYOUT, apply: (tx, book, tally, actor) => restoreSales(tx, book, tally, actor) },
  users: { layout: USERS_LAYOUT, apply: restoreUsers },
  'purchase-orders': {
    layout: PURCHASE_ORDERS_LAYOUT,
    apply: (tx, book, tally) => restorePurchaseOrders(tx, book, tally),
  },
  'cake-orders': {
    layout: CAKE_ORDERS_LAYOUT,
    apply: (tx, book, tally) => restoreCakeOrders(tx, book, tally),
  },
};

/** Thrown inside the transaction to roll it back: a dry run, or a file with a refused row. */
class RolledBack extends Error {}

/** Called around the write: the worker tells the serving thread its writes must wait. */
export interface WriteHooks {
  beforeWrite: () => Promise<void>;
  afterWrite: () => void;
}

const NO_HOOKS: WriteHooks = { beforeWrite: async () => {}, afterWrite: () => {} };

/**
 * Restores an area from its backup file: every row is applied, matching on the business
 * id, in one immediate transaction; then a dry run or a file with any refused row rolls it
 * all back. So a preview counts exactly what the real restore does, and a bad row changes
 * nothing. The server runs this in a worker (./offThread.ts); the rules are the same here.
 */
export async function restoreFromFile(
  db: Db,
  actor: Viewer,
  area: BackupArea,
  file: Uint8Array,
  options: { dryRun: boolean; systemEmail: string },
  hooks: WriteHooks = NO_HOOKS,
): Promise<RestoreOutcome> {
  const restorer = RESTORERS[area];
  const book = await readBackup(file, area, restorer.layout);
  const tally = new Tally(Object.keys(restorer.layout)[0] as string);
  let applied = false;
  await hooks.beforeWrite();
  try {
    db.transaction(
      (tx) => {
        restorer.apply(tx, book, tally, actor, options.systemEmail);
        if (options.dryRun || tally.rejected.length > 0) throw new RolledBack();
        logActivity(tx, {
          userId: actor.user.id,
          action: 'Restore',
          module: MODULE,
          description: `Restored the ${area} backup: ${tally.added} added, ${tally.updated} updated, ${tally.unchanged} unchanged`,
        });
        notify(tx, 'success', BACKUP_TEXT.restored(area, tally.added, tally.updated), 'backupRestore');
        applied = true;
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    if (!(error instanceof RolledBack)) {
      hooks.afterWrite();
      notify(db, 'error', `${BACKUP_TEXT.restoreFailed} (${area})`, 'backupRestore');
      throw error;
    }
  }
  hooks.afterWrite();
  if (!applied && !options.dryRun) {
    logActivity(db, {
      userId: actor.user.id,
      action: 'Restore',
      module: MODULE,
      description: `Refused the ${area} backup: ${tally.rejected.length} rows need fixing; nothing changed`,
    });
    notify(db, 'error', `${BACKUP_TEXT.rowsRefused(tally.rejected.length)} (${area})`, 'backupRestore');
  }
  const sheets = Object.keys(restorer.layout).map((name) => name.replace(/\?$/, ''));
  const rejected = tally.rejected.sort(
    (x, y) => sheets.indexOf(x.sheet) - sheets.indexOf(y.sheet) || x.row - y.row,
  );
  // A refused restore wrote nothing, and says so; a dry run says what the restore would do.
  const counted = applied || options.dryRun;
  return {
    added: counted ? tally.added : 0,
    updated: counted ? tally.updated : 0,
    unchanged: counted ? tally.unchanged : 0,
    rejected,
    applied,
  };
}
