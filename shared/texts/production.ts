// The exact texts of Production (baking from recipes). The server, the screens and the tests
// read them from here.

const BATCH_PREFIX = 'BATCH-';
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

/** The Production screen's own words (client/screens/production). */
export const PRODUCTION_SCREEN = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  planFor: (date: string) => `Bake plan for ${date}`,
  planDay: 'Plan day',
  cakes: 'Cakes to bake',
  customOrders: 'Custom cakes',
  ingredients: 'Ingredients needed',
  noCakes: 'Nothing to bake: no orders due and every shelf target is met.',
  noCustom: 'No custom-cake orders due.',
  noIngredients: 'No ingredients needed.',
  planFailed: 'The bake plan could not be loaded.',
  planLoading: 'Loading the bake plan...',
  short: (amount: string) => `Short ${amount}`,
  enough: 'Enough',
  labels: {
    cake: 'Cake',
    forOrders: 'For orders',
    forShelf: 'For shelf',
    toBake: 'To bake',
    orders: 'Orders',
    orderNumber: 'Order No.',
    description: 'Description',
    quantity: 'Qty',
    pickup: 'Pickup',
    item: 'Ingredient',
    needed: 'Needed',
    onHand: 'On hand',
    shortfall: 'Shortfall',
    batchNumber: 'Batch',
    bakedOn: 'Baked on',
    expires: 'Expires',
    cost: 'Cost',
    costPerCake: 'Cost per cake',
    order: 'Order',
    by: 'By',
    done: 'Done',
  },
  bake: 'Bake',
  bakeLine: (name: string) => `Bake ${name}`,
  bakeFor: (orderNumber: string) => `Bake for ${orderNumber}`,
  bakeByHand: 'Bake by hand',
  bakeTitle: 'Bake a batch',
  cakePlaceholder: 'Search cakes by name or CK- code',
  noCakesFound: 'No cakes found.',
  orderHint: 'Only when baking for a cake order: ORD-000001',
  bakeFailed: 'The batch could not be baked.',
  batches: 'Batches',
  from: 'From',
  to: 'To',
  thisWeek: 'This week',
  batchesEmpty: 'No batches baked in these days.',
  batchesFailed: 'The batches could not be loaded.',
  noun: 'batches',
  totalBatches: 'Batches',
  cakesBaked: 'Cakes baked',
  totalCost: 'Cost',
  printSheet: 'Print bake sheet',
  sheetTitle: 'Bake sheet',
  sheetFor: (date: string) => `Bake sheet for ${date}`,
  takeOut: 'Ingredients to take out',
  printedAt: (when: string) => `Printed ${when}`,
  // The cake's view.
  lots: 'Lots',
  lotsEmpty: 'No lots yet: the cake has had no stock.',
  reservedFor: 'Reserved for',
  lastBatchCost: 'Last Batch Cost per Cake',
  noBatchYet: 'No batch yet',
  lotSources: {
    opening: 'Opening stock',
    batch: 'Batch',
    adjustment: 'Stock edit',
    return: 'Refund',
  } as Record<string, string>,
} as const;
