import type { CustomerFields, CustomerSortField } from '../../../shared/schemas/customers';
import { CUSTOMER_LABELS, CUSTOMER_SEARCH_FIELDS, CUSTOMER_TEXT } from '../../../shared/texts/customers';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { ContactScreen } from '../../ui/ContactScreen';
import type { ContactScreenProps } from '../../ui/contactScreenProps';
import { CustomerPurchases } from './CustomerPurchases';
import { BLANK_CUSTOMER, CUSTOMER_FORM_FIELDS } from './customerForm';

type Customer = RouterOutputs['customers']['list']['rows'][number];
type Props = ContactScreenProps<
  Customer,
  CustomerFields,
  CustomerSortField,
  (typeof CUSTOMER_SEARCH_FIELDS)[number]
>;

// What differs from Supplier Management: columns, fields and texts (client/ui/ContactScreen).
const SCREEN = {
  texts: CUSTOMER_TEXT,
  searchFields: CUSTOMER_SEARCH_FIELDS.map((value) => ({ value, label: CUSTOMER_LABELS[value] })),
  defaultSearchField: 'name',
  columns: [
    { header: 'ID', sort: 'customerId', nowrap: true, cell: (c) => c.customerId },
    { header: 'Name', sort: 'name', cell: (c) => c.name },
    { header: 'Email', sort: 'email', cell: (c) => c.email },
    { header: 'Number', sort: 'phoneNumber', nowrap: true, cell: (c) => c.phoneNumber },
    { header: 'Address', sort: 'address', cell: (c) => c.address },
  ],
  timeHeaders: { created: 'Created', updated: 'Updated' },
  codeOf: (c) => c.customerId,
  form: {
    fields: CUSTOMER_FORM_FIELDS,
    blank: BLANK_CUSTOMER,
    valuesOf: (c) => ({
      customerId: c.customerId,
      name: c.name,
      email: c.email,
      phoneNumber: c.phoneNumber,
      address: c.address,
    }),
  },
  viewFields: (c) => [
    { label: CUSTOMER_LABELS.customerId, value: c.customerId },
    { label: CUSTOMER_LABELS.name, value: c.name },
    { label: CUSTOMER_LABELS.email, value: c.email },
    { label: 'Phone Number', value: c.phoneNumber },
    { label: CUSTOMER_LABELS.address, value: c.address },
  ],
  viewExtra: (c) => <CustomerPurchases customerId={c.id} />,
} satisfies Omit<Props, 'procedures'>;

/** Customer Management. */
export function CustomerManagementScreen() {
  const trpc = useTRPC();
  return (
    <ContactScreen
      {...SCREEN}
      procedures={{
        list: (input) => trpc.customers.list.queryOptions(input),
        listKey: trpc.customers.list.queryKey(),
        add: trpc.customers.add,
        update: trpc.customers.update,
        delete: trpc.customers.delete,
      }}
    />
  );
}
