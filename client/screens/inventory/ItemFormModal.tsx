import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { BUSINESS_ID_MAX, CATALOGUE_TEXT, NAME_MAX } from '../../../shared/schemas/catalogue';
import { INVENTORY_TEXT } from '../../../shared/schemas/inventory';
import { manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { ModalActions } from '../../ui/ModalActions';
import {
  BLANK_ITEM,
  changesOf,
  checkItem,
  draftOf,
  fieldsOf,
  type ItemDraft,
  type ItemErrors,
} from './itemDraft';
import {
  type ItemRow,
  PESO_INPUT,
  STAFF_EDIT_NOTE,
  saveOutcome,
  useIsStaff,
  useRefreshStockroom,
} from './stockroom';
import { useCategoryOptions, useItemOptions } from './useChoices';

/** The form's target: `{}` adds an item, `{ item }` edits it; null is closed. */
export interface ItemTarget {
  item?: ItemRow;
}

const SELECT = { clearable: true, searchable: true, comboboxProps: { withinPortal: true } } as const;

/**
 * Add or edit an item (SPEC.md §2, §5): the checks run here first and show under their
 * fields; an edit asks 'Are you sure you want to save these changes?' before it is sent.
 */
export function ItemFormModal({
  target,
  onClose,
  onAdded,
}: {
  target: ItemTarget | null;
  onClose: () => void;
  onAdded?: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshStockroom();
  const isStaff = useIsStaff();
  const categories = useCategoryOptions('inventory');
  const { units, suppliers } = useItemOptions();
  const [draft, setDraft] = useState<ItemDraft>(BLANK_ITEM);
  const [errors, setErrors] = useState<ItemErrors>({});
  // Keeps the title while the modal fades out after `target` became null.
  const shown = useRef<ItemTarget>({});
  if (target) shown.current = target;
  const editing = shown.current.item;

  useEffect(() => {
    if (!target) return;
    setDraft(target.item ? draftOf(target.item) : BLANK_ITEM);
    setErrors({});
  }, [target]);

  const add = useMutation(trpc.inventory.add.mutationOptions(saveOutcome(INVENTORY_TEXT.added, refresh)));
  const update = useMutation(
    trpc.inventory.update.mutationOptions(saveOutcome(INVENTORY_TEXT.updated, refresh)),
  );

  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkItem(draft, manilaDate(), editing?.expirationDate ?? null);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const fields = fieldsOf(draft);
    if (!editing) {
      add.mutate(fields, {
        onSuccess: () => {
          onClose();
          onAdded?.();
        },
      });
      return;
    }
    confirmThen(CATALOGUE_TEXT.confirmSave, () =>
      update.mutate({ id: editing.id, changes: changesOf(fields, editing) }, { onSuccess: onClose }),
    );
  };

  const title = editing ? 'Edit Item' : 'Add Item';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered size="lg">
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              label="Item ID"
              placeholder="Blank: INV-…, made for you"
              maxLength={BUSINESS_ID_MAX}
              value={draft.itemId}
              onChange={(e) => set('itemId', e.currentTarget.value)}
            />
            <TextInput
              label="Item Name"
              withAsterisk
              data-autofocus
              maxLength={NAME_MAX}
              value={draft.name}
              error={errors.name}
              onChange={(e) => set('name', e.currentTarget.value)}
            />
            <NumberInput
              label="Stock"
              placeholder="0"
              allowDecimal={false}
              value={draft.stock}
              error={errors.stock}
              onChange={(v) => set('stock', v)}
            />
            <Select
              label="Category"
              placeholder="Select a category"
              data={categories}
              value={draft.categoryId}
              onChange={(v) => set('categoryId', v)}
              {...SELECT}
            />
            <NumberInput
              label="Purchase Price"
              {...PESO_INPUT}
              value={draft.purchasePrice}
              error={errors.purchasePrice}
              onChange={(v) => set('purchasePrice', v)}
            />
            <NumberInput
              label="Unit Price"
              {...PESO_INPUT}
              value={draft.unitPrice}
              error={errors.unitPrice}
              onChange={(v) => set('unitPrice', v)}
            />
            <NumberInput
              label="Amount"
              description="How much one piece holds"
              decimalScale={3}
              value={draft.amount}
              error={errors.amount}
              onChange={(v) => set('amount', v)}
            />
            <Select
              label="Unit"
              description="kg, g, pcs…"
              placeholder="Select a unit"
              data={units}
              value={draft.unitId}
              onChange={(v) => set('unitId', v)}
              {...SELECT}
            />
            <Select
              label="Supplier"
              placeholder="Select a supplier"
              data={suppliers}
              value={draft.supplierId}
              onChange={(v) => set('supplierId', v)}
              {...SELECT}
            />
            <NumberInput
              label="Restock Threshold"
              allowDecimal={false}
              value={draft.restockThreshold}
              error={errors.restockThreshold}
              onChange={(v) => set('restockThreshold', v)}
            />
            <TextInput
              label="Expiration Date"
              type="date"
              value={draft.expirationDate}
              error={errors.expirationDate}
              onChange={(e) => set('expirationDate', e.currentTarget.value)}
            />
          </SimpleGrid>
          {editing && isStaff ? (
            <Text size="sm" c="dimmed">
              {STAFF_EDIT_NOTE}
            </Text>
          ) : null}
          <ModalActions onCancel={onClose} submitLabel="Save" loading={add.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
