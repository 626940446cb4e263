import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Checkbox, NumberInput, Select, TextInput } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import {
  AVAILABILITY,
  AVAILABILITY_LABELS,
  CAKE_TEXT,
  SHELF_LIFE_MAX,
  SHELF_TARGET_MAX,
} from '../../../shared/texts/cakes';
import { BUSINESS_ID_MAX, NAME_MAX } from '../../../shared/texts/fields';
import { useTRPC } from '../../trpc';
import { PESO_INPUT } from '../../ui/inputs';
import { type Availability, BLANK_CAKE, baseCostOf, cakeDraftOf, cakeFieldsOf, checkCake } from './cakeDraft';
import { IngredientsEditor } from './IngredientsEditor';
import { type CakeRow, SC_PWD_CHECKBOX } from './inventory';
import { StockFormModal } from './StockFormModal';
import { useCategoryOptions, useSizeOptions } from './useChoices';
import { useStockForm } from './useStockForm';

/** `{}` adds a cake, `{ cake }` edits it; null is closed. */
export interface CakeTarget {
  cake?: CakeRow;
}

const SELECT = { searchable: true, comboboxProps: { withinPortal: true } } as const;
const AVAILABILITY_OPTIONS = AVAILABILITY.map((a) => ({ value: a, label: AVAILABILITY_LABELS[a] }));

/**
 * Add or edit a cake with its ingredient table. Adding saves at once;
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
  const categories = useCategoryOptions('cake');
  const sizes = useSizeOptions();
  const form = useStockForm({
    target,
    editingOf: (t) => t.cake,
    blank: BLANK_CAKE,
    draftOf: cakeDraftOf,
    check: checkCake,
    fieldsOf: cakeFieldsOf,
    add: trpc.cakes.add,
    update: trpc.cakes.update,
    updateOf: (cake, editing) => ({ id: editing.id, cake }),
    texts: { added: CAKE_TEXT.saved, updated: CAKE_TEXT.saved },
    onClose,
    onAdded,
  });
  const { draft, errors } = form;

  return (
    <StockFormModal
      title={form.editing ? 'Edit Cake' : 'Add Cake'}
      size="xl"
      opened={target !== null}
      onClose={onClose}
      form={form}
      fields={
        <>
          <TextInput
            label="Cake ID"
            placeholder="Blank: CK-…, made for you"
            maxLength={BUSINESS_ID_MAX}
            {...form.typed('cakeId')}
          />
          <TextInput
            label="Cake Name"
            withAsterisk
            data-autofocus
            maxLength={NAME_MAX}
            {...form.typed('name')}
          />
          <Select
            label="Category"
            withAsterisk
            placeholder="Select a category"
            data={categories}
            {...form.picked('categoryId')}
            {...SELECT}
          />
          <Select
            label="Size"
            withAsterisk
            placeholder="Select a cake size"
            data={sizes}
            {...form.picked('sizeId')}
            {...SELECT}
          />
          <Select
            label="Availability"
            withAsterisk
            placeholder="Select availability"
            data={AVAILABILITY_OPTIONS}
            {...form.picked('availability')}
            onChange={(v) => form.set('availability', v as Availability | null)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput label="Price" withAsterisk {...PESO_INPUT} {...form.picked('price')} />
          {draft.availability === 'Seasonal' ? (
            <>
              <TextInput
                label="Season Start"
                type="date"
                withAsterisk
                {...form.typed('seasonStart', 'season')}
              />
              {/* One message under Start; End only turns red. */}
              <TextInput
                label="Season End"
                type="date"
                withAsterisk
                {...form.typed('seasonEnd', 'season')}
                error={!!errors.season}
              />
            </>
          ) : null}
          <NumberInput label="Stock" placeholder="0" allowDecimal={false} {...form.picked('stock')} />
          <TextInput label="Expiration Date" type="date" {...form.typed('expirationDate')} />
          <NumberInput
            label="Shelf Life (days)"
            description="How many days a baked cake keeps"
            min={1}
            max={SHELF_LIFE_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...form.picked('shelfLifeDays')}
          />
          <NumberInput
            label="Shelf Target"
            description="How many should be ready each morning"
            min={0}
            max={SHELF_TARGET_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...form.picked('shelfTarget')}
          />
          <Checkbox {...SC_PWD_CHECKBOX} {...form.ticked('scPwdEligible')} />
        </>
      }
    >
      <IngredientsEditor
        lines={draft.ingredients}
        onChange={(lines) => form.set('ingredients', lines)}
        error={errors.ingredients}
      />
      <TextInput
        label="Base Cost"
        description="Each ingredient's purchase price × quantity for one cake"
        readOnly
        variant="filled"
        value={formatPeso(baseCostOf(draft.ingredients))}
        w={{ base: '100%', xs: 260 }}
      />
    </StockFormModal>
  );
}
