import type { SupplierFields, SupplierSortField } from '../../../shared/schemas/suppliers';
import {
  LEAD_TIME_MAX,
  SUPPLIER_FIELD_LABELS,
  SUPPLIER_LABELS,
  SUPPLIER_SEARCH_FIELDS,
  SUPPLIER_TEXT,
} from '../../../shared/texts/suppliers';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { ContactScreen } from '../../ui/ContactScreen';
import type { ContactScreenProps } from '../../ui/contactScreenProps';

type Supplier = RouterOutputs['suppliers']['list']['rows'][number];
/** What the form holds: the lead time as typed, sent as a number. */
type SupplierValues = Omit<SupplierFields, 'leadTimeDays'> & { leadTimeDays: string };
type Props = ContactScreenProps<
  Supplier,
  SupplierValues,
  SupplierSortField,
  (typeof SUPPLIER_SEARCH_FIELDS)[number],
  SupplierFields
>;

/** A new supplier's lead time until the shop knows better (the server's default too). */
const DEFAULT_LEAD_TIME = '7';

// What differs from Customer Management: columns, fields and texts (client/ui/ContactScreen).
const SCREEN = {
  texts: {
    ...SUPPLIER_TEXT,
    addFailed: SUPPLIER_TEXT.saveFailed,
    updateFailed: SUPPLIER_TEXT.saveFailed,
  },
  searchFields: SUPPLIER_SEARCH_FIELDS.map((value) => ({ value, label: SUPPLIER_LABELS[value] })),
  defaultSearchField: 'name',
  columns: [
    { header: 'ID', sort: 'supplierId', nowrap: true, cell: (s) => s.supplierId },
    { header: 'Name', sort: 'name', cell: (s) => s.name },
    { header: 'Contact', sort: 'contact', cell: (s) => s.contact },
    { header: 'Company', sort: 'company', cell: (s) => s.company },
  ],
  timeHeaders: { created: 'Created At', updated: 'Updated At' },
  codeOf: (s) => s.supplierId,
  form: {
    fields: [
      { key: 'supplierId', label: SUPPLIER_LABELS.supplierId, required: true },
      { key: 'name', label: SUPPLIER_LABELS.name, required: true },
      { key: 'contact', label: SUPPLIER_LABELS.contact, autoComplete: 'off' },
      { key: 'company', label: SUPPLIER_LABELS.company, autoComplete: 'organization' },
      { key: 'leadTimeDays', label: SUPPLIER_FIELD_LABELS.leadTimeDays, type: 'number', max: LEAD_TIME_MAX },
    ],
    blank: { supplierId: '', name: '', contact: '', company: '', leadTimeDays: DEFAULT_LEAD_TIME },
    valuesOf: (s) => ({
      supplierId: s.supplierId,
      name: s.name,
      contact: s.contact,
      company: s.company,
      leadTimeDays: String(s.leadTimeDays),
    }),
    // Whole days from 0 to 365; a blank or other entry is stopped with the server's own message.
    check: ({ leadTimeDays }) =>
      /^\d{1,3}$/.test(leadTimeDays.trim()) && Number(leadTimeDays) <= LEAD_TIME_MAX
        ? null
        : { key: 'leadTimeDays', text: SUPPLIER_TEXT.leadTime },
    toInput: ({ leadTimeDays, ...fields }) => ({ ...fields, leadTimeDays: Number(leadTimeDays) }),
  },
  viewFields: (s) => [
    { label: SUPPLIER_LABELS.supplierId, value: s.supplierId },
    { label: SUPPLIER_LABELS.name, value: s.name },
    { label: SUPPLIER_LABELS.contact, value: s.contact },
    { label: SUPPLIER_LABELS.company, value: s.company },
    { label: SUPPLIER_FIELD_LABELS.leadTimeDays, value: String(s.leadTimeDays) },
  ],
} satisfies Omit<Props, 'procedures'>;

/** Supplier Management. */
export function SupplierManagementScreen() {
  const trpc = useTRPC();
  return (
    <ContactScreen
      {...SCREEN}
      procedures={{
        list: (input) => trpc.suppliers.list.queryOptions(input),
        listKey: trpc.suppliers.list.queryKey(),
        add: trpc.suppliers.add,
        update: trpc.suppliers.update,
        delete: trpc.suppliers.delete,
      }}
    />
  );
}
