import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers shorter than this go as they are: one packet carries them either way. */
export const COMPRESS_FROM = 1400;

/** The last header read and its answer: a browser sends the same one with every request. */
let last = { header: '', gzip: false };

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  if (typeof header !== 'string') return readsGzip(header.join(','));
  if (header !== last.header) last = { header, gzip: readsGzip(header) };
  return last.gzip;
}

function readsGzip(header: string): boolean {
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

const isJson = (type: unknown) => typeof type === 'string' && /^application\/json\b/i.test(type);

/**
 * tRPC's adapter answers with a web Response: its status and headers go onto the reply
 * and its text becomes the payload, so the answer can be compressed like any other.
 */
async function textOf(reply: FastifyReply, answer: Response): Promise<string> {
  reply.code(answer.status);
  for (const [name, value] of answer.headers) if (name !== 'content-length') reply.header(name, value);
  return answer.text();
}

/**
 * JSON answers (REST and tRPC) go gzipped to a client that accepts it. The counter's
 * product list is about 450 kB of JSON and 43 kB gzipped: on the shop's tablet over
 * Wi-Fi or mobile data that is seconds. The built client's files are compressed at
 * build time (server/app.ts) and streams (spreadsheets) are left alone. zlib's async
 * gzip runs on libuv's thread pool, off the thread that answers the other counters.
 */
export function compressAnswers(app: FastifyInstance): void {
  // A hook with a callback, not async: most answers go on unchanged, and a promise per
  // answer was a measurable part of a short read (docs/decisions.md, Where a read's time goes).
  app.addHook('onSend', (req, reply, payload, done) => {
    const isResponse = payload instanceof Response;
    const type = isResponse ? payload.headers.get('content-type') : reply.getHeader('content-type');
    if (!isJson(type) || reply.hasHeader('content-encoding')) return done(null, payload);
    if (!isResponse && typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // The body depends on Accept-Encoding: a cache in between must keep the versions apart.
    const headers = isResponse ? payload.headers : null;
    const vary = String((headers ? headers.get('vary') : reply.getHeader('vary')) ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) {
      const value = vary ? `${vary}, accept-encoding` : 'accept-encoding';
      if (headers) headers.set('vary', value);
      else reply.header('vary', value);
    }
    const finish = (body: string | Buffer) => {
      if (!acceptsGzip(req.headers['accept-encoding']) || Buffer.byteLength(body) < COMPRESS_FROM)
        return done(null, body);
      reply.header('content-encoding', 'gzip');
      reply.removeHeader('content-length');
      gzip(body, done);
    };
    // tRPC's Response goes out as its text either way: Fastify would read its web stream
    // chunk by chunk, which cost more than the text itself.
    if (isResponse) textOf(reply, payload).then(finish, done);
    else finish(payload as string | Buffer);
  });
}
