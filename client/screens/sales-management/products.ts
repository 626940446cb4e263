import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { POS_FETCH_CAP } from '../../../shared/constants';
import type { CakeStatus } from '../../../shared/schemas/cakes';
import type { ItemStatus } from '../../../shared/schemas/inventory';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { amountText } from '../inventory/ItemView';

type ItemRow = RouterOutputs['inventory']['lookup'][number];
type CakeRow = RouterOutputs['cakes']['list']['rows'][number];

/** What the point of sale sells: an inventory item or a cake, side by side in one table. */
export interface Product {
  /** `item:12`, `cake:3`: one key per product, as the cart lines are keyed. */
  key: string;
  kind: 'item' | 'cake';
  id: number;
  /** The business id (INV-…, CK-…) a barcode scanner types. */
  code: string;
  name: string;
  category: string | null;
  purchasePrice: number;
  /** What one unit sells for. */
  price: number;
  amount: string;
  stock: number;
  status: ItemStatus | CakeStatus;
  /** Takes the SC/PWD discount (issue 11): cakes and food. */
  scPwdEligible: boolean;
}

export const productKey = (kind: Product['kind'], id: number) => `${kind}:${id}`;

const fromItem = (i: ItemRow): Product => ({
  key: productKey('item', i.id),
  kind: 'item',
  id: i.id,
  code: i.itemId,
  name: i.name,
  category: i.category,
  purchasePrice: i.purchasePrice,
  price: i.unitPrice,
  amount: amountText(i),
  stock: i.stock,
  status: i.status,
  scPwdEligible: i.scPwdEligible,
});

const fromCake = (c: CakeRow): Product => ({
  key: productKey('cake', c.id),
  kind: 'cake',
  id: c.id,
  code: c.cakeId,
  name: c.name,
  category: c.category,
  purchasePrice: c.baseCost,
  price: c.price,
  amount: c.size ?? (c.amount ? String(c.amount) : ''),
  stock: c.stock,
  status: c.status,
  scPwdEligible: c.scPwdEligible,
});

/** Whether a product's status lets it be sold at all (stock aside). */
export const sellableStatus = (status: Product['status']) =>
  status === 'Well-stocked' || status === 'Low stock' || status === 'Available';

/** Well-stocked and available first, then low stock, then what cannot be sold; each by name. */
const rank = (p: Product) =>
  p.status === 'Well-stocked' || p.status === 'Available' ? 0 : p.status === 'Low stock' ? 1 : 2;

const byShelfOrder = (a: Product, b: Product) =>
  rank(a) - rank(b) || a.name.localeCompare(b.name, 'en-PH', { sensitivity: 'base' }) || a.id - b.id;

function merged(items: ItemRow[] | undefined, cakes: CakeRow[] | undefined): Product[] {
  return [...(items ?? []).map(fromItem), ...(cakes ?? []).map(fromCake)].sort(byShelfOrder);
}

const cakeInput = (search: string) => ({ search, page: 1, limit: POS_FETCH_CAP });

/**
 * Items and cakes matching `search` (each up to the POS fetch cap), merged in shelf
 * order; the previous answer stays on screen while a new search loads.
 */
export function useProducts(search: string) {
  const trpc = useTRPC();
  const items = useQuery({
    ...trpc.inventory.lookup.queryOptions({ search }),
    placeholderData: keepPreviousData,
  });
  const cakes = useQuery({
    ...trpc.cakes.list.queryOptions(cakeInput(search)),
    placeholderData: keepPreviousData,
  });
  return {
    products: merged(items.data, cakes.data?.rows),
    loading: items.isPending || cakes.isPending,
    failed: items.isError || cakes.isError,
  };
}

/**
 * The product whose business id is exactly `code` (case-insensitive), asked of the server
 * at once: a barcode scanner's Enter comes before the search box's debounce ends.
 */
export function useFindByCode() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (code: string): Promise<Product | undefined> => {
    const search = code.trim();
    if (!search) return undefined;
    const [items, cakes] = await Promise.all([
      queryClient.fetchQuery(trpc.inventory.lookup.queryOptions({ search })),
      queryClient.fetchQuery(trpc.cakes.list.queryOptions(cakeInput(search))),
    ]);
    const wanted = search.toLowerCase();
    return merged(items, cakes.rows).find((p) => p.code.toLowerCase() === wanted);
  };
}

/** Refetches what the point of sale shows after its stock changed (a sale, a refund). */
export function useRefreshProducts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries(trpc.inventory.pathFilter());
    void queryClient.invalidateQueries(trpc.cakes.pathFilter());
  };
}
