// The exact texts of Production (baking from recipes). The server, the screens and the tests
// read them from here.

export const BATCH_PREFIX = 'BATCH-';
/** BATCH-000001: a production batch's number. */
export const batchNumber = (n: number) => `${BATCH_PREFIX}${String(n).padStart(6, '0')}`;

/** How many cakes one batch may bake. */
export const BATCH_MAX = 500;
/** A batch may be recorded up to this many days after it was baked. */
export const BAKED_DAYS_BACK = 2;

export const PRODUCTION_TEXT = {
  title: 'Production',
  // The server's own.
  baked: (quantity: number, name: string, number: string) => `Baked ${quantity} of "${name}" as ${number}.`,
  cakeRequired: 'Choose a cake to bake.',
  cakeNotFound: 'That cake does not exist.',
  quantity: `Quantity must be a whole number from 1 to ${BATCH_MAX}.`,
  bakedOn: `Baked on must be today or up to ${BAKED_DAYS_BACK} days back.`,
  noRecipe: (name: string) => `"${name}" has no recipe: add its ingredients first.`,
  notEnough: (name: string, needed: string, available: string) =>
    `Not enough ${name}: ${needed} needed, ${available} on hand.`,
  orderNotFound: 'That cake order does not exist.',
  orderClosed: (number: string, status: string) => `${number} is ${status}: nothing more is baked for it.`,
  notOnOrder: (name: string, number: string) => `"${name}" is not on ${number}.`,
  orderReady: (number: string) => `${number} is Ready: all its cakes are baked.`,
} as const;
