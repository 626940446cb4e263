import { Button, Group, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCake } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useReadyForOutage } from '../../offline/useReadyForOutage';
import { useDeviceTerminal } from '../../terminal';
import { useTRPC } from '../../trpc';
import { lazyDialog } from '../../ui/lazyDialog';
import { preloadToasts } from '../../ui/Toasts';
import { useStage } from '../../ui/useInTurn';
import { Cart } from './Cart';
import { ProductTable } from './ProductTable';
import './counter.css';
import { ShiftBar } from './shift/ShiftBar';
import { TillBar } from './TillBar';
import { useCart } from './useCart';
import { type Sale, useCheckout } from './useCheckout';

// The receipt and the away-from-the-counter sale form load when first opened.
const ReceiptDialog = lazyDialog(
  () => import('./ReceiptDialog').then((m) => m.ReceiptDialog),
  (p) => p.saleRef !== null,
);
const TodaySalesModal = lazyDialog(
  () => import('./TodaySalesModal').then((m) => m.TodaySalesModal),
  (p) => p.opened,
);
const InlineSaleModal = lazyDialog(
  () => import('./InlineSaleModal').then((m) => m.InlineSaleModal),
  (p) => p.opened,
);

/** The title and the buttons beside it: drawn once, as nothing they show changes. */
const CounterHeading = memo(function CounterHeading({
  onLook,
  onRecord,
}: {
  onLook: (open: boolean) => void;
  onRecord: (open: boolean) => void;
}) {
  return (
    <Group justify="space-between" gap="sm">
      <Title order={1}>Sales Management</Title>
      <Group gap="xs">
        {/* A customer ordering a cake ahead is taken on Cake Orders, not in the cart. */}
        <Button
          component={Link}
          to="/cake-orders"
          variant="light"
          color="pink"
          leftSection={<IconCake size={18} />}
        >
          Cake order
        </Button>
        <Button variant="default" onClick={() => onLook(true)}>
          Today's Sales
        </Button>
        <Button variant="light" onClick={() => onRecord(true)}>
          Record a Sale
        </Button>
      </Group>
    </Group>
  );
});

/**
 * The point of sale (all roles): products on the left, the cart on the right
 * (stacked on a tablet), the receipt after each sale, and the form for a sale made away
 * from the counter.
 */
export function SalesManagementScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cart = useCart();
  const [receipt, setReceipt] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  const [looking, setLooking] = useState(false);
  // A receipt opened from today's sales is a reprint.
  const [reprint, setReprint] = useState(false);
  // After each receipt the search box has the focus again, ready for the next scan.
  const search = useRef<HTMLInputElement>(null);

  /** The sale just made is the receipt's to show, without asking the server again. */
  const showReceipt = (sale: Sale) => {
    queryClient.setQueryData(trpc.sales.get.queryKey({ id: sale.saleId }), sale);
    setReprint(false);
    setReceipt(sale.saleId);
  };
  /** A sale kept on the device (no server): its receipt was built here and is in the cache. */
  const showKept = (saleId: string) => {
    setReprint(false);
    setReceipt(saleId);
  };
  // The counter draws in steps, top to bottom (useStage): the heading, the shift bar, the
  // product search and table, the till bar, then the cart (below the products on a tablet,
  // beside them on a wide screen; with its fields and menus the largest part). The reads for
  // selling offline start with the shift bar's, not in the first render.
  const stage = useStage(4);
  const checkout = useCheckout(cart, showReceipt, showKept, stage >= 1);
  const { terminal } = useDeviceTerminal(stage >= 1);
  useReadyForOutage(terminal?.id ?? null);
  // The receipt and the toasts show after a sale made offline too: their code comes while
  // online, once the counter has drawn itself (the receipt's styles restyle the whole page).
  useEffect(() => {
    const preload = () => {
      ReceiptDialog.preload();
      preloadToasts();
    };
    if (typeof requestIdleCallback !== 'function') {
      const later = setTimeout(preload, 500);
      return () => clearTimeout(later);
    }
    const idle = requestIdleCallback(preload, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, []);
  // Mantine's lg breakpoint, known at the first render (counter.css lays the screen out by it).
  const wide = useMediaQuery('(min-width: 75em)', undefined, { getInitialValueInEffect: false });

  return (
    <div className="counter-layout">
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <CounterHeading onLook={setLooking} onRecord={setRecording} />
        {stage >= 1 ? <ShiftBar /> : null}
        {stage >= 2 ? <ProductTable cart={cart} searchRef={search} onCheckout={checkout.submit} /> : null}
      </Stack>
      <div className="counter-cart">
        {stage >= 4 ? <Cart cart={cart} checkout={checkout} wide={wide} /> : null}
      </div>
      {/* Only one of the till bar and the cart's quick tenders shows: the other is not drawn. */}
      {wide || stage < 3 ? null : <TillBar cart={cart} checkout={checkout} />}
      <ReceiptDialog
        saleRef={receipt}
        onClose={() => setReceipt(null)}
        onClosed={() => search.current?.focus()}
        reprint={reprint}
      />
      <TodaySalesModal
        opened={looking}
        onClose={() => setLooking(false)}
        onOpen={(saleId) => {
          setLooking(false);
          setReprint(true);
          setReceipt(saleId);
        }}
      />
      <InlineSaleModal opened={recording} onClose={() => setRecording(false)} onSaved={showReceipt} />
    </div>
  );
}
