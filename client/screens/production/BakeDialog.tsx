// Popover's styles first: Combobox's dropdown padding overrides them.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  BAKED_DAYS_BACK,
  BATCH_MAX,
  PRODUCTION_SCREEN as S,
  PRODUCTION_TEXT as T,
} from '../../../shared/texts/production';
import { addDays, formatCalendarDate, manilaDate } from '../../../shared/time';
import { failureText } from '../../errors';
import { useTRPC } from '../../trpc';
import { numberOf } from '../../ui/inputs';
import { toast } from '../../ui/outcome';
import type { BakeDraft } from './production';

type Chosen = { cakeId: string; name: string };

/** The days a batch may be dated: today and up to two days back. */
function bakedOnOptions(today: string) {
  return Array.from({ length: BAKED_DAYS_BACK + 1 }, (_, n) => {
    const day = addDays(today, -n);
    const word = n === 0 ? 'Today' : n === 1 ? 'Yesterday' : `${n} days ago`;
    return { value: day, label: `${word}, ${formatCalendarDate(day)}` };
  });
}

/**
 * Baking a batch: the cake, how many, the day baked and, for a cake order, its number. Opened
 * from a plan line it starts with that line; by hand it starts empty. The server's refusal
 * (an ingredient short, an order closed) stays in the dialog.
 */
export function BakeDialog({
  opened,
  draft,
  onClose,
}: {
  opened: boolean;
  draft: BakeDraft | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const today = manilaDate();
  const [cake, setCake] = useState<Chosen | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [bakedOn, setBakedOn] = useState(today);
  const [order, setOrder] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setCake(draft ? { cakeId: draft.cakeId, name: draft.name } : null);
    setSearch('');
    setQuantity(draft?.quantity ?? 1);
    setBakedOn(manilaDate());
    setOrder(draft?.orderNumber ?? '');
    setError(null);
  }, [opened, draft]);
  const cakes = useQuery({
    ...trpc.cakes.list.queryOptions({ page: 1, limit: 50, search: debounced, field: 'name', order: 'asc' }),
    placeholderData: keepPreviousData,
    enabled: opened,
  });
  const options = (cakes.data?.rows ?? []).map((c) => ({
    value: c.cakeId,
    label: `${c.name} (${c.cakeId})`,
  }));
  if (cake && !options.some((o) => o.value === cake.cakeId))
    options.unshift({ value: cake.cakeId, label: `${cake.name} (${cake.cakeId})` });
  const bake = useMutation(
    trpc.production.bake.mutationOptions({
      onSuccess: (result) => {
        toast(result.message, 'success');
        void queryClient.invalidateQueries(trpc.production.pathFilter());
        void queryClient.invalidateQueries(trpc.cakes.pathFilter());
        void queryClient.invalidateQueries(trpc.inventory.pathFilter());
        void queryClient.invalidateQueries(trpc.cakeOrders.pathFilter());
        onClose();
      },
      onError: (failure) => setError(failureText(failure, S.bakeFailed)),
    }),
  );
  const submit = () => {
    const count = numberOf(quantity, 0);
    if (!cake) return setError(T.cakeRequired);
    if (!Number.isInteger(count) || count < 1 || count > BATCH_MAX) return setError(T.quantity);
    setError(null);
    bake.mutate({
      cakeId: cake.cakeId,
      quantity: count,
      bakedOn,
      orderId: order.trim() ? order.trim() : null,
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={S.bakeTitle} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Select
            label={S.labels.cake}
            placeholder={S.cakePlaceholder}
            searchable
            withAsterisk
            data={options}
            value={cake?.cakeId ?? null}
            searchValue={search}
            onSearchChange={setSearch}
            onChange={(value) => {
              const found = options.find((o) => o.value === value);
              const row = cakes.data?.rows.find((c) => c.cakeId === value);
              setCake(found ? { cakeId: found.value, name: row?.name ?? cake?.name ?? found.label } : null);
            }}
            maxDropdownHeight={220}
            nothingFoundMessage={cakes.isFetching ? 'Loading...' : S.noCakesFound}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={S.labels.quantity}
            withAsterisk
            min={1}
            max={BATCH_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={quantity}
            onChange={setQuantity}
          />
          <Select
            label={S.labels.bakedOn}
            data={bakedOnOptions(today)}
            value={bakedOn}
            onChange={(value) => value && setBakedOn(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={S.labels.orderNumber}
            description={S.orderHint}
            placeholder="ORD-000001"
            value={order}
            onChange={(e) => setOrder(e.currentTarget.value)}
          />
          {error ? (
            <Text size="sm" c="red.9" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" type="button" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={bake.isPending}>
              {S.bake}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
