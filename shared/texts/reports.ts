// The dashboard's and the sales report's texts, chart periods and colours.
export const REPORT_TEXT = {
  financialOverview: 'Financial Overview',
  loading: 'Loading...',
  noMoreRecords: 'No more records',
  noRecords: 'No sales in this period.',
  refunded: 'Refunded',
  customNeedsDates: 'Choose both a start and an end date.',
  fromAfterTo: 'The start date must be on or before the end date.',
  exportFailed: 'Export failed. Please try again.',
  notANumber: 'Please enter a price.',
  priceChanged: 'Price updated successfully!',
  priceChangeFailed: 'Failed to update the price.',
  confirmPrice: (name: string, price: string) => `Change the price of "${name}" to ${price}?`,
  noCategory: 'Uncategorized',
  byCashier: 'Sales by Cashier',
  byItem: 'Sales by Item',
  noCashier: 'Unknown',
  nothingSold: 'Nothing sold in this period.',
  /** The export's Summary sheet: one figure a row, each the sum of the Sales or Payments rows. */
  exportSummary: {
    period: 'Period',
    sales: 'Sales (completed)',
    gross: 'Gross sales (before discounts)',
    discounts: 'SC/PWD discounts',
    vatExempt: 'VAT-exempt sales',
    vat: 'VAT',
    total: 'Total sales (gross - discounts + VAT)',
    refunds: 'Refunded sales',
    refundedAmount: 'Refunded amount',
    cost: 'Cost of goods sold',
    wasteCost: 'Waste written off',
    profit: 'Profit (gross - discounts - cost - waste)',
    paidBy: (method: string) => `Paid by ${method}`,
    note: 'Completed sales only; refunded sales are listed with status Refunded and counted under Refunded sales.',
  },
} as const;

/** The Financial Overview's ranges, in Manila days ending today. */
export const CHART_DAYS = [7, 30, 90] as const;

/** The report charts' six fixed colours, in Mantine's palette. */
export const REPORT_COLOURS = ['teal.6', 'blue.6', 'orange.6', 'grape.6', 'yellow.6', 'cyan.6'] as const;

/** The Financial Overview: revenue green, cost orange-red. */
export const REVENUE_COLOUR = 'green.7';

export const COST_COLOUR = '#e8590c';
