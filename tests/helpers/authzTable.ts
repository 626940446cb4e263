import type { ProcedureAccess } from '../../shared/roles';

// Who may call what, written down by hand from docs/rules.md (Roles and sessions) in the
// words of shared/roles.ts. tests/api/authz-matrix.test.ts checks the app against it both
// ways: a route or procedure missing here fails, and so does one listed here that is gone.

/** A route's rule; `notFound` is a catch-all that answers 404 to everyone, signed in or not. */
export type RouteAccess = ProcedureAccess | 'notFound';

/**
 * Every REST route under /api: its rule and, when it calls a procedure of the app
 * router, that procedure (whose declared rule must be the same). Routes without one call
 * routers that are not mounted at /trpc (files: backups, the snapshot, the xlsx exports).
 */
export const REST_ACCESS: Record<string, readonly [RouteAccess, twin?: string]> = {
  'GET /api/health': ['public'],

  'POST /api/auth/login': ['public', 'auth.login'],
  'POST /api/auth/refresh': ['public', 'auth.refresh'],
  'POST /api/auth/logout': ['public', 'auth.logout'],
  'GET /api/auth/me': ['signedIn', 'auth.me'],
  'POST /api/resetRequest/reset-password': ['passwordReset', 'auth.setNewPassword'],

  'POST /api/request/register': ['public', 'requests.register'],
  'GET /api/request': ['reviewRegistrations', 'requests.list'],
  'POST /api/request/approve/:id': ['reviewRegistrations', 'requests.approve'],
  'DELETE /api/request/reject/:id': ['reviewRegistrations', 'requests.reject'],

  'POST /api/resetRequest': ['public', 'resetRequests.create'],
  'GET /api/resetRequest': ['reviewPasswordResets', 'resetRequests.list'],
  'PUT /api/resetRequest/:id/approve': ['reviewPasswordResets', 'resetRequests.approve'],
  'PUT /api/resetRequest/:id/reject': ['reviewPasswordResets', 'resetRequests.reject'],
  'DELETE /api/resetRequest/:id': ['reviewPasswordResets', 'resetRequests.remove'],

  'GET /api/user': ['userManagement', 'users.list'],
  'PUT /api/user/update/:id': ['userManagement', 'users.update'],
  'PUT /api/user/deactivate/:id': ['userManagement', 'users.deactivate'],
  'POST /api/user/reactivate/:id': ['userManagement', 'users.reactivate'],

  'GET /api/actionRequest': ['reviewActionRequests', 'actionRequests.list'],
  'POST /api/actionRequest/approve/:id': ['reviewActionRequests', 'actionRequests.approve'],
  'DELETE /api/actionRequest/reject/:id': ['reviewActionRequests', 'actionRequests.reject'],

  'GET /api/activitylog': ['activityLog', 'activity.list'],
  'GET /api/notifications': ['notifications', 'notifications.list'],

  'GET /api/suppliers': ['supplierManagement', 'suppliers.list'],
  'POST /api/suppliers': ['supplierManagement', 'suppliers.add'],
  'PUT /api/suppliers/:id': ['supplierManagement', 'suppliers.update'],
  'DELETE /api/suppliers/:id': ['supplierManagement', 'suppliers.remove'],

  'GET /api/customers': ['customerManagement', 'customers.list'],
  'POST /api/customers': ['customerManagement', 'customers.add'],
  'PUT /api/customers/:id': ['customerManagement', 'customers.update'],
  'DELETE /api/customers/:id': ['customerManagement', 'customers.remove'],

  // ?all=true answers inventory.lookup instead: the same rule.
  'GET /api/inventory': ['inventory', 'inventory.list'],
  'GET /api/inventory/:id': ['inventory', 'inventory.get'],
  'GET /api/inventory/:id/movements': ['inventory', 'inventory.movements'],
  'POST /api/inventory': ['inventory', 'inventory.add'],
  'PUT /api/inventory/:id': ['inventory', 'inventory.update'],
  'DELETE /api/inventory/:id': ['inventory', 'inventory.delete'],

  'GET /api/cake': ['inventory', 'cakes.list'],
  'GET /api/cake/:id': ['inventory', 'cakes.get'],
  'POST /api/cake/add': ['inventory', 'cakes.add'],
  'PUT /api/cake/:id': ['inventory', 'cakes.update'],
  'DELETE /api/cake/:id': ['inventory', 'cakes.delete'],

  'POST /api/sales': ['salesManagement', 'sales.checkout'],
  'POST /api/sales/:id/refund': ['salesManagement', 'sales.refund'],
  'GET /api/sales/all': ['salesManagement', 'sales.list'],
  'GET /api/sales/:id': ['salesManagement', 'sales.get'],

  // Every cashier's own shift; another cashier's is the service's shiftsOversee check.
  'POST /api/shifts/open': ['shifts', 'counter.open'],
  'POST /api/shifts/:id/cash': ['shifts', 'counter.cash'],
  'GET /api/shifts/current': ['shifts', 'counter.current'],
  'GET /api/shifts/:id/reading': ['shifts', 'counter.reading'],
  'POST /api/shifts/:id/close': ['shifts', 'counter.close'],
  'POST /api/shifts/cash/:id/void': ['shifts', 'counter.voidCash'],
  'GET /api/shifts': ['shifts', 'counter.shifts'],
  'POST /api/end-of-day': ['endOfDay', 'counter.endOfDay'],
  'GET /api/end-of-day': ['endOfDay', 'counter.endOfDayList'],
  'GET /api/sc-pwd-book': ['endOfDay', 'counter.scPwdBook'],
  'GET /api/sc-pwd-book/export': ['endOfDay'],

  // The lists feed every role's forms; changing them is Settings (admin, owner).
  'GET /api/settings/size': ['settingsLists', 'settings.sizes'],
  'GET /api/settings/uom': ['settingsLists', 'settings.units'],
  'GET /api/settings/category': ['settingsLists', 'settings.categories'],
  'POST /api/settings/size': ['settings', 'settings.addSize'],
  'POST /api/settings/uom': ['settings', 'settings.addUnit'],
  'POST /api/settings/category': ['settings', 'settings.addCategory'],
  'PUT /api/settings/size/:id': ['settings', 'settings.updateSize'],
  'PUT /api/settings/uom/:id': ['settings', 'settings.updateUnit'],
  'PUT /api/settings/category/:id': ['settings', 'settings.updateCategory'],
  'DELETE /api/settings/size/:id': ['settings', 'settings.deleteSize'],
  'DELETE /api/settings/uom/:id': ['settings', 'settings.deleteUnit'],
  'DELETE /api/settings/category/:id': ['settings', 'settings.deleteCategory'],
  // Anything else under /api/settings: a 404 in the settings shape, {error}, for everyone.
  ...Object.fromEntries(
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY'].flatMap((method) => [
      [`${method} /api/settings`, ['notFound'] as const],
      [`${method} /api/settings/*`, ['notFound'] as const],
    ]),
  ),

  'GET /api/dashboard': ['dashboard', 'reports.dashboard'],
  'GET /api/dashboard/revenue-cost-by-day': ['dashboardFinance', 'reports.revenueCostByDay'],
  'GET /api/salesReport/sales': ['salesReport', 'reports.recordsPage'],
  'GET /api/salesReport/summary': ['salesReport', 'reports.summary'],
  'GET /api/salesReport/export': ['salesReport'],
  'GET /api/salesReport/by-cashier': ['salesReport', 'reports.byCashier'],
  'GET /api/salesReport/by-item': ['salesReport', 'reports.byItem'],

  'GET /api/backup/:area': ['backupRestore'],
  'POST /api/backup/:area/restore': ['backupRestore'],
  'GET /api/backup/database': ['backupRestore'],

  'GET /api/pricing': ['dashboardFinance', 'pricing.margins'],
  'PATCH /api/pricing/:kind/:id': ['dashboardFinance', 'pricing.setPrice'],
};

