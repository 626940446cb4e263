import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Radio.css';
import { ActionIcon, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatPeso } from '../../../shared/money';
import { NAME_MAX } from '../../../shared/texts/fields';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { SHIFT_TEXT } from '../../../shared/texts/shifts';
import { manilaDate } from '../../../shared/time';
import { ListTable } from '../../ui/ListTable';
import { ModalActions } from '../../ui/ModalActions';
import { OrderTypeSelect } from './OrderTypeSelect';
import { PaymentFields } from './PaymentFields';
import { ProductPicker } from './ProductPicker';
import type { Sale } from './useCheckout';
import { type InlineLine, useInlineSale } from './useInlineSale';

const TAX_RATES = [
  { value: '0', label: '0% (no VAT)' },
  { value: '12', label: '12% VAT' },
];

/**
 * "Record a sale made away from the counter": customer name, tax rate, the
 * day it was made, and its items, each checked as it is added. Required fields carry the
 * red asterisk; the sale goes through the same checkout as the counter's.
 */
export function InlineSaleModal({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: (sale: Sale) => void;
}) {
  const form = useInlineSale(opened, (sale) => {
    onClose();
    onSaved(sale);
  });
  const { fields, errors, set } = form;

  return (
    <Modal opened={opened} onClose={onClose} title="Record a Sale" centered size="lg">
      <form
        aria-label="Record a Sale"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Record a sale made away from the counter.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              label="Customer Name"
              placeholder={SALES_TEXT.unregistered}
              maxLength={NAME_MAX}
              autoComplete="off"
              data-autofocus
              value={fields.customerName}
              onChange={(e) => set('customerName', e.currentTarget.value)}
            />
            <TextInput
              label="Date"
              type="date"
              max={manilaDate()}
              value={fields.date}
              onChange={(e) => set('date', e.currentTarget.value)}
              error={errors.date}
            />
            <Select
              label="Tax Rate"
              withAsterisk
              data={TAX_RATES}
              value={fields.taxRate}
              onChange={(value) => set('taxRate', value === '12' ? '12' : '0')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <OrderTypeSelect
              value={fields.orderType}
              onChange={(value) => set('orderType', value)}
              error={errors.orderType}
            />
          </SimpleGrid>
          {form.asksReason ? (
            <TextInput
              label={SALES_TEXT.backdateLabel}
              description="Needed for a sale dated before the last Z reading; kept on the sale."
              maxLength={200}
              autoComplete="off"
              value={fields.backdateReason}
              onChange={(e) => set('backdateReason', e.currentTarget.value)}
              error={errors.backdateReason}
            />
          ) : null}
          {form.asksDrawer ? (
            <Radio.Group
              label={SHIFT_TEXT.inDrawerQuestion}
              description={SHIFT_TEXT.inDrawerHelp}
              withAsterisk
              value={fields.inDrawer ?? ''}
              onChange={(value) => set('inDrawer', value === 'yes' ? 'yes' : 'no')}
              error={errors.inDrawer}
            >
              <Group gap="lg" mt={6}>
                <Radio value="yes" label={SHIFT_TEXT.inDrawerYes} />
                <Radio value="no" label={SHIFT_TEXT.inDrawerNo} />
              </Group>
            </Radio.Group>
          ) : null}
          <PaymentFields
            method={fields.paymentMethod}
            reference={fields.reference}
            onMethod={(method) => set('paymentMethod', method)}
            onReference={(reference) => set('reference', reference)}
            errors={errors}
          />
          <ProductPicker errors={errors} onAdd={form.addLine} onChange={form.clearPicker} />
          <ListTable<InlineLine>
            caption="Sale items"
            rows={form.lines}
            rowKey={(l) => l.product.key}
            emptyText={SALES_TEXT.cartEmpty}
            columns={[
              { header: 'Item', cell: (l) => l.product.name },
              { header: 'Quantity', cell: (l) => l.quantity, nowrap: true },
              { header: 'Price', cell: (l) => formatPeso(l.product.price), nowrap: true },
              { header: 'Line Total', cell: (l) => formatPeso(l.product.price * l.quantity), nowrap: true },
              {
                header: 'Remove',
                cell: (l) => (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${l.product.name}`}
                    onClick={() => form.removeLine(l.product.key)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                ),
              },
            ]}
          />
          {errors.lines ? (
            <Text size="sm" c="red" role="alert">
              {errors.lines}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="lg">
            <Text size="sm">Subtotal {formatPeso(form.totals.subtotal)}</Text>
            <Text size="sm">
              Tax ({fields.taxRate}%) {formatPeso(form.totals.taxAmount)}
            </Text>
            <Text size="sm" fw={700}>
              Total {formatPeso(form.totals.totalAmount)}
            </Text>
          </Group>
          <ModalActions onCancel={onClose} submitLabel="Save Sale" loading={form.saving} />
        </Stack>
      </form>
    </Modal>
  );
}
