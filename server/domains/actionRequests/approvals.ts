import { cancelApproval } from '../cakeOrders/cancel';
import { MODULE as CAKE_ORDERS_MODULE } from '../cakeOrders/service';
import { MODULE as CAKES_MODULE, cakeApproval } from '../cakes/service';
import { CUSTOMER_MODULE, customerService } from '../customers/service';
import { MODULE as INVENTORY_MODULE, inventoryApproval } from '../inventory/service';
import { refundApproval } from '../sales/refund';
import { MODULE as SALES_MODULE } from '../sales/service';
import { CASH_MODULE, cashVoidApproval } from '../shifts/voids';
import { SUPPLIER_MODULE, supplierService } from '../suppliers/service';
import { WASTE_MODULE } from '../waste/log';
import { wasteApproval } from '../waste/service';
import type { ActionModule, Approval } from './held';

/**
 * How each module's held changes are approved, one entry per module that holds any: a module
 * added to ActionModule without one here does not compile. Domains never import this file
 * (it imports them); only the approval path does.
 */
export const APPROVALS = {
  [SUPPLIER_MODULE]: supplierService.approval,
  [CUSTOMER_MODULE]: customerService.approval,
  [INVENTORY_MODULE]: inventoryApproval,
  [CAKES_MODULE]: cakeApproval,
  [SALES_MODULE]: refundApproval,
  [CASH_MODULE]: cashVoidApproval,
  [WASTE_MODULE]: wasteApproval,
  [CAKE_ORDERS_MODULE]: cancelApproval,
} satisfies Record<ActionModule, Approval>;
