import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_ANSWERS_AT_ONCE, sendLarge } from '../../server/transport/largeAnswers';

// Large answers are made and written a couple at a time (server/transport/largeAnswers.ts):
// a client that does not read its answer holds its turn, so the next caller's answer is not
// made (and held in memory) until a turn is free. Real sockets: inject has no backpressure.

/** Far more than loopback's socket buffers take, so an unread answer stays unwritten. */
const SIZE = 48 * 1024 * 1024;

let app: FastifyInstance;
let url: string;
let made = 0;

beforeAll(async () => {
  app = Fastify();
  app.get('/large', (req, reply) =>
    sendLarge(req, reply, () => {
      made++;
      return 'x'.repeat(SIZE);
    }),
  );
  url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/large`;
});
afterAll(() => app.close());

const until = async (check: () => boolean) => {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 10_000) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};
const settle = () => new Promise((r) => setTimeout(r, 300));

/** A caller that asks and does not read until told to; each on a socket of its own. */
function caller() {
  const agent = new http.Agent({ keepAlive: false });
  let response: http.IncomingMessage | undefined;
  const request = http.get(url, { agent }, (res) => {
    response = res;
  });
  request.on('error', () => undefined);
  return {
    answered: () => response !== undefined,
    /** Reads the rest of the answer; resolves with its length. */
    read: () =>
      new Promise<number>((resolve, reject) => {
        const go = () => {
          let length = 0;
          response?.on('data', (chunk: Buffer) => {
            length += chunk.length;
          });
          response?.on('end', () => resolve(length));
          response?.on('error', reject);
        };
        if (response) go();
        else request.on('response', go);
      }),
    leave: () => request.destroy(),
  };
}

describe('large answers', () => {
  it('makes no more answers than its turns while their callers have not read them', async () => {
    made = 0;
    const callers = Array.from({ length: LARGE_ANSWERS_AT_ONCE + 1 }, caller);
    await until(() => made === LARGE_ANSWERS_AT_ONCE);
    await settle();
    expect(made).toBe(LARGE_ANSWERS_AT_ONCE);
    expect(callers.at(-1)?.answered()).toBe(false);

    // Reading the first answer frees its turn: the last caller's answer is made.
    expect(await callers[0]?.read()).toBe(SIZE);
    await until(() => made === LARGE_ANSWERS_AT_ONCE + 1);
    const lengths = await Promise.all(callers.slice(1).map((c) => c.read()));
    expect(lengths).toEqual(callers.slice(1).map(() => SIZE));
  });

  it('frees the turn of a caller that goes away without reading', async () => {
    made = 0;
    const callers = Array.from({ length: LARGE_ANSWERS_AT_ONCE + 1 }, caller);
    await until(() => made === LARGE_ANSWERS_AT_ONCE);
    await settle();
    expect(made).toBe(LARGE_ANSWERS_AT_ONCE);

    callers[0]?.leave();
    await until(() => made === LARGE_ANSWERS_AT_ONCE + 1);
    const lengths = await Promise.all(callers.slice(1).map((c) => c.read()));
    expect(lengths).toEqual(callers.slice(1).map(() => SIZE));
  });
});
