import '@mantine/core/styles/Flex.css';
import { Box, Button, Flex, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTRPC } from '../../trpc';
import { lazyDialog } from '../../ui/lazyDialog';
import { Cart } from './Cart';
import { CounterBar } from './counter/CounterBar';
import { ProductTable } from './ProductTable';
import { useCart } from './useCart';
import { type Sale, useCheckout } from './useCheckout';

// The receipt and the away-from-the-counter sale form load when first opened.
const ReceiptDialog = lazyDialog(
  () => import('./ReceiptDialog').then((m) => m.ReceiptDialog),
  (p) => p.saleRef !== null,
);
const InlineSaleModal = lazyDialog(
  () => import('./InlineSaleModal').then((m) => m.InlineSaleModal),
  (p) => p.opened,
);

/**
 * SPEC.md §2's point of sale (all roles): products on the left, the cart on the right
 * (stacked on a tablet), the receipt after each sale, and the form for a sale made away
 * from the counter.
 */
export function SalesManagementScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cart = useCart();
  const [receipt, setReceipt] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  // After each receipt the search box has the focus again, ready for the next scan.
  const search = useRef<HTMLInputElement>(null);

  /** The sale just made is the receipt's to show, without asking the server again. */
  const showReceipt = (sale: Sale) => {
    queryClient.setQueryData(trpc.sales.get.queryKey({ id: sale.saleId }), sale);
    setReceipt(sale.saleId);
  };
  const checkout = useCheckout(cart, showReceipt);

  return (
    <Flex direction={{ base: 'column', lg: 'row' }} gap="md" align={{ base: 'stretch', lg: 'flex-start' }}>
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap="sm">
          <Title order={1}>Sales Management</Title>
          <Button variant="light" onClick={() => setRecording(true)}>
            Record a Sale
          </Button>
        </Group>
        <CounterBar />
        <ProductTable cart={cart} searchRef={search} />
      </Stack>
      <Box w={{ base: '100%', lg: 420 }} style={{ flexShrink: 0 }}>
        <Cart cart={cart} checkout={checkout} />
      </Box>
      <ReceiptDialog
        saleRef={receipt}
        onClose={() => setReceipt(null)}
        onClosed={() => search.current?.focus()}
      />
      <InlineSaleModal opened={recording} onClose={() => setRecording(false)} onSaved={showReceipt} />
    </Flex>
  );
}
