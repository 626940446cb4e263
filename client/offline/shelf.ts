import { useEffect, useState } from 'react';
import type { Page } from '../../shared/schemas/paging';
import type { RouterOutputs, TRPCClient } from '../trpc';
import { keep, kept } from './store';

// The counter's products kept on the device (docs/decisions.md, Selling offline): the whole
// sellable list, read every few minutes while online, searched and paged here when the
// server cannot be reached. A sale kept offline lowers the kept stock, so the table and the
// cart's limits follow what the shelf still holds as far as this device knows.

type Product = RouterOutputs['sales']['shelf'][number];
const KEY = 'products';
const changed = new Set<() => void>();
async function keepProducts(products: Product[]) {
  await keep(KEY, products);
  for (const listener of changed) listener();
}

/** Reads the whole list from the server and keeps it. */
export async function keepShelf(client: TRPCClient): Promise<void> {
  await keepProducts(await client.sales.shelf.query());
}

/** The kept stock, less what a sale made offline took. */
export async function lowerShelf(lines: readonly { kind: string; id: number; quantity: number }[]) {
  const products = await kept<Product[]>(KEY);
  if (!products) return;
  const sold = new Map(lines.map((l) => [`${l.kind}:${l.id}`, l.quantity]));
  await keepProducts(
    products.map((p) => {
      const quantity = sold.get(`${p.kind}:${p.id}`);
      return quantity ? { ...p, stock: Math.max(0, p.stock - quantity) } : p;
    }),
  );
}

const matches = (p: Product, search: string) => {
  const wanted = search.trim().toLowerCase();
  return (
    !wanted ||
    p.name.toLowerCase().includes(wanted) ||
    p.code.toLowerCase().includes(wanted) ||
    p.barcode === search.trim()
  );
};

/** The product with exactly this code or pack barcode, from the kept list. */
export async function findOnShelf(code: string): Promise<Product | undefined> {
  const wanted = code.trim().toLowerCase();
  return (await kept<Product[]>(KEY))?.find(
    (p) => p.code.toLowerCase() === wanted || p.barcode === code.trim(),
  );
}

/** A page of the kept list, as sales.productsPage answers; undefined until read (or when `on` is false). */
export function useShelfPage(
  on: boolean,
  search: string,
  page: number,
  limit: number,
): Page<Product> | undefined {
  const [products, setProducts] = useState<Product[] | undefined>();
  useEffect(() => {
    if (!on) return;
    let live = true;
    const read = () =>
      void kept<Product[]>(KEY).then((all) => {
        if (live) setProducts(all ?? []);
      });
    read();
    changed.add(read);
    return () => {
      live = false;
      changed.delete(read);
    };
  }, [on]);
  if (!on || !products) return undefined;
  const found = products.filter((p) => matches(p, search));
  const totalPages = Math.max(1, Math.ceil(found.length / limit));
  const shown = Math.min(page, totalPages);
  return {
    rows: found.slice((shown - 1) * limit, shown * limit),
    total: found.length,
    page: shown,
    limit,
    totalPages,
  };
}
