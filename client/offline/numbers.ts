import { invoiceNumber } from '../../shared/texts/bir';
import { OFFLINE_TEXT } from '../../shared/texts/offline';
import { isNetworkFailure, serverMessage } from '../errors';
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

/** The terminal's blocks are unknown to the server (a restored database): the device starts afresh. */
async function forgetNumbers(terminalId: number): Promise<void> {
  await (await counterDb()).delete('numbers', terminalId);
}

export type Taken = { seq: number; number: string };

/**
 * The device's next number, with a block asked for first when it holds none: a sale sent
 * without one would take the terminal's next, past the block the device is about to use.
 */
async function nextNumber(client: TRPCClient, terminalId: number): Promise<Taken | null> {
  const taken = await takeNumber(terminalId).catch(() => null);
  if (taken) return taken;
  await keepNumbersReady(client, terminalId).catch(() => undefined);
  return takeNumber(terminalId).catch(() => null);
}

/** Whether the server refused the number itself, not the sale: the device holds numbers it may not use. */
function refusedNumber(error: unknown, taken: Taken | null): boolean {
  if (!taken || isNetworkFailure(error)) return false;
  const said = serverMessage(error, '');
  return said === OFFLINE_TEXT.notReserved || said === OFFLINE_TEXT.numberUsed(taken.number);
}

/**
 * Sends a sale numbered from the device's block (`send` gets the number, or null when the
 * device holds none), and settles the number with the answer: a number the answer did not
 * use (a retry answered with the sale already made) goes back, and so does one whose sale
 * was refused; a number the server refused as a number is dropped (all of the terminal's,
 * when the server knows none of them), and the sale goes again with the next. With no
 * answer, `noAnswer` decides (the counter keeps the sale offline with it); else it goes back.
 */
export async function sendNumbered<Answer extends { sale: { invoiceNumber: string | null } }>(
  client: TRPCClient,
  terminalId: number | null,
  send: (invoiceSeq: number | null) => Promise<Answer>,
  noAnswer?: (taken: Taken | null) => Promise<void>,
): Promise<Answer> {
  const taken = terminalId === null ? null : await nextNumber(client, terminalId);
  try {
    const answer = await send(taken?.seq ?? null);
    if (taken && terminalId !== null && answer.sale.invoiceNumber !== taken.number)
      await giveBack(terminalId, taken.seq);
    return answer;
  } catch (error) {
    if (terminalId !== null && refusedNumber(error, taken)) {
      if (serverMessage(error, '') === OFFLINE_TEXT.notReserved) await forgetNumbers(terminalId);
      return sendNumbered(client, terminalId, send, noAnswer);
    }
    if (isNetworkFailure(error) && noAnswer) await noAnswer(taken);
    else if (taken && terminalId !== null) await giveBack(terminalId, taken.seq);
    throw error;
  }
}
