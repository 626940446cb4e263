import { Stack, TextInput } from '@mantine/core';
import { type KeyboardEvent, memo, type RefObject, useEffect, useRef, useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { TIGHT_TABLE } from '../../ui/inputs';
import { type PagedColumn, PagedTable } from '../../ui/PagedTable';
import { PlainText } from '../../ui/plain';
import { useListState } from '../../ui/useListState';
import { StatusBadge } from '../inventory/StatusBadge';
import { counterToast } from './counterToast';
import { type Product, sellableStatus, useFindByCode, useProductsPage } from './products';
import type { Cart } from './useCart';
import './counter.css';

const dash = (text: string | null) => text || '—';
/** A long name wraps anywhere rather than widen the table, but never below 90 px. */
const NAME = { minWidth: 90, overflowWrap: 'anywhere' } as const;
/** A scan's red notice stays at least this long: the next scans come faster than a glance. */
const NOTICE_MS = 5000;

/** `3*SUG-001`: a quantity (1 to 9999) before a star, then the code; otherwise one of the code. */
function parseScan(typed: string): { quantity: number; code: string } {
  const many = /^([1-9]\d{0,3})\s*\*\s*(\S.*)$/.exec(typed.trim());
  return many ? { quantity: Number(many[1]), code: many[2]!.trim() } : { quantity: 1, code: typed.trim() };
}

/**
 * The product search and table: items and cakes together, well-stocked first, ten
 * a page. Stock shows what is left after the cart; what cannot be sold is dimmed and
 * ignores clicks; a click adds one unit. A barcode scanner types an id (or an item's pack
 * barcode) and Enter into the search box: the product with exactly that id goes into the
 * cart and the box clears; `3*` before the code adds three.
 */
export const ProductTable = memo(function ProductTable({
  cart,
  searchRef,
  onCheckout,
}: {
  cart: Cart;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Enter in the empty box, once the cart has lines: the scanner's user checks out from the keyboard. */
  onCheckout: () => void;
}) {
  const list = useListState<never>();
  const { data, loading } = useProductsPage(list.input.search, list.page);
  const findByCode = useFindByCode();
  const left = (p: Product) => Math.max(0, p.stock - cart.quantityOf(p.key));
  // Ready for the scanner as soon as the screen shows: focused just after its first frame,
  // since focusing lays the whole page out at once, which inside the task that draws the
  // screen made that task longer by the layout (about 150 ms on the tablet).
  useEffect(() => {
    let later: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      later = setTimeout(() => searchRef.current?.focus());
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(later);
    };
  }, [searchRef]);

  // What the last scan could not do (an unknown code, no stock), in red under the box; a
  // later successful scan clears it once it has been up NOTICE_MS.
  const [notice, setNotice] = useState<string | null>(null);
  const noticeAt = useRef(0);

  const add = (product: Product) => {
    const why = cart.add(product);
    if (why) counterToast(why, 'error');
    return !why;
  };

  /**
   * A scanner types a code and Enter, and the next code right after. The box's text is
   * selected at once, so the next scan replaces it instead of being appended to it
   * ("ZZZ-999SUG-001"); once the product is in the cart the box is cleared, unless the
   * next scan has already begun.
   */
  const scan = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const box = event.currentTarget;
    const typed = box.value.trim();
    if (!typed) {
      if (cart.lines.length > 0) onCheckout();
      return;
    }
    box.select();
    const { quantity, code } = parseScan(typed);
    const product = await findByCode(code).catch(() => undefined);
    const untouched = box.value.trim() === typed;
    // A scanner's user is not looking at the table: an unknown code must say so, naming it.
    const why = product ? cart.add(product, quantity) : SALES_TEXT.unknownCode(code);
    if (why) {
      setNotice(why);
      noticeAt.current = Date.now();
    } else if (Date.now() - noticeAt.current >= NOTICE_MS) setNotice(null);
    if (!why && untouched) list.setSearch('');
    else if (untouched && document.activeElement === box) box.select();
  };

  const columns: PagedColumn<Product, never>[] = [
    { header: 'Item ID', cell: (p) => p.code, nowrap: true },
    {
      header: 'Name',
      cell: (p) => <PlainText style={NAME}>{p.name}</PlainText>,
    },
    { header: 'Category', cell: (p) => dash(p.category) },
    { header: 'Purchase Price', cell: (p) => formatPeso(p.purchasePrice), nowrap: true },
    { header: 'Unit Price', cell: (p) => formatPeso(p.price), nowrap: true },
    { header: 'Amount', cell: (p) => dash(p.amount) },
    { header: 'Stock', cell: left, nowrap: true },
    { header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
  ];

  return (
    <Stack gap="sm" style={TIGHT_TABLE} className="counter-products">
      <TextInput
        aria-label="Search products"
        type="search"
        placeholder={SALES_TEXT.searchPlaceholder}
        value={list.search}
        onChange={(e) => {
          list.setSearch(e.currentTarget.value);
          if (!e.currentTarget.value) setNotice(null);
        }}
        onKeyDown={scan}
        autoComplete="off"
        ref={searchRef}
        error={notice}
        styles={{ error: { fontWeight: 600 } }}
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
});
