import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { RouterInputs, RouterOutputs } from '../trpc';

// What the counter keeps on the device (docs/decisions.md, Selling offline): the sales made
// while the server could not be reached, the invoice numbers set aside for this device, and
// the last copy of what the counter reads (products, customers, shift, shop, terminals).
// IndexedDB is one per origin, so every tab of the device shares it.

export type OfflineSaleInput = RouterInputs['sales']['offline'];
export type ReceiptContents = RouterOutputs['sales']['receipt'];

/** A sale made offline, waiting to be sent; `refused` holds the server's message if it said no. */
export interface WaitingSale {
  saleId: string;
  /** When it was kept: the queue is sent in this order. */
  keptAt: number;
  input: OfflineSaleInput;
  receipt: ReceiptContents;
  refused: string | null;
}

/** A terminal's numbers this device holds: ranges still unused, in order, and numbers handed back. */
export interface HeldNumbers {
  terminalId: number;
  prefix: string;
  ranges: { first: number; last: number }[];
  spare: number[];
}

interface CounterDb extends DBSchema {
  waiting: { key: string; value: WaitingSale; indexes: { keptAt: number } };
  numbers: { key: number; value: HeldNumbers };
  kept: { key: string; value: { key: string; value: unknown; keptAt: number } };
}

let opened: Promise<IDBPDatabase<CounterDb>> | null = null;

export function counterDb(): Promise<IDBPDatabase<CounterDb>> {
  opened ??= openDB<CounterDb>('bakeshop-counter', 1, {
    upgrade(db) {
      db.createObjectStore('waiting', { keyPath: 'saleId' }).createIndex('keptAt', 'keptAt');
      db.createObjectStore('numbers', { keyPath: 'terminalId' });
      db.createObjectStore('kept', { keyPath: 'key' });
    },
  });
  return opened;
}

/** Keeps the last answer of a read the counter needs offline. */
export async function keep(key: string, value: unknown): Promise<void> {
  await (await counterDb()).put('kept', { key, value, keptAt: Date.now() });
}

/** The last kept answer, or undefined. */
export async function kept<T>(key: string): Promise<T | undefined> {
  return (await (await counterDb()).get('kept', key))?.value as T | undefined;
}

/** The cashier's own shift is kept under their id: the next cashier on the device has another. */
export const shiftKey = (userId: number | undefined) => `shift:${userId ?? 0}`;

/**
 * On signing out the reads kept for the last cashier go (customers, costs a role may see);
 * the waiting sales and the invoice numbers stay: they are the device's, not the session's.
 */
export async function forgetKept(): Promise<void> {
  await (await counterDb()).clear('kept');
}
