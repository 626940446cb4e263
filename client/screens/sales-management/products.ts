import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import { sellableStatus as isSellable } from '../../../shared/itemStatus';
import { isNetworkFailure } from '../../errors';
import { useServerReachable } from '../../offline/connection';
import { findOnShelf, useShelfPage } from '../../offline/shelf';
import { type RouterOutputs, useTRPC } from '../../trpc';

/** What the point of sale sells: an inventory item or a cake, side by side in one table (server/domains/sales/products.ts). */
export type Product = RouterOutputs['sales']['products'][number];

export const productKey = (kind: Product['kind'], id: number) => `${kind}:${id}`;

/** Whether a product's status lets it be sold at all (stock aside): shared/itemStatus.ts's rule. */
export const sellableStatus = (status: Product['status']) => isSellable(status);

/**
 * A page of products in product order (ten for the table, more for a picker), paged on the
 * server so the tablet never downloads the whole shelf; the previous page stays while the
 * next loads.
 */
export function useProductsPage(search: string, page: number, limit = PAGE_SIZE) {
  const trpc = useTRPC();
  const products = useQuery({
    ...trpc.sales.productsPage.queryOptions({ search, page, limit }),
    placeholderData: keepPreviousData,
  });
  // Without the server, the list kept on the device (client/offline/shelf.ts) stands in.
  const offline = !useServerReachable() || (products.isError && isNetworkFailure(products.error));
  const shelf = useShelfPage(offline, search, page, limit);
  if (shelf) return { data: shelf, loading: false };
  return { data: products.data, loading: products.isPending };
}

/**
 * The product whose business id (case-insensitive) or pack barcode is exactly `code`, asked of the server
 * at once: a barcode scanner's Enter comes before the search box's debounce ends.
 */
export function useFindByCode() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (code: string): Promise<Product | undefined> => {
    const search = code.trim();
    if (!search) return undefined;
    const products = await queryClient
      .fetchQuery(trpc.sales.products.queryOptions({ search }))
      .catch((error: unknown) => {
        if (isNetworkFailure(error)) return null;
        throw error;
      });
    if (!products) return findOnShelf(search);
    const wanted = search.toLowerCase();
    // The pack's barcode finds its item like the item id does.
    return products.find((p) => p.code.toLowerCase() === wanted || p.barcode === search);
  };
}

/** Refetches what the point of sale shows after its stock changed (a sale, a refund). */
export function useRefreshProducts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries(trpc.sales.products.pathFilter());
    void queryClient.invalidateQueries(trpc.sales.productsPage.pathFilter());
    void queryClient.invalidateQueries(trpc.inventory.pathFilter());
    void queryClient.invalidateQueries(trpc.cakes.pathFilter());
  };
}
