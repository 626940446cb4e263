// Every table, one file per area; drizzle-kit reads this file (drizzle.config.ts). The
// triggers, the search index (inventory_search) and inventory_version are in server/db/sql.
export * from './tables/accounts';
export * from './tables/bir';
export * from './tables/cakeOrders';
export * from './tables/counter';
export * from './tables/lots';
export * from './tables/production';
export * from './tables/purchasing';
export * from './tables/records';
export * from './tables/reports';
export * from './tables/sales';
export * from './tables/shifts';
export * from './tables/stock';
export * from './tables/waste';
