import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Checkbox, NumberInput, Select, TextInput } from '@mantine/core';
import { BUSINESS_ID_MAX, NAME_MAX } from '../../../shared/texts/fields';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { PESO_INPUT } from '../../ui/inputs';
import { BASIC_NECESSITY_CHECKBOX, type ItemRow, SC_PWD_CHECKBOX } from './inventory';
import { BLANK_ITEM, changesOf, checkItem, draftOf, fieldsOf } from './itemDraft';
import { StockFormModal } from './StockFormModal';
import { useCategoryOptions, useItemOptions } from './useChoices';
import { useStockForm } from './useStockForm';

/** The form's target: `{}` adds an item, `{ item }` edits it; null is closed. */
export interface ItemTarget {
  item?: ItemRow;
}

const SELECT = { clearable: true, searchable: true, comboboxProps: { withinPortal: true } } as const;

/**
 * Add or edit an item: the checks run here first and show under their
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
  const categories = useCategoryOptions('inventory');
  const { units, suppliers } = useItemOptions();
  const form = useStockForm({
    target,
    editingOf: (t) => t.item,
    blank: BLANK_ITEM,
    draftOf,
    check: (draft, editing) => checkItem(draft, manilaDate(), editing?.expirationDate ?? null),
    fieldsOf,
    add: trpc.inventory.add,
    update: trpc.inventory.update,
    updateOf: (fields, item) => ({ id: item.id, changes: changesOf(fields, item) }),
    texts: { added: INVENTORY_TEXT.added, updated: INVENTORY_TEXT.updated },
    onClose,
    onAdded,
  });

  return (
    <StockFormModal
      title={form.editing ? 'Edit Item' : 'Add Item'}
      size="lg"
      opened={target !== null}
      onClose={onClose}
      form={form}
      fields={
        <>
          <TextInput
            label="Item ID"
            placeholder="Blank: INV-…, made for you"
            maxLength={BUSINESS_ID_MAX}
            {...form.typed('itemId')}
          />
          <TextInput
            label="Item Name"
            withAsterisk
            data-autofocus
            maxLength={NAME_MAX}
            {...form.typed('name')}
          />
          <NumberInput label="Stock" placeholder="0" decimalScale={3} {...form.picked('stock')} />
          <Select
            label="Category"
            placeholder="Select a category"
            data={categories}
            {...form.picked('categoryId')}
            {...SELECT}
          />
          <NumberInput label="Purchase Price" {...PESO_INPUT} {...form.picked('purchasePrice')} />
          <NumberInput label="Unit Price" {...PESO_INPUT} {...form.picked('unitPrice')} />
          <NumberInput
            label="Amount"
            description="How much one piece holds"
            decimalScale={3}
            {...form.picked('amount')}
          />
          <Select
            label="Unit"
            description="kg, g, pcs…"
            placeholder="Select a unit"
            data={units}
            {...form.picked('unitId')}
            {...SELECT}
          />
          <Select
            label="Supplier"
            placeholder="Select a supplier"
            data={suppliers}
            {...form.picked('supplierId')}
            {...SELECT}
          />
          <NumberInput label="Restock Threshold" decimalScale={3} {...form.picked('restockThreshold')} />
          <TextInput label="Expiration Date" type="date" {...form.typed('expirationDate')} />
          <TextInput
            label="Barcode"
            description="EAN/UPC on the pack: 8, 12 or 13 digits"
            inputMode="numeric"
            autoComplete="off"
            maxLength={13}
            {...form.typed('barcode')}
          />
          <Checkbox {...SC_PWD_CHECKBOX} {...form.ticked('scPwdEligible')} />
          <Checkbox {...BASIC_NECESSITY_CHECKBOX} {...form.ticked('basicNecessity')} />
        </>
      }
    />
  );
}
