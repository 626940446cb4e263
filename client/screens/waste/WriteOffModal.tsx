import '@mantine/core/styles/SegmentedControl.css';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatQuantity, toMilli } from '../../../shared/quantity';
import { WASTE_NOTE_MAX, WASTE_REASONS, WASTE_TEXT, type WasteReason } from '../../../shared/texts/waste';
import { formatCalendarDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { CakeLookup } from '../../ui/CakeLookup';
import { ItemLookup } from '../../ui/ItemLookup';
import { numberOf } from '../../ui/inputs';
import { useReportedMutation } from '../../ui/outcome';
import { WASTE_SCREEN_TEXT } from './text';

/** What is written off: fixed when opened from its view, picked when opened from Waste. */
export interface WriteOffItem {
  /** An item unless said: a cake is written off in whole cakes, from no chosen lot. */
  kind?: 'item' | 'cake';
  id: number;
  name: string;
}

type Kind = NonNullable<WriteOffItem['kind']>;

/**
 * Writing off stock, of an item or a cake: how much, why, a note, and for an item optionally
 * which lot (else the expired lots first for Expired, or the one expiring first). Staff's
 * write-offs go to a manager first.
 */
export function WriteOffModal({
  opened,
  item: fixed,
  onClose,
}: {
  opened: boolean;
  item: WriteOffItem | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<WriteOffItem | null>(null);
  const [chosenKind, setChosenKind] = useState<Kind>('item');
  const [quantity, setQuantity] = useState<number | string>('');
  const [reason, setReason] = useState<WasteReason | null>(null);
  const [note, setNote] = useState('');
  const [lot, setLot] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const item = fixed ?? picked;
  const kind: Kind = fixed ? (fixed.kind ?? 'item') : chosenKind;
  const isCake = kind === 'cake';
  useEffect(() => {
    if (!opened) return;
    setPicked(null);
    setChosenKind('item');
    setQuantity('');
    setReason(null);
    setNote('');
    setLot(null);
    setError(null);
  }, [opened]);
  const lots = useQuery({
    ...trpc.inventory.lots.queryOptions({ id: item?.id ?? 0 }),
    enabled: item !== null && !isCake,
  });
  const writeOff = useReportedMutation(
    trpc.waste.writeOff,
    { success: WASTE_SCREEN_TEXT.done, failure: WASTE_SCREEN_TEXT.failed },
    () => {
      void queryClient.invalidateQueries(trpc.waste.pathFilter());
      void queryClient.invalidateQueries(trpc.inventory.pathFilter());
      void queryClient.invalidateQueries(trpc.cakes.pathFilter());
      void queryClient.invalidateQueries(trpc.production.pathFilter());
      onClose();
    },
  );
  const lotOptions = (lots.data?.lots ?? [])
    .filter((l) => l.remaining > 0)
    .map((l) => ({
      value: String(l.lotId),
      label: `${l.lotCode} · ${formatQuantity(l.remaining)} left${l.expirationDate ? ` · ${l.expired ? 'expired' : 'expires'} ${formatCalendarDate(l.expirationDate)}` : ''}`,
    }));
  const submit = () => {
    const milli = toMilli(numberOf(quantity, 0));
    if (!item) return setError(WASTE_TEXT.itemRequired);
    if (milli === null || milli <= 0 || (isCake && milli % 1000 !== 0))
      return setError(isCake ? WASTE_SCREEN_TEXT.wholeCakes : WASTE_SCREEN_TEXT.quantity);
    if (!reason) return setError(WASTE_SCREEN_TEXT.reasonRequired);
    setError(null);
    const what = { quantity: milli, reason, note: note.trim() };
    writeOff.mutate(
      isCake ? { ...what, cakeId: item.id } : { ...what, itemId: item.id, lotId: lot ? Number(lot) : null },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={item ? WASTE_TEXT.writeOffTitle(item.name) : WASTE_TEXT.writeOff}
      centered
    >
      <Stack gap="sm">
        {fixed ? null : (
          <SegmentedControl
            aria-label={WASTE_TEXT.labels.kind}
            data={[
              { value: 'item', label: WASTE_TEXT.labels.item },
              { value: 'cake', label: WASTE_TEXT.labels.cake },
            ]}
            value={chosenKind}
            onChange={(value) => {
              setChosenKind(value as Kind);
              setPicked(null);
              setLot(null);
            }}
          />
        )}
        {fixed ? null : isCake ? (
          <CakeLookup
            label={WASTE_TEXT.labels.cake}
            placeholder={WASTE_SCREEN_TEXT.cakePlaceholder}
            detail={(cake) => `${cake.stock} on hand`}
            maxDropdownHeight={150}
            onPick={(found) => setPicked({ kind: 'cake', id: found.id, name: found.name })}
          />
        ) : (
          <ItemLookup
            chosen={picked ? [picked.id] : []}
            onPick={(found) => setPicked({ id: found.id, name: found.name })}
            label={WASTE_TEXT.labels.item}
            placeholder={WASTE_SCREEN_TEXT.itemPlaceholder}
          />
        )}
        {picked && !fixed ? <Text size="sm">{picked.name}</Text> : null}
        <NumberInput
          label={WASTE_TEXT.labels.quantity}
          decimalScale={isCake ? 0 : 3}
          min={0}
          value={quantity}
          onChange={setQuantity}
        />
        <Select
          label={WASTE_TEXT.labels.reason}
          placeholder={WASTE_SCREEN_TEXT.reasonPlaceholder}
          data={[...WASTE_REASONS]}
          value={reason}
          onChange={(value) => setReason(value as WasteReason | null)}
          allowDeselect={false}
        />
        {isCake ? (
          <Text size="xs" c="dimmed">
            {WASTE_SCREEN_TEXT.cakeLots}
          </Text>
        ) : (
          <Select
            label={WASTE_TEXT.labels.lot}
            placeholder={WASTE_TEXT.anyLot}
            data={lotOptions}
            value={lot}
            onChange={setLot}
            clearable
            disabled={item === null}
          />
        )}
        <Textarea
          label={WASTE_TEXT.labels.note}
          maxLength={WASTE_NOTE_MAX}
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={writeOff.isPending} onClick={submit}>
            {WASTE_TEXT.writeOff}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
