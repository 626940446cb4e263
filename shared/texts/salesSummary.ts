// The exact texts of the sales summary (the backend sales report, per day and terminal).
export const SALES_SUMMARY_TEXT = {
  badFormat: 'format must be xlsx, or left out for JSON.',
  sheet: 'Sales Summary',
} as const;