/** Every tRPC procedure and the rule it must declare. */
export const PROCEDURE_ACCESS: Record<string, ProcedureAccess> = {
  'auth.login': 'public',
  'auth.refresh': 'public',
  'auth.logout': 'public',
  'auth.me': 'signedIn',
  'auth.setNewPassword': 'passwordReset',

  'requests.register': 'public',
  'requests.list': 'reviewRegistrations',
  'requests.approve': 'reviewRegistrations',
  'requests.reject': 'reviewRegistrations',

  'resetRequests.create': 'public',
  'resetRequests.list': 'reviewPasswordResets',
  'resetRequests.approve': 'reviewPasswordResets',
  'resetRequests.reject': 'reviewPasswordResets',
  'resetRequests.remove': 'reviewPasswordResets',

  // The login screen's footer shows the shop's name before anyone signs in.
  'settings.shopProfile': 'public',
  'settings.saveShopProfile': 'settings',
  'settings.sizes': 'settingsLists',
  'settings.categories': 'settingsLists',
  'settings.units': 'settingsLists',
  'settings.addSize': 'settings',
  'settings.updateSize': 'settings',
  'settings.deleteSize': 'settings',
  'settings.addCategory': 'settings',
  'settings.updateCategory': 'settings',
  'settings.deleteCategory': 'settings',
  'settings.addUnit': 'settings',
  'settings.updateUnit': 'settings',
  'settings.deleteUnit': 'settings',

  'users.list': 'userManagement',
  'users.update': 'userManagement',
  'users.deactivate': 'userManagement',
  'users.reactivate': 'userManagement',

  'actionRequests.list': 'reviewActionRequests',
  'actionRequests.approve': 'reviewActionRequests',
  'actionRequests.reject': 'reviewActionRequests',

  'activity.list': 'activityLog',

  'notifications.list': 'notifications',
  'notifications.unreadCount': 'notifications',
  'notifications.markSeen': 'notifications',

  'suppliers.list': 'supplierManagement',
  'suppliers.add': 'supplierManagement',
  'suppliers.update': 'supplierManagement',
  'suppliers.remove': 'supplierManagement',

  'customers.list': 'customerManagement',
  'customers.purchases': 'customerManagement',
  'customers.add': 'customerManagement',
  'customers.update': 'customerManagement',
  'customers.remove': 'customerManagement',

  'inventory.list': 'inventory',
  'inventory.lookup': 'inventory',
  'inventory.get': 'inventory',
  'inventory.movements': 'inventory',
  'inventory.add': 'inventory',
  'inventory.update': 'inventory',
  'inventory.delete': 'inventory',

  'cakes.list': 'inventory',
  'cakes.get': 'inventory',
  'cakes.add': 'inventory',
  'cakes.update': 'inventory',
  'cakes.delete': 'inventory',

  'sales.checkout': 'salesManagement',
  'sales.refund': 'salesManagement',
  'sales.get': 'salesManagement',
  'sales.list': 'salesManagement',
  'sales.products': 'salesManagement',
  'sales.productsPage': 'salesManagement',
  'sales.today': 'salesManagement',

  'counter.open': 'shifts',
  'counter.cash': 'shifts',
  'counter.current': 'shifts',
  'counter.reading': 'shifts',
  'counter.close': 'shifts',
  'counter.voidCash': 'shifts',
  'counter.shifts': 'shifts',
  'counter.endOfDay': 'endOfDay',
  'counter.endOfDayList': 'endOfDay',
  'counter.scPwdBook': 'endOfDay',

  'reports.dashboard': 'dashboard',
  'reports.revenueCostByDay': 'dashboardFinance',
  'reports.summary': 'salesReport',
  'reports.records': 'salesReport',
  'reports.recordsPage': 'salesReport',
  'reports.byCashier': 'salesReport',
  'reports.byItem': 'salesReport',

  'pricing.margins': 'dashboardFinance',
  'pricing.setPrice': 'dashboardFinance',
};
