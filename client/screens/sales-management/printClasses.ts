/** A print dialog's frame parts, which receipt.css hides or flattens on paper (receipt, X and Z readings). */
export const PRINT_CLASSES = {
  overlay: 'receipt-overlay',
  inner: 'receipt-inner',
  content: 'receipt-content',
  header: 'receipt-header',
  body: 'receipt-body',
};
