import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CUSTOMER_TEXT } from '../../../shared/texts/customers';
import { useTRPC } from '../../trpc';
import { useOpenedOnce } from '../../ui/lazyDialog';
import { useReportedMutation } from '../../ui/outcome';
import { RecordFormModal } from '../../ui/RecordFormModal';
import { BLANK_CUSTOMER, CUSTOMER_FORM_FIELDS } from '../customer-management/customerForm';

/**
 * A customer at the counter who is not on file yet: added from the cart with the same form
 * as Customer Management, then chosen for the sale (every role may add a customer).
 */
export function NewCustomer({ onAdded }: { onAdded: (id: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const drawn = useOpenedOnce(opened);
  const add = useReportedMutation(
    trpc.customers.add,
    { success: CUSTOMER_TEXT.saved, failure: CUSTOMER_TEXT.addFailed },
    (result) => {
      const id = (result as { record?: { id: number } }).record?.id;
      void queryClient.invalidateQueries(trpc.customers.pathFilter());
      if (id !== undefined) onAdded(String(id));
      setOpened(false);
    },
  );
  return (
    <>
      <Button variant="subtle" size="compact-xs" onClick={() => setOpened(true)}>
        New customer
      </Button>
      {drawn ? (
        <RecordFormModal
          title={CUSTOMER_TEXT.add}
          opened={opened}
          initial={BLANK_CUSTOMER}
          fields={CUSTOMER_FORM_FIELDS}
          requiredText={CUSTOMER_TEXT.required}
          saving={add.isPending}
          onSave={(values) => add.mutate(values)}
          onClose={() => setOpened(false)}
        />
      ) : null}
    </>
  );
}
