import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Box, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { NAME_MAX } from '../../../shared/texts/fields';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { useKept } from '../../offline/kept';
import { useTRPC } from '../../trpc';
import { NewCustomer } from './NewCustomer';
import type { CartFields } from './useCart';

type CustomerKeys = 'customerId' | 'customerName';

/**
 * The registered customers (id, customer ID and name), fetched once as the legacy POS did, and
 * kept on the device for selling offline (client/offline/kept.ts).
 */
export function useCounterCustomers(enabled = true) {
  const trpc = useTRPC();
  const customers = useQuery(
    trpc.customers.atCounter.queryOptions(undefined, { staleTime: 60_000, enabled }),
  );
  return useKept('customers', customers)?.rows ?? [];
}

/**
 * The registered customers as options: name plus customer id. Made once per list: the
 * select parses its options again whenever they are a new array (a thousand of them).
 */
function useCustomerOptions() {
  const customers = useCounterCustomers();
  return useMemo(
    () => customers.map((c) => ({ value: String(c.id), label: `${c.name} (${c.customerId})` })),
    [customers],
  );
}

/**
 * The cart's customer: a registered one from the list, or, with Unregistered Customer on,
 * a free-text name (blank is recorded as Unregistered).
 */
export function CustomerField({
  fields,
  set,
}: {
  fields: Pick<CartFields, CustomerKeys | 'unregistered'>;
  set: <K extends CustomerKeys>(key: K, value: CartFields[K]) => void;
}) {
  const options = useCustomerOptions();
  if (fields.unregistered) {
    return (
      <TextInput
        label="Customer Name"
        placeholder={SALES_TEXT.unregistered}
        autoComplete="off"
        maxLength={NAME_MAX}
        value={fields.customerName}
        onChange={(e) => set('customerName', e.currentTarget.value)}
      />
    );
  }
  return (
    // New customer sits on the label's line, so the cart grows no taller (Checkout must fit 768 px).
    <Box pos="relative">
      <Select
        label="Customer"
        placeholder="Select a customer"
        data={options}
        value={fields.customerId}
        onChange={(value) => set('customerId', value)}
        searchable
        clearable
        nothingFoundMessage="No customers found."
        limit={50}
      />
      <Box pos="absolute" top={0} right={0}>
        <NewCustomer onAdded={(id) => set('customerId', id)} />
      </Box>
    </Box>
  );
}
