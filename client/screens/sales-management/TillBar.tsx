import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { formatPeso } from '../../../shared/money';
import { QuickTender } from './QuickTender';
import { changeOf, tender } from './till';
import type { Cart as CartState } from './useCart';
import type { Checkout } from './useCheckout';

/**
 * The tablet's counter bar (below the lg breakpoint, where the cart sits under the products):
 * fixed at the bottom of the screen, with the total, the change, the quick tenders and
 * Checkout, so a sale is taps on products and two taps here, never a scroll.
 */
export const TillBar = memo(function TillBar({ cart, checkout }: { cart: CartState; checkout: Checkout }) {
  const change = changeOf(cart);
  const items = cart.lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <Paper
      hiddenFrom="lg"
      component="section"
      aria-label="Till"
      shadow="md"
      withBorder
      p="sm"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      style={{ zIndex: 150, borderRadius: 0 }}
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Box>
            <Text size="lg" fw={700} data-testid="counter-total">
              Total {formatPeso(cart.totals.totalAmount)}
            </Text>
            <Text size="sm" c="dimmed">
              {items} {items === 1 ? 'item' : 'items'}
              {change !== null ? ` · Change ${formatPeso(change)}` : ''}
            </Text>
          </Box>
          <Button size="lg" h={48} miw={180} onClick={checkout.submit} loading={checkout.pending}>
            Checkout
          </Button>
        </Group>
        {cart.fields.split ? null : (
          <QuickTender total={cart.totals.totalAmount} onTender={(pesos) => tender(cart, checkout, pesos)} />
        )}
      </Stack>
    </Paper>
  );
});
