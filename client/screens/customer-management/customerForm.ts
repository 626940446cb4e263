import type { CustomerFields } from '../../../shared/schemas/customers';
import { CUSTOMER_LABELS } from '../../../shared/texts/customers';
import type { RecordFormField } from '../../ui/RecordFormModal';

/** A customer's form: Customer Management's add and edit, and the cart's New customer. */
export const CUSTOMER_FORM_FIELDS: RecordFormField<CustomerFields>[] = [
  { key: 'customerId', label: CUSTOMER_LABELS.customerId, required: true },
  { key: 'name', label: CUSTOMER_LABELS.name, required: true, autoComplete: 'off' },
  { key: 'email', label: CUSTOMER_LABELS.email, type: 'email', autoComplete: 'off' },
  { key: 'phoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'off' },
  { key: 'address', label: CUSTOMER_LABELS.address, autoComplete: 'off' },
];

export const BLANK_CUSTOMER: CustomerFields = {
  customerId: '',
  name: '',
  email: '',
  phoneNumber: '',
  address: '',
};
