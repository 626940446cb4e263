import type { CustomerSearchField } from '../schemas/customers';

// The exact texts of Customer Management, with the server's own messages for its rules. The server, the screen and the tests all read them from here.
/** How many of a customer's purchases their view lists, newest first. */
export const PURCHASES_SHOWN = 100;

export const CUSTOMER_TEXT = {
  title: 'Customer Management',
  add: 'Add Customer',
  edit: 'Edit Customer',
  view: 'Customer Details',
  noun: 'customers',
  empty: 'No customers found.',
  searchPlaceholder: 'Search customers...',
  required: 'Please fill in all required fields.',
  duplicateId: 'Customer ID already exists. Please choose a unique ID.',
  saved: 'Customer added or updated successfully!',
  addFailed: 'Failed to add customer.',
  updateFailed: 'Failed to update customer.',
  deleteFailed: 'Failed to delete item.',
  deleted: 'Customer deleted successfully',
  // The server's own.
  notFound: 'That customer does not exist.',
  unchanged: 'Nothing was changed.',
  emailInvalid: 'Email must look like name@example.com, or be left blank.',
  // The customer's view: their purchases.
  purchases: 'Purchases',
  noPurchases: 'No purchases yet.',
  purchasesLimit: (shown: number) => `The newest ${shown} are shown.`,
} as const;

/** The filter dropdown: which field the search box looks in. */
export const CUSTOMER_SEARCH_FIELDS = ['customerId', 'name', 'email', 'phoneNumber', 'address'] as const;

/** How each field is named in the filter, the form, the action requests' details and the log. */
export const CUSTOMER_LABELS = {
  customerId: 'Customer ID',
  name: 'Name',
  email: 'Email',
  phoneNumber: 'Phone',
  address: 'Address',
} as const satisfies Record<CustomerSearchField, string>;
