import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Grid.css';
import {
  Box,
  Button,
  Checkbox,
  Divider,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { memo } from 'react';
import { formatPeso } from '../../../shared/money';
import { needsReference } from '../../../shared/saleRules';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { BuyerFields, buyerOpen } from './BuyerFields';
import { CartLine } from './CartLine';
import { CustomerField } from './CustomerField';
import { DiscountFields, discountLabel } from './DiscountFields';
import { OrderTypeSelect } from './OrderTypeSelect';
import { PaymentFields } from './PaymentFields';
import { QuickTender } from './QuickTender';
import { SplitPayments } from './SplitPayments';
import './counter.css';
import { useStage } from '../../ui/useInTurn';
import { CLEARS, changeOf, tender } from './till';
import type { CartFields, Cart as CartState } from './useCart';
import { type Checkout, splitSum } from './useCheckout';

function Amount({
  label,
  value,
  strong = false,
  less = false,
}: {
  label: string;
  value: number;
  strong?: boolean;
  /** Shown as taken off (the discount). */
  less?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>
        {less ? `-${formatPeso(value)}` : formatPeso(value)}
      </Text>
    </Group>
  );
}

/**
 * The lines' room: less while the discount, split or quick tender fields are out, so
 * Checkout stays on a 768-pixel screen (at least one line shows; the rest scroll).
 */
const linesHeight = (fields: CartFields, total: number) =>
  Math.max(
    60,
    208 -
      (buyerOpen(fields, total) ? 96 : 22) -
      (fields.discount ? 64 : 0) -
      (fields.split ? 112 : 40) -
      // A split card or e-wallet payment's reference has its own line.
      (fields.split ? 40 * fields.payments.filter((p) => needsReference(p.method)).length : 0),
  );

/**
 * The cart: order type and customer, VAT, payment, the lines with plus and minus,
 * Subtotal, Tax, Total (and the change for cash), and Checkout. The lines scroll inside the
 * cart, so the totals and the button stay in view at 1366×768.
 */
export const Cart = memo(function Cart({
  cart,
  checkout,
  wide,
}: {
  cart: CartState;
  checkout: Checkout;
  /** From lg on: the cart has the quick tenders (below it, the till bar has them). */
  wide: boolean;
}) {
  const { fields, totals, lines } = cart;
  const set = <K extends keyof CartFields>(key: K, value: CartFields[K]) => {
    cart.set(key, value);
    for (const field of CLEARS[key] ?? []) checkout.clearError(field);
  };
  const change = changeOf(cart);
  // Drawn in three steps, top to bottom (useStage): the order and the customer, then the
  // discount and the payment, then the lines, the totals and Checkout. Whole, the cart's first
  // render was long enough for the screen's arriving reads to interrupt it, and start again.
  const step = useStage(2);

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Cart">
      <Stack gap={6}>
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
        <Group gap="md">
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
          <Checkbox
            label="Split payment"
            checked={fields.split}
            onChange={(e) => set('split', e.currentTarget.checked)}
          />
        </Group>
        {step >= 1 ? (
          <>
            <DiscountFields fields={fields} set={set} errors={checkout.errors} />
            <BuyerFields fields={fields} total={totals.totalAmount} set={set} />
            {fields.split ? (
              <SplitPayments
                payments={fields.payments}
                onChange={(payments) => set('payments', payments)}
                remaining={totals.totalAmount - splitSum(fields)}
                cash={{ value: fields.cashTendered, onChange: (value) => set('cashTendered', value) }}
                error={checkout.errors.payments ?? checkout.errors.cashTendered}
              />
            ) : (
              <PaymentFields
                method={fields.paymentMethod}
                reference={fields.reference}
                onMethod={(method) => set('paymentMethod', method)}
                onReference={(reference) => set('reference', reference)}
                cash={{ value: fields.cashTendered, onChange: (value) => set('cashTendered', value) }}
                errors={checkout.errors}
                onEnter={checkout.submit}
              />
            )}
            {fields.split || !wide ? null : (
              // On the tablet the counter bar has them, in reach without scrolling.
              <Box visibleFrom="lg">
                <QuickTender total={totals.totalAmount} onTender={(pesos) => tender(cart, checkout, pesos)} />
              </Box>
            )}
          </>
        ) : null}
        {step >= 2 ? (
          <>
            <Divider />
            {lines.length === 0 ? (
              <Text c="dimmed" ta="center" size="sm" py="md">
                {SALES_TEXT.cartEmpty}
              </Text>
            ) : (
              <ScrollArea.Autosize
                mah={linesHeight(fields, totals.totalAmount)}
                type="auto"
                scrollbars="y"
                offsetScrollbars="y"
                // Autosize lets content grow to its widest line; a long name must truncate instead,
                // keeping plus, minus and the line total in view.
                styles={{ content: { minWidth: 0 } }}
              >
                <Stack
                  component="ul"
                  aria-label="Cart lines"
                  gap={0}
                  m={0}
                  p={0}
                  style={{ listStyle: 'none' }}
                >
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
              {fields.discount ? (
                <Amount
                  label={discountLabel(fields.discount, totals, cart.sc5Allowance)}
                  value={totals.discountAmount}
                  less
                />
              ) : null}
              <Amount label={`Tax (${cart.taxRate}%)`} value={totals.taxAmount} />
              <Amount label="Total" value={totals.totalAmount} strong />
              {change !== null ? <Amount label="Change" value={change} /> : null}
            </Stack>
            <Button
              size="md"
              className="counter-checkout"
              fullWidth
              onClick={checkout.submit}
              loading={checkout.pending}
            >
              Checkout
            </Button>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
});
