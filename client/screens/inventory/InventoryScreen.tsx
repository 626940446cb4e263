// Popover's styles first: Combobox's dropdown padding overrides them.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { CakeSortField } from '../../../shared/schemas/cakes';
import type { ItemSortField, ItemStatus } from '../../../shared/schemas/inventory';
import { INVENTORY_TEXT, ITEM_STATUSES } from '../../../shared/texts/inventory';
import { lazyDialog } from '../../ui/lazyDialog';
import { PlainSegmentedControl } from '../../ui/PlainSegmentedControl';
import { useListState } from '../../ui/useListState';
import type { CakeTarget } from './CakeFormModal';
import { CakesTable } from './CakesTable';
import type { ItemTarget } from './ItemFormModal';
import { ItemsTable } from './ItemsTable';
import type { CakeRow, ItemRow } from './inventory';

// The forms and record views load when first opened (client/ui/lazyDialog.tsx).
const ItemFormModal = lazyDialog(
  () => import('./ItemFormModal').then((m) => m.ItemFormModal),
  (p) => p.target !== null,
);
const ItemView = lazyDialog(
  () => import('./ItemView').then((m) => m.ItemView),
  (p) => p.item !== null,
);
const CakeFormModal = lazyDialog(
  () => import('./CakeFormModal').then((m) => m.CakeFormModal),
  (p) => p.target !== null,
);
const CakeView = lazyDialog(
  () => import('./CakeView').then((m) => m.CakeView),
  (p) => p.cake !== null,
);

type InventoryTab = 'items' | 'cakes';
const SHELVES: { value: InventoryTab; label: string }[] = [
  { value: 'items', label: 'Inventory' },
  { value: 'cakes', label: 'Cake Inventory' },
];

/**
 * Inventory (all roles): the items or the cakes, one search box for whichever
 * is shown, add buttons for both, and the view and form dialogs. A staff user's edit or
 * delete comes back as a request for approval (docs/rules.md, Held changes) and shows as info.
 */
export function InventoryScreen() {
  const [tab, setTab] = useState<InventoryTab>('items');
  const items = useListState<ItemSortField>();
  const cakes = useListState<CakeSortField>();
  const [itemForm, setItemForm] = useState<ItemTarget | null>(null);
  const [itemView, setItemView] = useState<ItemRow | null>(null);
  const [cakeForm, setCakeForm] = useState<CakeTarget | null>(null);
  const [cakeView, setCakeView] = useState<CakeRow | null>(null);
  const [status, setStatus] = useState<ItemStatus | null>(null);

  const search = (value: string) => {
    items.setSearch(value);
    cakes.setSearch(value);
  };

  return (
    <Stack gap="md">
      <Title order={1}>Inventory</Title>
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="wrap">
          <PlainSegmentedControl aria-label="Show" value={tab} onChange={setTab} data={SHELVES} />
          <TextInput
            aria-label="Search"
            type="search"
            placeholder={INVENTORY_TEXT.searchPlaceholder}
            value={items.search}
            onChange={(e) => search(e.currentTarget.value)}
            w={{ base: 220, md: 260 }}
          />
          {tab === 'items' ? (
            <Select
              aria-label="Status"
              placeholder="All statuses"
              data={[...ITEM_STATUSES]}
              value={status}
              onChange={(value) => {
                setStatus(value as ItemStatus | null);
                items.setPage(1);
              }}
              clearable
              w={170}
            />
          ) : null}
        </Group>
        <Group gap="sm">
          <Button onClick={() => setItemForm({})}>+ Add Item</Button>
          <Button onClick={() => setCakeForm({})}>+ Add Cake</Button>
        </Group>
      </Group>
      {tab === 'items' ? (
        <ItemsTable
          list={items}
          status={status}
          onEdit={(item) => setItemForm({ item })}
          onView={setItemView}
        />
      ) : (
        <CakesTable list={cakes} onView={setCakeView} />
      )}
      <ItemFormModal target={itemForm} onClose={() => setItemForm(null)} onAdded={() => setTab('items')} />
      <ItemView item={itemView} onClose={() => setItemView(null)} onEdit={(item) => setItemForm({ item })} />
      <CakeFormModal target={cakeForm} onClose={() => setCakeForm(null)} onAdded={() => setTab('cakes')} />
      <CakeView cake={cakeView} onClose={() => setCakeView(null)} onEdit={(cake) => setCakeForm({ cake })} />
    </Stack>
  );
}
