import { invoiceNumber } from '../../shared/texts/bir';
import type { TRPCClient } from '../trpc';
import { counterDb, type HeldNumbers } from './store';

// The invoice numbers this device set aside for its terminal (docs/decisions.md, Selling
// offline). The device numbers every sale of its terminal from them, online or not, so a
// block is always used up in order and the terminal's series has no gaps. Taking a number is
// one IndexedDB transaction, so two tabs never take the same one.

/** Fewer numbers than this left, and the device asks the server for another block. */
const LOW = 20;
const BLOCK = 50;

function leftIn(held: HeldNumbers | undefined): number {
  if (!held) return 0;
  return held.spare.length + held.ranges.reduce((sum, r) => sum + r.last - r.first + 1, 0);
}

/** The next number of the terminal's held blocks, taken; null when the device holds none. */
export async function takeNumber(terminalId: number): Promise<{ seq: number; number: string } | null> {
  const tx = (await counterDb()).transaction('numbers', 'readwrite');
  const held = await tx.store.get(terminalId);
  let seq: number | undefined;
  if (held && held.spare.length > 0) {
    held.spare.sort((a, b) => a - b);
    seq = held.spare.shift();
  } else if (held?.ranges[0]) {
    const range = held.ranges[0];
    seq = range.first;
    range.first += 1;
    if (range.first > range.last) held.ranges.shift();
  }
  if (held && seq !== undefined) await tx.store.put(held);
  await tx.done;
  return held && seq !== undefined ? { seq, number: invoiceNumber(held.prefix, seq) } : null;
}

/** A number whose sale the server refused goes back, to be the next sale's. */
export async function giveBack(terminalId: number, seq: number): Promise<void> {
  const tx = (await counterDb()).transaction('numbers', 'readwrite');
  const held = await tx.store.get(terminalId);
  if (held && !held.spare.includes(seq)) {
    held.spare.push(seq);
    await tx.store.put(held);
  }
  await tx.done;
}

/** How many numbers the device holds for the terminal. */
async function numbersLeft(terminalId: number): Promise<number> {
  return leftIn(await (await counterDb()).get('numbers', terminalId));
}

/**
 * While online: a new block when the device runs low. One tab at a time asks (a Web Lock),
 * so two tabs opening together do not set aside two blocks.
 */
export async function keepNumbersReady(client: TRPCClient, terminalId: number): Promise<void> {
  const ask = async () => {
    if ((await numbersLeft(terminalId)) >= LOW) return;
    const { block } = await client.terminals.reserveBlock.mutate({ terminalId, size: BLOCK });
    const tx = (await counterDb()).transaction('numbers', 'readwrite');
    const held = (await tx.store.get(terminalId)) ?? {
      terminalId,
      prefix: block.prefix,
      ranges: [],
      spare: [],
    };
    held.prefix = block.prefix;
    held.ranges.push({ first: block.first, last: block.last });
    await tx.store.put(held);
    await tx.done;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  await (locks ? locks.request(`bakeshop-numbers-${terminalId}`, ask) : ask());
}
