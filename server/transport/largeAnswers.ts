import { finished } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FairGate } from '../lib/fairGate';

// A few REST answers run to megabytes (reorder suggestions over a large shop: 4 MB of
// JSON). Until a client has read one, Node holds its text; sixteen slow readers held
// sixteen of them and set the server's peak memory (docs/decisions.md, "Peak memory").
// So such an answer is made and written a couple at a time, in turns by client address.

/** Large answers made or being written at once. */
export const LARGE_ANSWERS_AT_ONCE = 2;
/** Past this many waiting, the server answers 503 busy. */
const LARGE_ANSWERS_QUEUED = 64;

const gate = new FairGate(LARGE_ANSWERS_AT_ONCE, LARGE_ANSWERS_QUEUED);

/**
 * Makes the answer with `make` when a turn is free, sends it, and holds the turn until it
 * is written out (or the client has gone). A route handler returns what this returns.
 */
export function sendLarge(
  req: FastifyRequest,
  reply: FastifyReply,
  make: () => unknown | Promise<unknown>,
): Promise<FastifyReply> {
  return gate.run(req.ip, async () => {
    const body = await make();
    const written = finished(reply.raw).catch(() => undefined);
    reply.send(body);
    await written;
    return reply;
  });
}
