import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PHONE_MAX, CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { NAME_MAX } from '../../../shared/texts/fields';
import type { Draft, SetDraft } from './orderDraft';
import type { CustomerChoice } from './useCustomers';

const L = S.labels;

/**
 * Who orders and when they collect: a registered customer picked (their phone filled in
 * when none is typed yet) or a name typed, the phone, and the pickup date and time (Manila).
 */
export function CustomerPickupFields({
  draft,
  customers,
  set,
  update,
}: {
  draft: Draft;
  customers: CustomerChoice[];
  set: SetDraft;
  /** A change worked out from the draft as it stands (which clears the form's message). */
  update: (change: (draft: Draft) => Partial<Draft>) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      <Stack gap={4}>
        {draft.registered ? (
          <Select
            label={L.customer}
            withAsterisk
            placeholder={S.customerPlaceholder}
            data={customers.map((c) => ({ value: String(c.id), label: `${c.name} (${c.customerId})` }))}
            value={draft.customerId}
            onChange={(value) => {
              const customer = customers.find((c) => String(c.id) === value);
              update((d) => ({ customerId: value, phone: d.phone || customer?.phoneNumber || '' }));
            }}
            searchable
            nothingFoundMessage="No customers found."
            limit={50}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        ) : (
          <TextInput
            label={L.customerName}
            withAsterisk
            autoComplete="off"
            maxLength={NAME_MAX}
            value={draft.customerName}
            onChange={(e) => set('customerName', e.currentTarget.value)}
            data-autofocus
          />
        )}
        <Checkbox
          size="xs"
          label={S.registered}
          checked={draft.registered}
          onChange={(e) => set('registered', e.currentTarget.checked)}
        />
      </Stack>
      <TextInput
        label={L.phone}
        withAsterisk
        type="tel"
        autoComplete="off"
        maxLength={PHONE_MAX}
        value={draft.phone}
        onChange={(e) => set('phone', e.currentTarget.value)}
      />
      <TextInput
        label={L.pickupDate}
        withAsterisk
        type="date"
        value={draft.date}
        onChange={(e) => set('date', e.currentTarget.value)}
      />
      <TextInput
        label={L.pickupTime}
        withAsterisk
        type="time"
        step={900}
        value={draft.time}
        onChange={(e) => set('time', e.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
