import type { ProcedureAccess } from '../../shared/roles';

// Who may call what, written down by hand in the words of shared/roles.ts, as small as it
// can be: each router's rule and the procedures that differ from it. tests/api/authz-matrix.test.ts
// checks every procedure's declared rule against this, and every REST route against the rule
// of the procedure it is seen to call; only the routes that call none are listed here.

/** A route's rule; `notFound` is a catch-all that answers 404 to everyone, signed in or not. */
export type RouteAccess = ProcedureAccess | 'notFound';

/**
 * The REST routes under /api that call no procedure of the app router, with their rule:
 * files (backups, the snapshot, the xlsx exports) come from routers not mounted at /trpc.
 * Every other route's rule is that of the procedure it calls, found by calling it.
 */
export const REST_WITHOUT_PROCEDURE: Record<string, RouteAccess> = {
  'GET /api/health': 'public',
  'GET /api/sc-pwd-book/export': 'endOfDay',
  'GET /api/salesReport/export': 'salesReport',
  'GET /api/backup/:area': 'backupRestore',
  'POST /api/backup/:area/restore': 'backupRestore',
  'GET /api/backup/database': 'backupRestore',
  // Anything else under /api/settings: a 404 in the settings shape, {error}, for everyone.
  ...Object.fromEntries(
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY'].flatMap((method) => [
      [`${method} /api/settings`, 'notFound' as const],
      [`${method} /api/settings/*`, 'notFound' as const],
    ]),
  ),
};

/** Reads and changes of a router under different rules. */
type SplitRule = { query: ProcedureAccess; mutation: ProcedureAccess };

/**
 * The rule of every procedure of each router of the app, unless PROCEDURE_EXCEPTIONS names
 * it. A new procedure under its router's rule needs no line; a new router needs one here.
 */
export const ROUTER_ACCESS: Record<string, ProcedureAccess | SplitRule> = {
  requests: 'reviewRegistrations',
  resetRequests: 'reviewPasswordResets',
  // The lists feed every role's forms; changing them is Settings (admin, owner).
  settings: { query: 'settingsLists', mutation: 'settings' },
  users: 'userManagement',
  actionRequests: 'reviewActionRequests',
  activity: 'activityLog',
  notifications: 'notifications',
  suppliers: 'supplierManagement',
  customers: 'customerManagement',
  inventory: 'inventory',
  cakes: 'inventory',
  sales: 'salesManagement',
  // Every cashier's own shift; another cashier's is the service's shiftsOversee check.
  shifts: 'shifts',
  reports: 'salesReport',
  pricing: 'dashboardFinance',
  purchaseOrders: 'purchaseOrders',
  waste: { query: 'wasteLog', mutation: 'waste' },
  // Reorder suggestions are read and drafted from by those who draft purchase orders.
  reorder: 'purchaseOrders',
  // All four roles take, pay, pick up and cancel orders (staff's cancel is held).
  cakeOrders: 'cakeOrders',
  // Bakers are staff: all four roles bake, read the plan and the batches.
  production: 'production',
  // Adding and editing the tills and their BIR registration (terminals.list is any account's).
  terminals: 'terminals',
  // Verifying and exporting the journal.
  journal: 'journal',
  // Each terminal's receipt printer and its test print.
  printers: 'printers',
  // The sales summary BIR asks for sits under End of Day.
  bir: 'endOfDay',
};

/** The procedures whose rule is not their router's. */
export const PROCEDURE_EXCEPTIONS: Record<string, ProcedureAccess> = {
  'auth.login': 'public',
  'auth.refresh': 'public',
  'auth.logout': 'public',
  'auth.me': 'signedIn',
  'auth.setNewPassword': 'passwordReset',
  'requests.register': 'public',
  'resetRequests.create': 'public',
  // The login screen's footer shows the shop's name before anyone signs in.
  'settings.shopProfile': 'public',
  'shifts.takeZReading': 'endOfDay',
  'shifts.zReadings': 'endOfDay',
  'shifts.scPwdBook': 'endOfDay',
  'reports.dashboard': 'dashboard',
  'reports.revenueCostByDay': 'dashboardFinance',
  // Staff take deliveries: the orders waiting for one, and receiving against them.
  'purchaseOrders.toReceive': 'receiving',
  'purchaseOrders.receive': 'receiving',
  // Every role reads the order rules; admin and owner set them.
  'cakeOrders.saveSettings': 'settings',
  // A cake's lots read like an item's, under Inventory.
  'production.cakeLots': 'inventory',
  // Every counter chooses its terminal from the list.
  'terminals.list': 'signedIn',
  // Whoever sells prints a receipt, reading or order slip again; managers and up open the drawer.
  'printers.print': 'salesManagement',
  'printers.openDrawer': 'openDrawer',
  // Every counter's device sets aside invoice numbers to sell with while offline.
  'terminals.reserveBlock': 'salesManagement',
};

/** The rule this table gives procedure `path` of `type`, or undefined when its router has none. */
export function procedureRule(path: string, type: string): ProcedureAccess | undefined {
  const exception = PROCEDURE_EXCEPTIONS[path];
  if (exception) return exception;
  const rule = ROUTER_ACCESS[path.split('.')[0] ?? ''];
  if (typeof rule === 'object') return type === 'mutation' ? rule.mutation : rule.query;
  return rule;
}
