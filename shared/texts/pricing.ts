import { CAKE_TEXT } from './cakes';
import { INVENTORY_TEXT } from './inventory';
import { SEARCH_MAX } from './paging';
import { REPORT_TEXT } from './reports';

// The Profitability Dashboard and Pricing Management (two menu entries): margins
// of items and cakes, and prices changed in place.
export const PRICING_TEXT = {
  profitabilityTitle: 'Profitability Dashboard',
  pricingTitle: 'Pricing Management',
  lowestFirst: 'Lowest margins first: margin is price minus cost, and margin % is margin over price.',
  marginsTable: 'Margins',
  pricesTable: 'Prices',
  items: 'Items',
  cakes: 'Cakes',
  searchPlaceholder: 'Search by name or ID...',
  noItems: INVENTORY_TEXT.noItems,
  noCakes: CAKE_TEXT.noCakes,
  itemNotFound: INVENTORY_TEXT.notFound,
  cakeNotFound: CAKE_TEXT.notFound,
  productNotFound: 'That product does not exist.',
  badKind: 'Kind must be item or cake.',
  orderInvalid: 'order must be asc or desc.',
  searchText: 'search must be text.',
  searchTooLong: `search must be at most ${SEARCH_MAX} characters.`,
  priceRequired: REPORT_TEXT.notANumber,
  priceNegative: 'Price must be a non-negative number.',
  confirmPrice: REPORT_TEXT.confirmPrice,
  changed: REPORT_TEXT.priceChanged,
  changeFailed: REPORT_TEXT.priceChangeFailed,
  unchanged: (name: string, price: string) => `The price of "${name}" is already ${price}; nothing changed.`,
  save: 'Save',
  noPercent: '—',
} as const;
