import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Button, Group, NumberInput, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type KeyboardEvent, useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { type Product, useProductsPage } from './products';

const labelOf = (p: Product) => `${p.name} (${p.code})`;
/** The first matches in product order; typing narrows them (every product can be found). */
const PICKER_OPTIONS = 50;

/**
 * A product and a quantity for the inline sale form, with Add Item. The select asks the
 * server as the user types (every item and cake can be found, not only the first
 * thousand); what it refuses is said under the field that caused it.
 */
export function ProductPicker({
  errors,
  onAdd,
  onChange,
}: {
  errors: { item?: string; quantity?: string };
  /** Answers whether the line was added; the picker then starts again. */
  onAdd: (product: Product | null, quantity: number | string) => boolean;
  onChange: () => void;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Product | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  // Once a product is picked the box shows its label: list everything again, not that label's matches.
  const [query] = useDebouncedValue(picked && search === labelOf(picked) ? '' : search.trim(), 250);
  const products = useProductsPage(query, 1, PICKER_OPTIONS).data?.rows ?? [];
  const options = picked && !products.some((p) => p.key === picked.key) ? [picked, ...products] : products;

  const add = () => {
    if (!onAdd(picked, quantity)) return;
    setPicked(null);
    setSearch('');
    setQuantity(1);
  };
  const addOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <Select
        label="Item"
        withAsterisk
        placeholder="Search items and cakes"
        style={{ flex: 1, minWidth: 0 }}
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        value={picked?.key ?? null}
        onChange={(key) => {
          setPicked(options.find((p) => p.key === key) ?? null);
          onChange();
        }}
        data={options.map((p) => ({
          value: p.key,
          label: labelOf(p),
        }))}
        renderOption={({ option }) => {
          const p = options.find((o) => o.key === option.value);
          return p ? `${labelOf(p)} · ${formatPeso(p.price)} · ${p.stock} in stock` : option.label;
        }}
        limit={PICKER_OPTIONS}
        nothingFoundMessage={SALES_TEXT.noProducts}
        error={errors.item ?? errors.quantity}
        comboboxProps={{ withinPortal: true }}
      />
      <NumberInput
        label="Quantity"
        withAsterisk
        w={110}
        min={1}
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        value={quantity}
        onChange={(value) => {
          setQuantity(value);
          onChange();
        }}
        onKeyDown={addOnEnter}
        error={Boolean(errors.quantity)}
        aria-invalid={Boolean(errors.quantity)}
      />
      <Button variant="light" mt={25} onClick={add} style={{ flexShrink: 0 }}>
        Add Item
      </Button>
    </Group>
  );
}
