import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Grid.css';
import { Button, Checkbox, Divider, Grid, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import { SALES_TEXT } from '../../../shared/schemas/sales';
import { CartLine } from './CartLine';
import { CustomerField } from './CustomerField';
import { OrderTypeSelect } from './OrderTypeSelect';
import { PaymentFields } from './PaymentFields';
import type { CartFields, Cart as CartState } from './useCart';
import { type Checkout, type CheckoutField, tenderedOf } from './useCheckout';

/** The messages a change answers: a new payment method makes its follow-up's message moot too. */
const CLEARS: Partial<Record<keyof CartFields, CheckoutField[]>> = {
  orderType: ['orderType'],
  paymentMethod: ['paymentMethod', 'reference', 'cashTendered'],
  reference: ['reference'],
  cashTendered: ['cashTendered'],
};

function Amount({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>
        {formatPeso(value)}
      </Text>
    </Group>
  );
}

/**
 * SPEC.md §2's cart: order type and customer, VAT, payment, the lines with plus and minus,
 * Subtotal, Tax, Total (and the change for cash), and Checkout. The lines scroll inside the
 * cart, so the totals and the button stay in view at 1366×768.
 */
export function Cart({ cart, checkout }: { cart: CartState; checkout: Checkout }) {
  const { fields, totals, lines } = cart;
  const set = <K extends keyof CartFields>(key: K, value: CartFields[K]) => {
    cart.set(key, value);
    for (const field of CLEARS[key] ?? []) checkout.clearError(field);
  };
  const tendered = tenderedOf(fields);
  const change = tendered !== null && tendered >= totals.totalAmount ? tendered - totals.totalAmount : null;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Cart">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Cart
        </Title>
        <Grid gap="sm">
          <Grid.Col span={5}>
            <OrderTypeSelect
              value={fields.orderType}
              onChange={(value) => set('orderType', value)}
              error={checkout.errors.orderType}
            />
          </Grid.Col>
          <Grid.Col span={7}>
            <CustomerField fields={fields} set={set} />
          </Grid.Col>
        </Grid>
        <Group gap="lg">
          <Checkbox
            label="Unregistered Customer"
            checked={fields.unregistered}
            onChange={(e) => set('unregistered', e.currentTarget.checked)}
          />
          <Checkbox
            label="Apply 12% VAT"
            checked={fields.vat}
            onChange={(e) => set('vat', e.currentTarget.checked)}
          />
        </Group>
        <PaymentFields
          method={fields.paymentMethod}
          reference={fields.reference}
          onMethod={(method) => set('paymentMethod', method)}
          onReference={(reference) => set('reference', reference)}
          cash={{ value: fields.cashTendered, onChange: (value) => set('cashTendered', value) }}
          errors={checkout.errors}
        />
        <Divider />
        {lines.length === 0 ? (
          <Text c="dimmed" ta="center" size="sm" py="md">
            {SALES_TEXT.cartEmpty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={208} type="auto" offsetScrollbars="y">
            <Stack component="ul" aria-label="Cart lines" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
              {lines.map((line) => (
                <CartLine
                  key={line.key}
                  line={line}
                  onIncrease={() => cart.increase(line.key)}
                  onDecrease={() => cart.decrease(line.key)}
                  onRemove={() => cart.remove(line.key)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Divider />
        <Stack gap={2}>
          <Amount label="Subtotal" value={totals.subtotal} />
          <Amount label={`Tax (${cart.taxRate}%)`} value={totals.taxAmount} />
          <Amount label="Total" value={totals.totalAmount} strong />
          {fields.paymentMethod === 'Cash' && change !== null ? (
            <Amount label="Change" value={change} />
          ) : null}
        </Stack>
        <Button size="md" fullWidth onClick={checkout.submit} loading={checkout.pending}>
          Checkout
        </Button>
      </Stack>
    </Paper>
  );
}
