// Every table, one file per area; drizzle-kit reads this file (drizzle.config.ts).
export * from './tables/accounts';
export * from './tables/catalogue';
export * from './tables/counter';
export * from './tables/reports';
export * from './tables/sales';
export * from './tables/stock';
