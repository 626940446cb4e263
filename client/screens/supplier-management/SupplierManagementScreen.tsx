import type { SupplierFields, SupplierSortField } from '../../../shared/schemas/suppliers';
import {
  SUPPLIER_FIELD_LABELS,
  SUPPLIER_LABELS,
  SUPPLIER_SEARCH_FIELDS,
  SUPPLIER_TEXT,
} from '../../../shared/texts/suppliers';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { ContactScreen, type ContactScreenProps } from '../../ui/ContactScreen';

type Supplier = RouterOutputs['suppliers']['list']['rows'][number];
type Props = ContactScreenProps<
  Supplier,
  Omit<SupplierFields, 'leadTimeDays'>,
  SupplierSortField,
  (typeof SUPPLIER_SEARCH_FIELDS)[number]
>;

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
    ],
    blank: { supplierId: '', name: '', contact: '', company: '' },
    valuesOf: (s) => ({ supplierId: s.supplierId, name: s.name, contact: s.contact, company: s.company }),
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
