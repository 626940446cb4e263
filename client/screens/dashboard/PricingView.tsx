import '@mantine/core/styles/NumberInput.css';
import { Button, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { formatPeso, toCentavos } from '../../../shared/money';
import { PRICING_TEXT } from '../../../shared/texts/pricing';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { numberOf, PESO_INPUT } from '../../ui/inputs';
import { useReportedMutation } from '../../ui/outcome';
import { KindSwitch, type MarginRow, MarginsTable, useMargins } from './margins';

/**
 * One row's price, edited where it stands: Enter or Save asks first, then saves;
 * Escape puts the price back. Keyed by the saved price, so a new price starts it afresh.
 */
function PriceCell({ row }: { row: MarginRow }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | string>(row.price / 100);
  const [error, setError] = useState<string | null>(null);
  // Inventory and cake lists show prices too.
  const refresh = () => {
    for (const filter of [trpc.pricing.pathFilter(), trpc.inventory.pathFilter(), trpc.cakes.pathFilter()])
      void queryClient.invalidateQueries(filter);
  };
  const setPrice = useReportedMutation(
    trpc.pricing.setPrice,
    { success: PRICING_TEXT.changed, failure: PRICING_TEXT.changeFailed },
    refresh,
  );

  const pesos = numberOf(value, Number.NaN);
  const price = Number.isFinite(pesos) ? toCentavos(pesos) : Number.NaN;
  const changed = price !== row.price;

  const save = () => {
    if (!Number.isFinite(price)) return setError(PRICING_TEXT.priceRequired);
    if (price < 0) return setError(PRICING_TEXT.priceNegative);
    setError(null);
    if (!changed) return;
    confirmThen(PRICING_TEXT.confirmPrice(row.name, formatPeso(price)), () =>
      setPrice.mutate({ kind: row.kind, id: row.id, price }),
    );
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      // No blur: the input's own blur handler would write the typed text back.
      setValue(row.price / 100);
      setError(null);
    }
  };

  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <NumberInput
        {...PESO_INPUT}
        aria-label={`Price of ${row.name}`}
        value={value}
        onChange={setValue}
        onKeyDown={keys}
        allowNegative={false}
        error={error}
        size="xs"
        w={130}
      />
      <Button
        size="compact-sm"
        mt={3}
        onClick={save}
        disabled={!changed}
        loading={setPrice.isPending}
        aria-label={`${PRICING_TEXT.save} price of ${row.name}`}
      >
        {PRICING_TEXT.save}
      </Button>
    </Group>
  );
}

/** Pricing Management (admin, owner, manager): every price beside its cost and margin, editable in place. */
export function PricingView() {
  const margins = useMargins();
  return (
    <Stack gap="md">
      <Title order={1}>{PRICING_TEXT.pricingTitle}</Title>
      <Group gap="sm" wrap="wrap">
        <KindSwitch margins={margins} />
        <TextInput
          aria-label="Search"
          type="search"
          placeholder={PRICING_TEXT.searchPlaceholder}
          value={margins.list.search}
          onChange={(e) => margins.list.setSearch(e.currentTarget.value)}
          w={{ base: 220, md: 260 }}
        />
      </Group>
      <MarginsTable
        caption={PRICING_TEXT.pricesTable}
        margins={margins}
        price={(row) => <PriceCell key={`${row.kind}-${row.id}-${row.price}`} row={row} />}
      />
    </Stack>
  );
}
