import { Stack, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, type RefObject, useEffect } from 'react';
import { formatPeso } from '../../../shared/money';
import { SALES_TEXT } from '../../../shared/schemas/sales';
import { toast } from '../../ui/outcome';
import { type PagedColumn, PagedTable } from '../../ui/PagedTable';
import { useListState } from '../../ui/useListState';
import { StatusBadge } from '../inventory/StatusBadge';
import { TIGHT_TABLE } from '../inventory/stockroom';
import { type Product, sellableStatus, useFindByCode, useProductsPage } from './products';
import type { Cart } from './useCart';

const dash = (text: string | null) => text || '—';

/**
 * SPEC.md §2's product search and table: items and cakes together, well-stocked first, ten
 * a page. Stock shows what is left after the cart; what cannot be sold is dimmed and
 * ignores clicks; a click adds one unit. A barcode scanner types an id and Enter into the
 * search box: the product with exactly that id goes into the cart and the box clears.
 */
export function ProductTable({
  cart,
  searchRef,
}: {
  cart: Cart;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const list = useListState<never>();
  const { data, loading } = useProductsPage(list.input.search, list.page);
  const findByCode = useFindByCode();
  const left = (p: Product) => Math.max(0, p.stock - cart.quantityOf(p.key));
  // Ready for the scanner as soon as the screen opens.
  useEffect(() => searchRef.current?.focus(), [searchRef]);

  const add = (product: Product) => {
    const why = cart.add(product);
    if (why) toast(why, 'error');
    return !why;
  };

  const scan = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = list.search.trim();
    if (!code) return;
    const product = await findByCode(code).catch(() => undefined);
    // A scanner's user is not looking at the table: an unknown code must say so.
    if (!product) toast(SALES_TEXT.unknownCode(code), 'error');
    else if (add(product)) list.setSearch('');
  };

  const columns: PagedColumn<Product, never>[] = [
    { header: 'Item ID', cell: (p) => p.code, nowrap: true },
    {
      header: 'Name',
      cell: (p) => (
        <Text size="sm" miw={90} style={{ overflowWrap: 'anywhere' }}>
          {p.name}
        </Text>
      ),
    },
    { header: 'Category', cell: (p) => dash(p.category) },
    { header: 'Purchase Price', cell: (p) => formatPeso(p.purchasePrice), nowrap: true },
    { header: 'Unit Price', cell: (p) => formatPeso(p.price), nowrap: true },
    { header: 'Amount', cell: (p) => dash(p.amount) },
    { header: 'Stock', cell: left, nowrap: true },
    { header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
  ];

  return (
    <Stack gap="sm" style={TIGHT_TABLE}>
      <TextInput
        aria-label="Search products"
        type="search"
        placeholder={SALES_TEXT.searchPlaceholder}
        value={list.search}
        onChange={(e) => list.setSearch(e.currentTarget.value)}
        onKeyDown={scan}
        autoComplete="off"
        ref={searchRef}
      />
      <PagedTable<Product, never>
        caption="Products"
        noun="products"
        columns={columns}
        data={data}
        list={{ ...list, page: data?.page ?? list.page }}
        rowKey={(p) => p.key}
        emptyText={SALES_TEXT.noProducts}
        loading={loading}
        rowDisabled={(p) => !sellableStatus(p.status) || left(p) <= 0}
        onRowClick={add}
      />
    </Stack>
  );
}
