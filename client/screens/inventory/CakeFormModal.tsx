import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { AVAILABILITY, AVAILABILITY_LABELS, CAKE_TEXT } from '../../../shared/schemas/cakes';
import { BUSINESS_ID_MAX, CATALOGUE_TEXT, NAME_MAX } from '../../../shared/schemas/catalogue';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { ModalActions } from '../../ui/ModalActions';
import {
  type Availability,
  BLANK_CAKE,
  baseCostOf,
  type CakeDraft,
  type CakeErrors,
  cakeDraftOf,
  cakeFieldsOf,
  checkCake,
} from './cakeDraft';
import { IngredientsEditor } from './IngredientsEditor';
import {
  type CakeRow,
  PESO_INPUT,
  STAFF_EDIT_NOTE,
  saveOutcome,
  useIsStaff,
  useRefreshStockroom,
} from './stockroom';
import { useCategoryOptions, useSizeOptions } from './useChoices';

/** `{}` adds a cake, `{ cake }` edits it; null is closed. */
export interface CakeTarget {
  cake?: CakeRow;
}

const SELECT = { searchable: true, comboboxProps: { withinPortal: true } } as const;
const AVAILABILITY_OPTIONS = AVAILABILITY.map((a) => ({ value: a, label: AVAILABILITY_LABELS[a] }));

/**
 * Add or edit a cake (SPEC.md §2, §5) with its ingredient table. Adding saves at once;
 * an edit asks 'Are you sure you want to save these changes?' first.
 */
export function CakeFormModal({
  target,
  onClose,
  onAdded,
}: {
  target: CakeTarget | null;
  onClose: () => void;
  onAdded?: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshStockroom();
  const isStaff = useIsStaff();
  const categories = useCategoryOptions('cake');
  const sizes = useSizeOptions();
  const [draft, setDraft] = useState<CakeDraft>(BLANK_CAKE);
  const [errors, setErrors] = useState<CakeErrors>({});
  const shown = useRef<CakeTarget>({});
  if (target) shown.current = target;
  const editing = shown.current.cake;

  useEffect(() => {
    if (!target) return;
    setDraft(target.cake ? cakeDraftOf(target.cake) : BLANK_CAKE);
    setErrors({});
  }, [target]);

  const add = useMutation(trpc.cakes.add.mutationOptions(saveOutcome(CAKE_TEXT.saved, refresh)));
  const update = useMutation(trpc.cakes.update.mutationOptions(saveOutcome(CAKE_TEXT.saved, refresh)));

  /** Sets a field and clears its message (`error` names it when it differs from the field). */
  const set = <K extends keyof CakeDraft>(key: K, value: CakeDraft[K], error?: keyof CakeErrors) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [error ?? key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCake(draft);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const cake = cakeFieldsOf(draft);
    if (!editing) {
      add.mutate(cake, {
        onSuccess: () => {
          onClose();
          onAdded?.();
        },
      });
      return;
    }
    confirmThen(CATALOGUE_TEXT.confirmSave, () =>
      update.mutate({ id: editing.id, cake }, { onSuccess: onClose }),
    );
  };

  const seasonal = draft.availability === 'Seasonal';
  const title = editing ? 'Edit Cake' : 'Add Cake';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered size="xl">
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              label="Cake ID"
              placeholder="Blank: CK-…, made for you"
              maxLength={BUSINESS_ID_MAX}
              value={draft.cakeId}
              onChange={(e) => set('cakeId', e.currentTarget.value)}
            />
            <TextInput
              label="Cake Name"
              withAsterisk
              data-autofocus
              maxLength={NAME_MAX}
              value={draft.name}
              error={errors.name}
              onChange={(e) => set('name', e.currentTarget.value)}
            />
            <Select
              label="Category"
              withAsterisk
              placeholder="Select a category"
              data={categories}
              value={draft.categoryId}
              error={errors.categoryId}
              onChange={(v) => set('categoryId', v)}
              {...SELECT}
            />
            <Select
              label="Size"
              withAsterisk
              placeholder="Select a cake size"
              data={sizes}
              value={draft.sizeId}
              error={errors.sizeId}
              onChange={(v) => set('sizeId', v)}
              {...SELECT}
            />
            <Select
              label="Availability"
              withAsterisk
              placeholder="Select availability"
              data={AVAILABILITY_OPTIONS}
              value={draft.availability}
              error={errors.availability}
              onChange={(v) => set('availability', v as Availability | null)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label="Price"
              withAsterisk
              {...PESO_INPUT}
              value={draft.price}
              error={errors.price}
              onChange={(v) => set('price', v)}
            />
            {seasonal ? (
              <>
                <TextInput
                  label="Season Start"
                  type="date"
                  withAsterisk
                  value={draft.seasonStart}
                  error={errors.season}
                  onChange={(e) => set('seasonStart', e.currentTarget.value, 'season')}
                />
                <TextInput
                  label="Season End"
                  type="date"
                  withAsterisk
                  value={draft.seasonEnd}
                  error={!!errors.season}
                  onChange={(e) => set('seasonEnd', e.currentTarget.value, 'season')}
                />
              </>
            ) : null}
            <NumberInput
              label="Stock"
              placeholder="0"
              allowDecimal={false}
              value={draft.stock}
              error={errors.stock}
              onChange={(v) => set('stock', v)}
            />
            <TextInput
              label="Expiration Date"
              type="date"
              value={draft.expirationDate}
              onChange={(e) => set('expirationDate', e.currentTarget.value)}
            />
          </SimpleGrid>
          <IngredientsEditor
            lines={draft.ingredients}
            onChange={(lines) => set('ingredients', lines)}
            error={errors.ingredients}
          />
          <TextInput
            label="Base Cost"
            description="Each ingredient's purchase price × quantity"
            readOnly
            variant="filled"
            value={formatPeso(baseCostOf(draft.ingredients))}
            w={{ base: '100%', xs: 260 }}
          />
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
