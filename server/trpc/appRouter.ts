import { actionRequestsRouter } from '../domains/actionRequests/router';
import { activityRouter } from '../domains/activity/router';
import { authRouter } from '../domains/auth/router';
import { birRouter } from '../domains/bir/router';
import { cakeOrdersRouter } from '../domains/cakeOrders/router';
import { cakesRouter } from '../domains/cakes/router';
import { customersRouter } from '../domains/customers/router';
import { inventoryRouter } from '../domains/inventory/router';
import { journalRouter } from '../domains/journal/router';
import { notificationsRouter } from '../domains/notifications/router';
import { pricingRouter } from '../domains/pricing/router';
import { printersRouter } from '../domains/printers/router';
import { productionRouter } from '../domains/production/router';
import { purchaseOrdersRouter } from '../domains/purchaseOrders/router';
import { reorderRouter } from '../domains/reorder/router';
import { reportsRouter } from '../domains/reports/router';
import { requestsRouter, resetRequestsRouter } from '../domains/requests/router';
import { salesRouter } from '../domains/sales/router';
import { settingsRouter } from '../domains/settings/router';
import { shiftsRouter } from '../domains/shifts/router';
import { suppliersRouter } from '../domains/suppliers/router';
import { terminalsRouter } from '../domains/terminals/router';
import { usersRouter } from '../domains/users/router';
import { wasteRouter } from '../domains/waste/router';
import { createCallerFactory, router } from './procedures';

export const appRouter = router({
  auth: authRouter,
  requests: requestsRouter,
  resetRequests: resetRequestsRouter,
  settings: settingsRouter,
  users: usersRouter,
  actionRequests: actionRequestsRouter,
  activity: activityRouter,
  notifications: notificationsRouter,
  suppliers: suppliersRouter,
  customers: customersRouter,
  inventory: inventoryRouter,
  cakes: cakesRouter,
  sales: salesRouter,
  shifts: shiftsRouter,
  reports: reportsRouter,
  pricing: pricingRouter,
  purchaseOrders: purchaseOrdersRouter,
  waste: wasteRouter,
  cakeOrders: cakeOrdersRouter,
  production: productionRouter,
  terminals: terminalsRouter,
  printers: printersRouter,
  journal: journalRouter,
  bir: birRouter,
  reorder: reorderRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
